// Benchmark: reading people from a real slapd on loopback ([directory] format = ldap).
//
// Starts slapd with N inetOrgPerson entries (default 10,000) and a size limit of 1,000 (what
// Active Directory does to an unpaged search), then measures, by wait4:
//   1. `ldapsearch -E pr=PAGE` reading every entry: what the server and the wire cost;
//   2. `membersync validate` reading the same entries (paged, PAGE a page), mapping and checking
//      every one, with one template: entries per second, CPU and peak RSS of membersync.
// It asserts nothing: the figures are for people to read.
//
//   build/tests/bench/ldap_bench [--entries 10000] [--page-size 500]

#include <cstdio>
#include <cstdlib>
#include <string>

#include "tests/bench/bench_support.h"
#include "tests/support/emulator_process.h"
#include "tests/support/slapd_process.h"
#include "tests/support/temp_dir.h"

namespace {

using namespace membersync;
using testing::SlapdProcess;

struct Args {
  int entries = 10000;
  int pageSize = 500;
};

Args parseArgs(int argc, char** argv) {
  Args a;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string flag = argv[i];
    const int value = std::atoi(argv[i + 1]);
    if (flag == "--entries") {
      a.entries = value;
    } else if (flag == "--page-size") {
      a.pageSize = value;
    } else {
      std::fprintf(stderr, "usage: ldap_bench [--entries N] [--page-size N]\n");
      std::exit(2);
    }
  }
  return a;
}

std::string writeConfig(const testing::TempDir& dir, const SlapdProcess& slapd, int pageSize) {
  dir.write("secrets/client", "demo-client-secret\n");
  dir.write("secrets/admin", "demo-admin-pass1\n");
  dir.write("secrets/bind", SlapdProcess::bindPassword() + "\n");
  return dir
      .write("membersync.ini",
             "[center]\nbase_url = http://127.0.0.1:9\ntoken_url = http://127.0.0.1:9/t\n"
             "enterprise_global_id = ENT-ACME-0001\nenterprise_code = acme\n"
             "client_id = membersync-demo\nclient_secret_file = secrets/client\n"
             "admin_user = admin@acme\nadmin_password_file = secrets/admin\n"
             "[directory]\nformat = ldap\nurl = " + slapd.ldapUrl() + "\n"
             "bind_dn = " + SlapdProcess::bindDn() + "\nbind_password_file = secrets/bind\n"
             "base_dn = ou=people," + SlapdProcess::baseDn() + "\n"
             "filter = (objectClass=inetOrgPerson)\npage_size = " + std::to_string(pageSize) + "\n"
             "column.employee_id = employeeNumber\ncolumn.account = {uid|alnum|lower}\n"
             "column.name = cn\ncolumn.department = departmentNumber\n")
      .string();
}

void print(const char* what, const bench::MeasuredRun& run, int entries) {
  std::printf("  %-34s exit %d, %6.2f s wall, %6.2f s CPU, %7.0f entries/s, peak RSS %6.1f MiB\n",
              what, run.exitCode, run.seconds, run.cpuSeconds, entries / run.seconds,
              static_cast<double>(run.peakRssKb) / 1024.0);
}

}  // namespace

int main(int argc, char** argv) {
  const Args args = parseArgs(argc, argv);
  bench::printMachine();
  std::printf("ldap_bench: %d entries in slapd on loopback (size limit 1000), pages of %d\n",
              args.entries, args.pageSize);
  SlapdProcess slapd({SlapdProcess::peopleLdif(args.entries), 1000, false});
  testing::TempDir dir;
  const std::string config = writeConfig(dir, slapd, args.pageSize);

  const auto search = bench::runMeasured(
      testing::ldapsearchExecutable(),
      {"-x", "-LLL", "-H", slapd.ldapUrl(), "-D", SlapdProcess::bindDn(), "-w",
       SlapdProcess::bindPassword(), "-b", "ou=people," + SlapdProcess::baseDn(), "-E",
       "pr=" + std::to_string(args.pageSize) + "/noprompt", "(objectClass=inetOrgPerson)"},
      dir);
  print("ldapsearch (the server and wire)", search, args.entries);

  const auto validate =
      bench::runMeasured(testing::membersyncExecutable(), {"--config", config, "validate"}, dir);
  print("membersync validate", validate, args.entries);
  const std::string expect = std::to_string(args.entries) + " rows, " +
                             std::to_string(args.entries) + " valid";
  if (validate.out.find(expect) == std::string::npos) {
    std::printf("  membersync did not read every entry:\n%s%s", validate.out.c_str(),
                validate.err.c_str());
    return 1;
  }
  std::printf("  membersync read all %d entries (%s)\n", args.entries, expect.c_str());
  return 0;
}
