// Benchmark: the member sync (HR export -> plan -> apply) against the emulator.
//
//   cmake --build build --target sync_bench
//   build/tests/bench/sync_bench [--people 10000] [--renames 1000] [--latency-ms 20]
//       [--concurrency 8] [--page-size 100] [--rounds 3]
//
// Runs, in this process and through the same classes as `membersync sync` (PocoTransport,
// Session, MemberCenterClient, SqliteStore on a temporary file, deliver::FileOutbox, SyncJob),
// three syncs in a row against an emulator that delays every answer by the latency and starts with
// no members:
//   1 initial   the first sync of a generated HR export (Chinese names, four departments mapped
//               by the policy): every person is an add (A1, 100 per call);
//   2 unchanged the same export again: must make no write call at all;
//   3 renames   the export with `renames` people given another display name. The member center
//               cannot rename an account (an account change is only reported), so HR's renames
//               are display-name changes: one A2 edit each.
//   4 revert    `revert` of step 3's run, applied: one A2 each sets the names back.
//   5 held      the renamed export again: the reverted names are held, so no write at all.
// The three steps run with max_concurrency `concurrency` and with 1, each sequence on a fresh
// emulator and a fresh state database, `rounds` times (alternating), so the steps compare.
//
// How to read it. One line per step and concurrency (the best of the rounds, by wall time):
//   writes/min, reads/min  write calls (A1-A4, A9, A10, B1) and read calls (A5-A8) the emulator
//                          counted (/_emulator/stats), against the fewest possible: ceil(people /
//                          100) A1 for the initial sync, 0 for the unchanged one, one A2 per
//                          rename; ceil(members / page size) A5 pages, at least one, and page 1
//                          again after the last when there are more.
//   tokens                 token grants (2: the client and the admin grant; each run logs in).
//   wall s, spread s       the whole run: read the export and the policy, wire up, list, plan,
//                          apply, close the store. The best round, and best-worst of the rounds.
//   bound s, ratio         what latency and concurrency C allow: latency x (ceil(token grants /
//                          C) + ceil(A5 pages / C) + ceil(minimum writes / C)), plus a round for
//                          page 1 again: the grants go together, and the pages the state expects
//                          go with page 1 (see latency_bench); ratio = wall / bound.
//   speed-up               the concurrency-1 wall time / this one.
//   apply s                the time in the applier alone; the rest of the wall time is reading
//                          the export, logging in, listing the members and planning.
//   cpu s, emu cpu         CPU time this process (membersync) and the emulator used. The bound
//                          counts none: on a busy machine a step with much CPU time against its
//                          bound waits for a core, and its ratio grows.
//   RSS MiB                this process's peak resident memory during the step (getrusage, after
//                          resetting the high-water mark; the emulator is another process).
// Then the aims of issue 3 on the best rounds (renames within 1.3x the bound and at least 5x
// faster than with concurrency 1; no write in any unchanged re-sync). latency_bench has the
// planner alone and the cases against the bound at other latencies. Timings are noisy on a
// shared machine: compare best rounds and look at the spread.

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

#include "tests/bench/bench_support.h"
#include "tests/bench/hr_people.h"
#include "tests/bench/sync_step.h"
#include "tests/support/emulator_process.h"
#include "tests/support/temp_dir.h"

namespace {

using namespace membersync;
using bench::StepResult;

struct Args {
  int people = 10000;
  int renames = 1000;
  int latencyMs = 20;
  int concurrency = 8;
  int pageSize = 100;
  int rounds = 3;
};

Args parseArgs(int argc, char** argv) {
  Args a;
  bench::parseIntFlags(argc, argv,
                       {{"people", &a.people},
                        {"renames", &a.renames},
                        {"latency-ms", &a.latencyMs},
                        {"concurrency", &a.concurrency},
                        {"page-size", &a.pageSize},
                        {"rounds", &a.rounds}});
  if (a.people < 1 || a.concurrency < 1 || a.pageSize < 1 || a.rounds < 1 || a.renames < 0 ||
      a.renames > a.people) {
    std::cerr << "bad values: people, concurrency, page size and rounds must be at least 1, "
                 "renames between 0 and people\n";
    std::exit(64);
  }
  return a;
}

constexpr int kSteps = 5;

// What each step should do, for the minimum and the bound.
struct StepSpec {
  const char* title;
  std::string csv;     // the HR export it syncs
  long membersBefore;  // members the center lists when the step starts
  long minimumWrites;
  int expectAdded, expectEdited;
  bool revertsPrevious = false;  // `revert` of the previous step's run instead of a sync
};

long ceilDiv(long a, long b) {
  return (a + b - 1) / b;
}

long minimumPages(const StepSpec& s, const Args& a) {
  return std::max(1L, ceilDiv(s.membersBefore, a.pageSize));
}

// The A5 calls of a list: its pages, and page 1 again after the last when there are several
// (MemberCenterClient::readMemberList).
long minimumListCalls(const StepSpec& s, const Args& a) {
  const long pages = minimumPages(s, a);
  return pages > 1 ? pages + 1 : pages;
}

double boundSeconds(const StepSpec& s, const Args& a, int concurrency, long tokens) {
  const long again = minimumListCalls(s, a) - minimumPages(s, a);  // a round of its own
  const long rounds = ceilDiv(tokens, concurrency) + ceilDiv(minimumPages(s, a), concurrency) +
                      again + ceilDiv(s.minimumWrites, concurrency);
  return a.latencyMs / 1000.0 * static_cast<double>(rounds);
}

// The three steps on a fresh emulator and a fresh state database.
std::array<StepResult, kSteps> runSequence(const Args& a, const std::vector<StepSpec>& steps,
                                           const std::string& policy, int concurrency) {
  testing::TempDir dir;
  testing::EmulatorProcess emulator(testing::EmulatorProcess::Options{
      bench::fixtureWithMembers(dir, 0), {"--latency-ms", std::to_string(a.latencyMs)}});
  const bench::SyncSetup setup{emulator,
                               (dir.path() / "membersync.db").string(),
                               (dir.path() / "new-passwords.csv").string(),
                               policy,
                               concurrency,
                               a.pageSize};
  std::array<StepResult, kSteps> results;
  for (int s = 0; s < kSteps; ++s) {
    const state::RunId revert = steps[s].revertsPrevious && s > 0 ? results[s - 1].run : 0;
    results[s] = bench::syncOnce(setup, steps[s].csv, revert);
  }
  return results;
}

struct Series {
  std::vector<StepResult> rounds;
  const StepResult& best() const {
    return *std::min_element(rounds.begin(), rounds.end(),
                             [](const auto& x, const auto& y) { return x.seconds < y.seconds; });
  }
  double worstSeconds() const {
    double w = 0;
    for (const auto& r : rounds) w = std::max(w, r.seconds);
    return w;
  }
};

// Anything a round did that the step should not have: printed under the table.
void checkRound(const StepSpec& spec, int concurrency, int round, const StepResult& r) {
  const auto& c = r.counts;
  const bool expected = r.outcome == apply::SyncOutcome::Done && c.added == spec.expectAdded &&
                        c.edited == spec.expectEdited && c.failed == 0 && c.unknown == 0;
  if (expected && r.retries == 0) return;
  std::printf(
      "  note: %s, concurrency %d, round %d: %s, %d added, %d edited, %d failed, %d in "
      "doubt, %llu retries%s%s\n",
      spec.title, concurrency, round + 1, apply::toString(r.outcome), c.added, c.edited, c.failed,
      c.unknown, static_cast<unsigned long long>(r.retries), r.message.empty() ? "" : ": ",
      r.message.c_str());
}

void printRow(const StepSpec& spec, const Args& a, int concurrency, const Series& series,
              const Series* single) {
  const StepResult& b = series.best();
  const double bound = boundSeconds(spec, a, concurrency, std::max<long>(2, b.calls.tokens));
  char speedup[16] = "";
  if (single) std::snprintf(speedup, sizeof speedup, "%.1fx", single->best().seconds / b.seconds);
  char writes[24], reads[24], spread[24];
  std::snprintf(writes, sizeof writes, "%lld/%ld", static_cast<long long>(b.calls.writes),
                spec.minimumWrites);
  std::snprintf(reads, sizeof reads, "%lld/%ld", static_cast<long long>(b.calls.reads),
                minimumListCalls(spec, a));
  std::snprintf(spread, sizeof spread, "%.2f-%.2f", b.seconds, series.worstSeconds());
  std::printf("%-12s %4d %11s %9s %6lld %7.2f %11s %7.2f %6.2fx %8s %7.2f %6.2f %7.2f %7.1f\n",
              concurrency == a.concurrency ? spec.title : "", concurrency, writes, reads,
              static_cast<long long>(b.calls.tokens), b.seconds, spread, bound, b.seconds / bound,
              speedup, b.applySeconds, b.cpuSeconds, b.emulatorCpuSeconds, b.peakRssKb / 1024.0);
}

void printAims(const std::vector<StepSpec>& steps, const Args& a, const std::vector<Series>& many,
               const std::vector<Series>& one) {
  const StepResult& renames = many[2].best();
  const double bound =
      boundSeconds(steps[2], a, a.concurrency, std::max<long>(2, renames.calls.tokens));
  const double ratio = renames.seconds / bound;
  const double speedup = one[2].best().seconds / renames.seconds;
  long resyncWrites = 0;
  for (const auto* series : {&many[1], &one[1]})
    for (const auto& r : series->rounds)
      resyncWrites = std::max<long>(resyncWrites, r.calls.writes);
  long heldWrites = 0;
  for (const auto* series : {&many[4], &one[4]})
    for (const auto& r : series->rounds) heldWrites = std::max<long>(heldWrites, r.calls.writes);
  const StepResult& revert = many[3].best();
  const double revertBound =
      boundSeconds(steps[3], a, a.concurrency, std::max<long>(2, revert.calls.tokens));
  std::printf("\naims (issue 3), best rounds:\n");
  std::printf("  renames within 1.3x the bound        %.2f s / %.2f s = %.2fx   %s\n",
              renames.seconds, bound, ratio, ratio <= 1.3 ? "met" : "MISSED");
  std::printf("  renames >= 5x faster than with 1     %.2f s / %.2f s = %.1fx    %s\n",
              one[2].best().seconds, renames.seconds, speedup, speedup >= 5 ? "met" : "MISSED");
  std::printf("  unchanged re-sync makes no write     %ld writes (every round)  %s\n", resyncWrites,
              resyncWrites == 0 ? "met" : "MISSED");
  std::printf("aims (issue 11), best rounds:\n");
  std::printf("  revert: one A2 per rename            %lld A2 / %ld renames   %s\n",
              static_cast<long long>(revert.calls.byEndpoint.count("A2")
                                         ? revert.calls.byEndpoint.at("A2")
                                         : 0),
              steps[3].minimumWrites,
              revert.calls.writes == steps[3].minimumWrites ? "met" : "MISSED");
  std::printf("  revert within 1.3x the bound         %.2f s / %.2f s = %.2fx   %s\n",
              revert.seconds, revertBound, revert.seconds / revertBound,
              revert.seconds / revertBound <= 1.3 ? "met" : "MISSED");
  std::printf("  reverted names held, no write        %ld writes (every round)  %s\n", heldWrites,
              heldWrites == 0 ? "met" : "MISSED");
}

void runSyncBenchmark(const Args& a) {
  testing::TempDir inputs;
  auto staff = bench::generateStaff(a.people);
  const std::string initial = inputs.write("hr-export.csv", bench::toCsv(staff)).string();
  const int renamed = bench::renamePeople(staff, a.renames);
  const std::string renamedCsv =
      inputs.write("hr-export-renamed.csv", bench::toCsv(staff)).string();
  const std::string policy = inputs.write("policy.json", bench::policyJson()).string();
  const long ceilAdds = ceilDiv(a.people, 100);
  const std::vector<StepSpec> steps{
      {"1 initial", initial, 0, ceilAdds, a.people, 0},
      {"2 unchanged", initial, a.people, 0, 0, 0},
      {"3 renames", renamedCsv, a.people, renamed, 0, renamed},
      {"4 revert", renamedCsv, a.people, renamed, 0, renamed, true},
      {"5 held", renamedCsv, a.people, 0, 0, 0},
  };

  std::printf(
      "member sync: %d people, %d ms latency, page size %d, concurrency %d and 1, %d "
      "rounds (each on a fresh emulator and state)\n",
      a.people, a.latencyMs, a.pageSize, a.concurrency, a.rounds);
  std::printf(
      "step 3: %d people get another display name (A2 edits); the service cannot rename "
      "an account, so an account change would only be reported\n",
      renamed);
  std::vector<Series> many(kSteps), one(kSteps);
  for (int round = 0; round < a.rounds; ++round) {
    for (int concurrency : {a.concurrency, 1}) {
      const auto results = runSequence(a, steps, policy, concurrency);
      for (int s = 0; s < kSteps; ++s) {
        (concurrency == a.concurrency ? many : one)[s].rounds.push_back(results[s]);
      }
    }
    std::fprintf(stderr, "round %d of %d done\n", round + 1, a.rounds);
  }

  std::printf("\n%-12s %4s %11s %9s %6s %7s %11s %7s %7s %8s %7s %6s %7s %7s\n", "step", "conc",
              "writes/min", "reads/min", "tokens", "wall s", "spread s", "bound s", "ratio",
              "speed-up", "apply s", "cpu s", "emu cpu", "RSS MiB");
  for (int s = 0; s < kSteps; ++s) {
    printRow(steps[s], a, a.concurrency, many[s], &one[s]);
    printRow(steps[s], a, 1, one[s], nullptr);
  }
  for (int s = 0; s < kSteps; ++s) {
    for (int r = 0; r < a.rounds; ++r) {
      checkRound(steps[s], a.concurrency, r, many[s].rounds[r]);
      checkRound(steps[s], 1, r, one[s].rounds[r]);
    }
  }
  printAims(steps, a, many, one);
}

}  // namespace

int main(int argc, char** argv) {
  const Args args = parseArgs(argc, argv);
  bench::printMachine();
  runSyncBenchmark(args);
  return 0;
}
