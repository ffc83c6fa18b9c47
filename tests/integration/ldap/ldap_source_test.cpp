// The real membersync binary reading a real OpenLDAP slapd on loopback ([directory] format =
// ldap): paging past a size limit, TLS and its refusals, bind errors, a server that goes away,
// multi-valued attributes, templates over LDAP attributes, and a sync against the emulator.

#include <catch2/catch.hpp>
#include <map>
#include <string>

#include "tests/support/command.h"
#include "tests/support/emulator_process.h"
#include "tests/support/slapd_process.h"
#include "tests/support/temp_dir.h"

namespace {

using membersync::testing::CommandResult;
using membersync::testing::EmulatorProcess;
using membersync::testing::membersyncExecutable;
using membersync::testing::runCommand;
using membersync::testing::SlapdProcess;
using membersync::testing::TempDir;

std::string peopleDn() { return "ou=people," + SlapdProcess::baseDn(); }

// [directory] for `slapd`'s people, mapped the way an inetOrgPerson directory is.
std::string directorySection(const std::string& url, const std::string& extra = "") {
  return "[directory]\n"
         "format = ldap\n"
         "url = " + url + "\n"
         "bind_dn = " + SlapdProcess::bindDn() + "\n"
         "bind_password_file = secrets/bind\n"
         "base_dn = " + peopleDn() + "\n"
         "filter = (objectClass=inetOrgPerson)\n"
         "column.employee_id = employeeNumber\n"
         "column.account = uid\n"
         "column.name = cn\n"
         "column.department = departmentNumber\n" + extra;
}

// A configuration in `dir` whose center is `centerUrl` (validate never calls it).
std::string writeConfig(const TempDir& dir, const std::string& directory,
                        const std::string& bindPassword = SlapdProcess::bindPassword(),
                        const std::string& centerUrl = "http://127.0.0.1:9",
                        const std::string& tail = "") {
  dir.write("secrets/client", "demo-client-secret\n");
  dir.write("secrets/admin", "demo-admin-pass1\n");
  dir.write("secrets/bind", bindPassword + "\n");
  return dir
      .write("membersync.ini",
             "[center]\n"
             "base_url = " + centerUrl + "\n"
             "token_url = " + centerUrl + "/uc/oauth/token\n"
             "enterprise_global_id = ENT-ACME-0001\n"
             "enterprise_code = acme\n"
             "client_id = membersync-demo\n"
             "client_secret_file = secrets/client\n"
             "admin_user = admin@acme\n"
             "admin_password_file = secrets/admin\n" +
                 directory + tail)
      .string();
}

CommandResult runMembersync(const std::string& config, const std::string& verb,
                         const std::map<std::string, std::string>& env = {}) {
  return runCommand(membersyncExecutable(), {"--config", config, verb}, env);
}

}  // namespace

TEST_CASE("ldap: a paged search reads every entry past the server's size limit",
          "[ldap]") {
  SlapdProcess slapd({SlapdProcess::peopleLdif(1200), 500, false});
  TempDir dir;
  const auto r = runMembersync(writeConfig(dir, directorySection(slapd.ldapUrl(), "page_size = 200\n")),
                            "validate");
  INFO(r.out << r.err);
  CHECK(r.exitCode == 0);
  CHECK_THAT(r.out, Catch::Contains("1200 rows, 1200 valid"));
  // validate shows the first people as read, fields mapped from their attributes.
  CHECK_THAT(r.out, Catch::Contains("E00000"));
  CHECK_THAT(r.out, Catch::Contains("user00000"));
}

TEST_CASE("ldap: check binds, reads every page and counts the entries and the valid ones",
          "[ldap]") {
  SlapdProcess slapd({SlapdProcess::peopleLdif(30), 0, false});
  EmulatorProcess emulator;
  TempDir dir;
  const auto r = runMembersync(writeConfig(dir, directorySection(slapd.ldapUrl(), "page_size = 7\n"),
                                        SlapdProcess::bindPassword(), emulator.baseUrl()),
                            "check");
  INFO(r.out << r.err);
  CHECK(r.exitCode == 0);
  CHECK_THAT(r.out, Catch::Contains("bound as " + SlapdProcess::bindDn()));
  CHECK_THAT(r.out, Catch::Contains("30 entries, 30 valid, 0 skipped"));
}

TEST_CASE("ldap: a refused bind password fails the read, says so and never shows the password",
          "[ldap]") {
  SlapdProcess slapd({SlapdProcess::peopleLdif(3), 0, false});
  TempDir dir;
  const std::string wrong = "Wrong-Bind-Password-7";
  const auto r = runMembersync(writeConfig(dir, directorySection(slapd.ldapUrl()), wrong), "validate");
  CHECK(r.exitCode == 1);
  CHECK_THAT(r.err, Catch::Contains("bind refused for " + SlapdProcess::bindDn()));
  CHECK_THAT(r.err, Catch::Contains("Invalid credentials"));
  CHECK_THAT(r.out + r.err, !Catch::Contains(wrong));
}

TEST_CASE("ldap: under LANGUAGE=zh_CN a refused bind and validate's counts are Chinese",
          "[ldap][i18n]") {
  SlapdProcess slapd({SlapdProcess::peopleLdif(3), 0, false});
  TempDir dir;
  const auto& chinese = membersync::testing::kChineseByLanguage;
  const auto refused =
      runMembersync(writeConfig(dir, directorySection(slapd.ldapUrl()), "Wrong-Bind-Password-7"),
                    "validate", chinese);
  INFO(refused.err);
  CHECK(refused.exitCode == 1);
  CHECK_THAT(refused.err,
             Catch::Contains(SlapdProcess::bindDn() + " 绑定被拒绝") &&
                 Catch::Contains("请检查 [directory] bind_dn 和 bind_password_file 中的密码"));
  const auto read =
      runMembersync(writeConfig(dir, directorySection(slapd.ldapUrl())), "validate", chinese);
  INFO(read.out << read.err);
  CHECK(read.exitCode == 0);
  CHECK_THAT(read.out, Catch::Contains("：3 行，3 行有效（3 人在职，0 人离职），跳过 0 行\n") &&
                           Catch::Contains("读取到的前 3 人（已应用列映射和模板）："));
}

TEST_CASE("ldap: ldaps with the test CA in ca_file reads the directory", "[ldap][tls]") {
  SlapdProcess slapd({SlapdProcess::peopleLdif(5), 0, true});
  TempDir dir;
  const auto r = runMembersync(
      writeConfig(dir, directorySection(slapd.ldapsUrl(), "ca_file = " + slapd.caFile() + "\n")),
      "validate");
  INFO(r.out << r.err);
  CHECK(r.exitCode == 0);
  CHECK_THAT(r.out, Catch::Contains("5 rows, 5 valid"));
}

TEST_CASE("ldap: ldaps without ca_file refuses the untrusted certificate, whatever LDAPTLS_* say",
          "[ldap][tls]") {
  SlapdProcess slapd({SlapdProcess::peopleLdif(5), 0, true});
  TempDir dir;
  const std::string config = writeConfig(dir, directorySection(slapd.ldapsUrl()));
  // The environment asks libldap not to verify, and names the test CA: membersync's own trust
  // settings on the handle win over both.
  const auto r = runMembersync(config, "validate",
                               {{"LDAPTLS_REQCERT", "never"}, {"LDAPTLS_CACERT", slapd.caFile()}});
  CHECK(r.exitCode == 1);
  CHECK_THAT(r.err, Catch::Contains("cannot connect"));
  CHECK_THAT(r.err, Catch::Contains("ca_file"));
}

TEST_CASE("ldap: StartTLS on ldap:// with the test CA reads the directory", "[ldap][tls]") {
  SlapdProcess slapd({SlapdProcess::peopleLdif(4), 0, true});
  TempDir dir;
  const auto r = runMembersync(
      writeConfig(dir, directorySection(slapd.ldapUrl(), "start_tls = true\nca_file = " +
                                                              slapd.caFile() + "\n")),
      "validate");
  INFO(r.out << r.err);
  CHECK(r.exitCode == 0);
  CHECK_THAT(r.out, Catch::Contains("4 rows, 4 valid"));
}

TEST_CASE("ldap: a server that is gone fails the run before anything is planned", "[ldap]") {
  SlapdProcess slapd({SlapdProcess::peopleLdif(3), 0, false});
  TempDir dir;
  const std::string config = writeConfig(dir, directorySection(slapd.ldapUrl()));
  slapd.stop();
  const auto r = runMembersync(config, "plan");
  CHECK(r.exitCode == 1);
  CHECK_THAT(r.err, Catch::Contains("cannot connect"));
  CHECK(r.out.empty());  // no plan at all, not an empty one
}

TEST_CASE("ldap: a base DN that does not exist is named in the error", "[ldap]") {
  SlapdProcess slapd({SlapdProcess::peopleLdif(3), 0, false});
  TempDir dir;
  std::string section = directorySection(slapd.ldapUrl());
  section.replace(section.find("base_dn = ou=people"), std::string("base_dn = ou=people").size(),
                  "base_dn = ou=nobody");
  const auto r = runMembersync(writeConfig(dir, section), "validate");
  CHECK(r.exitCode == 1);
  CHECK_THAT(r.err, Catch::Contains("no such base DN ou=nobody"));
}

TEST_CASE("ldap: non-ASCII names are read as UTF-8, a mapped attribute with two values makes "
          "its entry invalid and a template computes the account",
          "[ldap]") {
  const std::string ldif = SlapdProcess::baseLdif() +
                           "dn: uid=zhang.wei,ou=people,dc=example,dc=com\n"
                           "objectClass: inetOrgPerson\n"
                           "uid: zhang.wei\n"
                           "cn:: 5byg5Lyf\n"  // 张伟, base64 as LDIF writes non-ASCII
                           "sn: Zhang\n"
                           "mail: Zhang.Wei@example.com\n"
                           "employeeNumber: E1\n"
                           "departmentNumber: ENG\n"
                           "\n"
                           "dn: uid=two.mails,ou=people,dc=example,dc=com\n"
                           "objectClass: inetOrgPerson\n"
                           "uid: two.mails\n"
                           "cn: Two Mails\n"
                           "sn: Mails\n"
                           "mail: one@example.com\n"
                           "mail: two@example.com\n"
                           "employeeNumber: E2\n"
                           "\n";
  SlapdProcess slapd({ldif, 0, false});
  TempDir dir;
  std::string section = directorySection(slapd.ldapUrl());
  section.replace(section.find("column.account = uid"), std::string("column.account = uid").size(),
                  "column.account = {mail|localpart|alnum|lower}");
  const auto r = runMembersync(writeConfig(dir, section), "validate");
  INFO(r.out << r.err);
  CHECK(r.exitCode == 3);  // one entry is skipped: usable, and a person must fix it
  CHECK_THAT(r.out, Catch::Contains("2 rows, 1 valid"));
  CHECK_THAT(r.out, Catch::Contains("张伟"));
  CHECK_THAT(r.out, Catch::Contains("zhangwei"));
  CHECK_THAT(r.out, Catch::Contains("entry uid=two.mails,ou=people,dc=example,dc=com"));
  CHECK_THAT(r.out, Catch::Contains("attribute mail has 2 values"));
}

TEST_CASE("ldap: a policy rule matches any value of a multi-valued attribute", "[ldap]") {
  std::string ldif = SlapdProcess::baseLdif();
  for (int n = 0; n < 3; ++n) {
    ldif += SlapdProcess::personLdif(n);
    ldif.insert(ldif.size() - 1, "description: staff\n" +
                                     std::string(n == 1 ? "description: cad-users\n" : ""));
  }
  SlapdProcess slapd({ldif, 0, false});
  TempDir dir;
  dir.write("policy.json",
            R"({"assets": [{"rule": "cad", "when": {"description": "cad-*"}, "pool": ["AN-0001"]}]})");
  const auto r = runMembersync(
      writeConfig(dir, directorySection(slapd.ldapUrl()), SlapdProcess::bindPassword(),
                  "http://127.0.0.1:9", "[policy]\npath = policy.json\n"),
      "validate");
  INFO(r.out << r.err);
  CHECK(r.exitCode == 0);
  CHECK_THAT(r.out, Catch::Contains("assets cad: 1 person"));
}

TEST_CASE("ldap: an entry removed between runs is counted missing, never acted on at once",
          "[ldap][sync]") {
  SlapdProcess slapd({SlapdProcess::peopleLdif(3), 0, false});
  EmulatorProcess emulator;
  TempDir dir;
  const std::string config =
      writeConfig(dir, directorySection(slapd.ldapUrl()), SlapdProcess::bindPassword(),
                  emulator.baseUrl(), "[sync]\ngrace_runs = 2\n");
  const auto first = runMembersync(config, "sync");
  INFO(first.out << first.err);
  REQUIRE(first.exitCode == 0);
  CHECK_THAT(first.out, Catch::Contains("user00001"));
  CHECK_THAT(emulator.state(), Catch::Contains("user00001@acme"));

  slapd.deleteEntry(SlapdProcess::personDn(1));
  const auto second = runMembersync(config, "sync");
  INFO(second.out << second.err);
  CHECK(second.exitCode == 0);
  CHECK_THAT(second.out, Catch::Contains("missing from the export in 1 of 2 exports"));
  CHECK_THAT(emulator.state(), Catch::Contains("user00001@acme"));
}

TEST_CASE("ldap: explain shows the entry's DN, each computed field with its template and the "
          "source values",
          "[ldap]") {
  SlapdProcess slapd({SlapdProcess::peopleLdif(3), 0, false});
  EmulatorProcess emulator;
  TempDir dir;
  std::string section = directorySection(slapd.ldapUrl());
  section.replace(section.find("column.account = uid"), std::string("column.account = uid").size(),
                  "column.account = {mail|localpart|alnum|lower}");
  const std::string config =
      writeConfig(dir, section, SlapdProcess::bindPassword(), emulator.baseUrl());
  const auto r = runCommand(membersyncExecutable(), {"--config", config, "explain", "user00001"});
  INFO(r.out << r.err);
  CHECK(r.exitCode == 0);
  CHECK_THAT(r.out, Catch::Contains("entry " + SlapdProcess::personDn(1)));
  CHECK_THAT(r.out,
             Catch::Contains("account \"user00001\" computed by {mail|localpart|alnum|lower}"));
  CHECK_THAT(r.out, Catch::Contains("mail = \"user00001@example.com\""));
}
