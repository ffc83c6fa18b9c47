// Benchmark: the largest enterprises (issue 32). The real `membersync sync` binary, three runs in
// a row against the emulator, for one size of enterprise:
//
//   cmake --build build -j2 --target scale_bench membersync membercenter-emulator
//   build/tests/bench/scale_bench [--people 100000] [--edits 10000] [--latency-ms 0]
//       [--concurrency 8] [--lock-percent 1] [--pool-assets 1]
//
//   1 first sync   PEOPLE people, none on the center yet; the policy (the demo's departments,
//                  protected accounts and lock rule) grants everyone one asset number of a pool
//                  of PEOPLE, and LOCK-PERCENT % of people lend a hardware lock (the export's
//                  `lock` column): ceil(PEOPLE / 100) A1, PEOPLE A9 and one lend a lock
//                  (with --pool-assets 0 no asset rule: no A9)
//   2 unchanged    the same export again: no write; the member list's pages and the asset and
//                  lock lists
//   3 edits        EDITS people renamed (another display name): one A2 each
//
// Each run is a separate process (membersync as the service's timer starts it), measured by
// wait4: its wall time, its own CPU time (not the emulator's, which is another process on the
// same cores) and its peak resident memory. How to read it:
//   writes, reads  the calls the emulator counted against the fewest possible;
//   bound s        what latency and concurrency C allow: latency x (one round for the token
//                  grants + ceil(fewest reads / C) + ceil(fewest writes / C)); no CPU counts;
//   us/person      membersync's CPU time over PEOPLE (aims: 20 us a first sync, 10 a re-sync);
//   RSS MiB        membersync's peak (aims at 400,000 people: 1 GiB a first sync, 600 MiB a
//                  re-sync), and per person;
//   state          the state database's size after the run, what each table holds, and the
//                  records kept for the console and the reports apart (sqlite3's dbstat, when
//                  the sqlite3 program is installed).
// Nothing is asserted: the figures are for people (docs/performance.md).
//
// To profile a run, set SCALE_BENCH_WRAP to a command that runs membersync under a profiler;
// "{run}" in it becomes the run's number (1-3). The figures are then the profiler's:
//   SCALE_BENCH_WRAP='perf record -g -o /tmp/scale-{run}.data' build/tests/bench/scale_bench
//   SCALE_BENCH_WRAP='heaptrack -o /tmp/scale-{run}' build/tests/bench/scale_bench

#include <sys/stat.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "tests/bench/bench_support.h"
#include "tests/bench/held_memory.h"
#include "tests/bench/hr_people.h"
#include "tests/bench/sync_step.h"
#include "tests/support/emulator_process.h"
#include "tests/support/temp_dir.h"

namespace {

using namespace membersync;

struct Args {
  int people = 100000;
  int edits = 10000;
  int latencyMs = 0;
  int concurrency = 8;
  int lockPercent = 1;
  int poolAssets = 1;  // 1: everyone is granted one asset number of a pool; 0: no asset rule
};

Args parseArgs(int argc, char** argv) {
  Args a;
  bench::parseIntFlags(argc, argv,
                       {{"people", &a.people},
                        {"edits", &a.edits},
                        {"latency-ms", &a.latencyMs},
                        {"concurrency", &a.concurrency},
                        {"lock-percent", &a.lockPercent},
                        {"pool-assets", &a.poolAssets}});
  if (a.people < 1 || a.concurrency < 1 || a.edits < 0 || a.edits > a.people || a.lockPercent < 0 ||
      a.lockPercent > 100 || a.latencyMs < 0 || a.poolAssets < 0 || a.poolAssets > 1) {
    std::cerr << "bad values: people and concurrency at least 1, edits between 0 and people, "
                 "lock-percent between 0 and 100, pool-assets 0 or 1\n";
    std::exit(64);
  }
  return a;
}

long ceilDiv(long a, long b) {
  return (a + b - 1) / b;
}

int lockCount(const Args& a) {
  return static_cast<int>(static_cast<long>(a.people) * a.lockPercent / 100);
}

// Every (100 / lock-percent)th person lends a lock: LOCK-000001, LOCK-000002, ...
std::string exportCsv(const std::vector<bench::HrRow>& rows, const Args& a) {
  const std::vector<std::string> locks = bench::lockNumbers(lockCount(a));
  return bench::toCsv(rows, &locks);
}

std::string policyJson(const Args& a) {
  return bench::policyJson(a.poolAssets ? bench::poolNumbers(a.people) : std::vector<std::string>{},
                           true);
}

std::string configIni(const testing::EmulatorProcess& emulator, const Args& a) {
  return "[center]\nbase_url = " + emulator.baseUrl() + "\ntoken_url = " + emulator.tokenUrl() +
         "\nenterprise_global_id = ENT-ACME-0001\nenterprise_code = acme\n"
         "client_id = membersync-demo\nclient_secret_file = secrets/client\n"
         "admin_user = admin@acme\nadmin_password_file = secrets/admin\n"
         "max_concurrency = " +
         std::to_string(a.concurrency) +
         "\n[directory]\npath = hr.csv\n[policy]\npath = policy.json\n"
         // A bench renames 10 % of everyone at once: the edit guard would rightly hold that.
         "[sync]\nmax_edits = 1000000\nmax_edit_percent = 100\n"
         "[state]\ndatabase = membersync.db\n";
}

struct Step {
  const char* title;
  long membersBefore;  // members the center lists when the run starts
  long fewestWrites;
};

// The reads a run cannot do without: the member list's pages (page 1 again after the last when
// there are several), the asset numbers (A6) and the borrowed locks (A8).
long fewestReads(const Step& s) {
  const long pages = std::max(1L, ceilDiv(s.membersBefore, 100));
  return (pages > 1 ? pages + 1 : pages) + 2;
}

double boundSeconds(const Step& s, const Args& a) {
  const long rounds =
      1 + ceilDiv(fewestReads(s), a.concurrency) + ceilDiv(s.fewestWrites, a.concurrency);
  return a.latencyMs / 1000.0 * static_cast<double>(rounds);
}

std::string byEndpoint(const bench::CenterCalls& calls) {
  std::string out;
  for (const auto& [name, n] : calls.byEndpoint)
    if (n > 0 && name != "token") out += (out.empty() ? "" : " ") + name + " " + std::to_string(n);
  return out;
}

// The rows `sql` gives on the state database as "a|b" lines (the sqlite3 program, read-only);
// none when it is not installed.
std::vector<std::string> sqliteRows(const std::string& database, const std::string& sql) {
  std::vector<std::string> rows;
  const std::string command = "sqlite3 -readonly '" + database + "' \"" + sql + "\" 2>/dev/null";
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return rows;
  char line[256];
  while (std::fgets(line, sizeof line, pipe)) rows.emplace_back(line);
  pclose(pipe);
  return rows;
}

// The tables (and indexes) of the records kept for the console and the reports: who each item
// is about, the export's people, the pools' counts, the reports sent.
constexpr const char* kConsoleRecords =
    "name LIKE '%people%' OR name LIKE '%pool_counts%' OR name LIKE '%report_sends%'";

// Each table's pages in the state database, largest first, and the console's and reports'
// records apart (sqlite3's dbstat virtual table).
void printStorage(const std::string& database) {
  struct stat st {};
  if (stat(database.c_str(), &st) != 0) return;
  std::printf("    state %.1f MiB:", static_cast<double>(st.st_size) / (1 << 20));
  const auto mib = [](const std::string& row) {
    const auto bar = row.find('|');
    return bar == std::string::npos ? -1 : std::atof(row.c_str() + bar + 1) / (1 << 20);
  };
  for (const std::string& row : sqliteRows(
           database, "SELECT name, SUM(pgsize) FROM dbstat GROUP BY name ORDER BY 2 DESC LIMIT 12"))
    if (mib(row) >= 0) std::printf(" %s %.1f", row.substr(0, row.find('|')).c_str(), mib(row));
  for (const std::string& row :
       sqliteRows(database, std::string("SELECT 'console', SUM(pgsize) FROM dbstat WHERE ") +
                                kConsoleRecords))
    if (mib(row) >= 0) std::printf("; of which the console's and reports' records %.1f", mib(row));
  std::printf("\n");
}

// membersync's `sync`, under SCALE_BENCH_WRAP's profiler when it is set.
bench::MeasuredRun runSync(int number, const testing::TempDir& dir, const std::string& config) {
  const char* wrap = std::getenv("SCALE_BENCH_WRAP");
  if (wrap == nullptr || *wrap == '\0')
    return bench::runMeasured(testing::membersyncExecutable(), {"--config", config, "sync"}, dir);
  std::string command = wrap;
  for (auto at = command.find("{run}"); at != std::string::npos; at = command.find("{run}"))
    command.replace(at, 5, std::to_string(number));
  command += " '" + testing::membersyncExecutable() + "' --config '" + config + "' sync";
  return bench::runMeasured("/bin/sh", {"-c", command}, dir);
}

void runStep(int number, const Step& step, const Args& a, const testing::TempDir& dir,
             const testing::EmulatorProcess& emulator, const std::string& config) {
  const bench::CenterCalls before = bench::CenterCalls::of(emulator);
  const double emulatorCpu = bench::childrenCpuSeconds();
  const bench::MeasuredRun run = runSync(number, dir, config);
  const bench::CenterCalls calls = bench::CenterCalls::of(emulator).since(before);
  const double bound = boundSeconds(step, a);
  char ratio[16] = "";
  if (bound > 0) std::snprintf(ratio, sizeof ratio, "%.2fx", run.seconds / bound);
  std::printf(
      "%-13s %4d %9lld/%-7ld %6lld/%-5ld %5lld %8.2f %7.2f %6s %7.2f %8.1f %8.1f %7.2f "
      "%7.2f\n",
      step.title, run.exitCode, static_cast<long long>(calls.writes), step.fewestWrites,
      static_cast<long long>(calls.reads), fewestReads(step), static_cast<long long>(calls.tokens),
      run.seconds, bound, ratio, run.cpuSeconds, run.cpuSeconds * 1e6 / a.people,
      run.peakRssKb / 1024.0, run.peakRssKb * 1024.0 / a.people / 1000.0,
      bench::childrenCpuSeconds() - emulatorCpu);
  std::printf("    calls: %s\n", byEndpoint(calls).c_str());
  printStorage((dir.path() / "membersync.db").string());
  if (run.exitCode != 0 && run.exitCode != 1)
    std::printf("    stderr: %s\n", run.err.substr(0, 2000).c_str());
  std::fflush(stdout);
}

// What the structures of a run take per person, before the first sync (everyone an add) and
// after it (an unchanged re-sync), side by side.
// The parts as lines "what\tbytes\twhy", to come back from a child.
std::string heldText(const std::vector<bench::HeldPart>& parts) {
  std::string text;
  for (const auto& p : parts) text += p.what + '\t' + std::to_string(p.bytes) + '\t' + p.why + '\n';
  return text;
}

std::vector<bench::HeldPart> heldParts(const std::string& text) {
  std::vector<bench::HeldPart> parts;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    const auto tab1 = line.find('\t'), tab2 = line.find('\t', tab1 + 1);
    if (tab2 == std::string::npos) continue;
    parts.push_back({line.substr(0, tab1), line.substr(tab2 + 1),
                     std::atof(line.substr(tab1 + 1, tab2 - tab1 - 1).c_str())});
  }
  return parts;
}

void printHeld(const std::string& firstText, const std::string& againText, const Args& a) {
  const auto first = heldParts(firstText), again = heldParts(againText);
  std::printf(
      "\nwhat a run holds, per person (the resident memory each structure adds, built in "
      "a child of the bench as a sync builds it):\n%-34s %10s %10s  %s\n",
      "", "first B", "re-sync B", "why");
  double sumFirst = 0, sumAgain = 0;
  for (std::size_t i = 0; i < first.size() && i < again.size(); ++i) {
    std::printf("%-34s %10.0f %10.0f  %s\n", first[i].what.c_str(), first[i].bytes / a.people,
                again[i].bytes / a.people, again[i].why.c_str());
    sumFirst += first[i].bytes;
    sumAgain += again[i].bytes;
  }
  std::printf("%-34s %10.0f %10.0f\n", "all of them", sumFirst / a.people, sumAgain / a.people);
  std::fflush(stdout);
}

// The records' cost as one line "itemPeopleCpu items peopleCpu peopleWritten" (no tab, so that
// heldParts skips it), from a child.
std::string recordsText(const bench::RecordsCost& c) {
  return std::to_string(c.itemPeopleCpu) + ' ' + std::to_string(c.items) + ' ' +
         std::to_string(c.peopleCpu) + ' ' + std::to_string(c.peopleWritten);
}

void printRecords(const std::string& firstText, const std::string& againText, const Args& a) {
  std::printf(
      "\nthe console's and reports' records (who each item is about, the export's people), "
      "written again into a copy of the state as the run writes them after its last call:\n");
  for (const auto& [title, text] : {std::pair{"first sync", firstText}, {"re-sync", againText}}) {
    bench::RecordsCost c;
    std::istringstream(text) >> c.itemPeopleCpu >> c.items >> c.peopleCpu >> c.peopleWritten;
    const double cpu = c.itemPeopleCpu + c.peopleCpu;
    std::printf(
        "  %-10s %6.2f s CPU (%5.1f us a person): %zu items' people %.2f s, %zu people written "
        "%.2f s\n",
        title, cpu, cpu * 1e6 / a.people, c.items, c.itemPeopleCpu, c.peopleWritten, c.peopleCpu);
  }
  std::fflush(stdout);
}

}  // namespace

int main(int argc, char** argv) {
  const Args a = parseArgs(argc, argv);
  bench::printMachine();
  testing::TempDir dir;
  std::printf(
      "fixture: %d people, a pool of %d asset numbers, %d locks lent (%d %%), latency %d "
      "ms, max_concurrency %d\n",
      a.people, a.poolAssets ? a.people : 0, lockCount(a), a.lockPercent, a.latencyMs,
      a.concurrency);
  std::fflush(stdout);
  // Everything large is built in children (bench::inChild): this process stays small, so
  // what membersync's runs are measured at is theirs.
  const std::string fixture = bench::inChild([&] {
    dir.write("secrets/client", "demo-client-secret\n");
    dir.write("secrets/admin", "demo-admin-pass1\n");
    dir.write("policy.json", policyJson(a));
    dir.write("hr.csv", exportCsv(bench::generateStaff(a.people), a));
    return bench::fixtureWithMembers(dir, 0, a.poolAssets ? a.people : 0, lockCount(a));
  });
  testing::EmulatorProcess emulator(testing::EmulatorProcess::Options{
      fixture, {"--latency-ms", std::to_string(a.latencyMs)}, /*startTimeoutS=*/600});
  const std::string config = dir.write("membersync.ini", configIni(emulator, a)).string();

  std::printf("\n%-13s %4s %17s %12s %5s %8s %7s %6s %7s %8s %8s %7s %7s\n", "run", "exit",
              "writes/fewest", "reads/fewest", "token", "wall s", "bound s", "ratio", "cpu s",
              "us/pers", "RSS MiB", "KB/pers", "emu cpu");
  const long people = a.people;
  const bench::SyncSetup setup{emulator,
                               (dir.path() / "membersync.db").string(),
                               "",
                               (dir.path() / "policy.json").string(),
                               a.concurrency,
                               100};
  const std::string csv = (dir.path() / "hr.csv").string();
  const std::string scratch = (dir.path() / "records-scratch.db").string();
  // One child a point: its first line the records' cost, then the held parts (heldParts skips
  // the first line, printRecords reads only it).
  auto measure = [&] {
    return bench::inChild([&] {
      const bench::RunMeasures m = bench::measureRun(setup, csv, setup.policy, scratch);
      return recordsText(m.records) + '\n' + heldText(m.held);
    });
  };
  const std::string first = measure();
  runStep(1, {"first sync", 0, ceilDiv(people, 100) + (a.poolAssets ? people + lockCount(a) : 0)},
          a, dir, emulator, config);
  runStep(2, {"unchanged", people, 0}, a, dir, emulator, config);
  const std::string again = measure();
  bench::inChild([&] {
    std::vector<bench::HrRow> rows = bench::generateStaff(a.people);
    bench::renamePeople(rows, a.edits);
    dir.write("hr.csv", exportCsv(rows, a));
    return std::string();
  });
  runStep(3, {"edits", people, a.edits}, a, dir, emulator, config);
  printHeld(first, again, a);
  printRecords(first, again, a);
  return 0;
}
