#pragma once

// What a sync holds for each person at its peak, measured in this process: the heap each of
// the run's large structures takes, built as a sync builds them (the real export reader, the
// real member-center client against the bench's emulator, the real state store, makePlan).

#include <string>
#include <vector>

#include "tests/bench/sync_step.h"

namespace membersync::bench {

struct HeldPart {
  std::string what;  // e.g. "member list (A5)"
  std::string why;   // what the run needs it for
  double bytes = 0;  // resident memory it added (/proc/self/statm), once built
};

// What the console's and the reports' records of a run cost (issue 30): the people each plan
// item is about and the export's people, as a sync records them after its last call.
struct RecordsCost {
  double itemPeopleCpu = 0;  // seconds of this process's CPU: recordItemPeople
  double peopleCpu = 0;      // recordPeople
  std::size_t items = 0;     // plan items whose person is recorded
  std::size_t peopleWritten = 0;
};

struct RunMeasures {
  std::vector<HeldPart> held;
  RecordsCost records;
};

// Builds, in the order a sync does and keeping each alive, the export of `csv`, the member list,
// the asset numbers and borrowed locks, the state's snapshot and the plan, measuring the
// resident memory each adds; then records them as a sync does after its last call, measuring
// the CPU. The state is `scratch`, a copy of the bench's database, removed after. Throws
// std::runtime_error when a read fails.
RunMeasures measureRun(const SyncSetup& setup, const std::string& csv,
                       const std::string& policyPath, const std::string& scratch);

}  // namespace membersync::bench
