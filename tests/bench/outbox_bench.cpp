// The password outbox after a first sync of PEOPLE people (a pending and a set line each), and
// the reads a sync makes of it at its start and end: the repair (its torn last line, the
// passwords the state never recorded) and the tidy after the run (deliver::tidyHandOut), with
// HANDED of them handed out (the tidy then rewrites the file). The lines come in the adds' chunks
// (CHUNK, 100 as A1 takes them; --chunk PEOPLE puts every set line after every pending one). Prints
// the peak RSS of each step; run it under heaptrack for the peak heap:
//   heaptrack -o /tmp/outbox build/tests/bench/outbox_bench --people 50000 --repair 0
//   heaptrack_print -f /tmp/outbox.zst | tail
// --repair 0 or --tidy 0 leaves that step out.

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <string>

#include "jobs/apply/outbox_repair.h"
#include "jobs/core/clock.h"
#include "jobs/deliver/delivery.h"
#include "jobs/state/sqlite_store.h"
#include "tests/bench/bench_support.h"

using namespace membersync;

namespace {

// Written line by line, so that the file costs the bench no memory of its own, in the adds'
// chunks of CHUNK: their pending lines, then their set lines.
void writeOutbox(const std::string& path, int people, int chunk) {
  std::ofstream out(path, std::ios::binary);
  out << deliver::kOutboxHeader;
  for (int first = 0; first < people; first += chunk) {
    const int end = std::min(people, first + chunk);
    for (int n = first; n < end; ++n) {
      const std::string account = "user" + std::to_string(n);
      out << deliver::formatOutboxLine({0, account, Secret("Pw" + std::to_string(100000000 + n)),
                                        "2026-11-27T02:00:00Z", "pending", account + "@acme",
                                        account, "员工" + std::to_string(n)});
    }
    for (int n = first; n < end; ++n)
      out << deliver::formatOutboxLine(
          {0, "user" + std::to_string(n), Secret(), "2026-11-27T02:00:01Z", "set", "", "", ""});
  }
}

template <class Step>
void measure(const char* name, Step step) {
  const bool reset = bench::resetPeakRss();
  const long before = bench::currentRssKb();
  const auto t0 = std::chrono::steady_clock::now();
  const std::size_t notes = step();
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf("%-7s %7.2f s  peak RSS %7.1f MiB (%s%.1f MiB above the start)  %zu note(s)\n", name,
              seconds, bench::peakRssKb() / 1024.0, reset ? "" : "whole process; ",
              (bench::peakRssKb() - before) / 1024.0, notes);
}

}  // namespace

int main(int argc, char** argv) {
  bench::printMachine();
  int people = 50000, chunk = 100, handed = 0, repair = 1, tidy = 1;
  bench::parseIntFlags(argc, argv,
                       {{"people", &people},
                        {"chunk", &chunk},
                        {"handed", &handed},
                        {"repair", &repair},
                        {"tidy", &tidy}});
  if (people <= 0 || chunk <= 0) {
    std::fprintf(stderr,
                 "usage: outbox_bench [--people N] [--chunk N] [--handed N] "
                 "[--repair 0|1] [--tidy 0|1]\n");
    return 64;
  }
  testing::TempDir dir;
  const std::string path = (dir.path() / "new-passwords.csv").string();
  writeOutbox(path, people, chunk);
  SystemClock clock;
  auto store = state::SqliteStore::open((dir.path() / "state.db").string(), clock);
  if (handed > 0) {
    const auto run = store->beginRun({state::RunKind::Sync, "", 0, "", ""});
    store->transaction([&] {
      for (int n = 0; n < handed; ++n) {
        const std::string account = "user" + std::to_string(n);
        store->passwordGenerated(account, run);
        store->passwordConfirmed(account);
        store->passwordHandedOut(account);
      }
    });
  }
  deliver::FileOutbox outbox(path);
  std::printf("outbox of %d lines, %d handed out\n", 2 * people + 1, handed);
  if (repair) measure("repair", [&] { return apply::repairOutbox(*store, outbox, clock).size(); });
  if (tidy) measure("tidy", [&] { return deliver::tidyHandOut(*store, outbox).size(); });
  return 0;
}
