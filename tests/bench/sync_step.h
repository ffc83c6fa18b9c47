#pragma once

// One `membersync sync` run in this process, wired as daemon/runtime.cpp wires the real
// collaborators, and the calls it made as the emulator counted them.

#include <cstdint>
#include <map>
#include <string>

#include "jobs/apply/sync_job.h"
#include "jobs/center/options.h"
#include "tests/support/emulator_process.h"

namespace membersync::bench {

// Calls the emulator counted (GET /_emulator/stats): reads A5-A8, writes A1-A4, A9, A10, B1.
struct CenterCalls {
  std::int64_t writes = 0;
  std::int64_t reads = 0;
  std::int64_t tokens = 0;
  std::map<std::string, std::int64_t> byEndpoint;  // "A1", "A2", ... -> calls

  static CenterCalls of(const testing::EmulatorProcess& emulator);
  CenterCalls since(const CenterCalls& before) const;
};

struct StepResult {
  double seconds = 0;         // reading the export and the policy, wiring, the whole SyncJob::run
  double applySeconds = 0;    // the applier's phases alone (adds, edits, ...)
  CenterCalls calls;          // what the emulator saw during the step
  std::uint64_t retries = 0;  // the client's own retries and token renewals
  double cpuSeconds = 0;      // CPU time this process (membersync) used in the step
  double emulatorCpuSeconds = 0;  // CPU time the emulator used in the step
  long peakRssKb = 0;             // this process's peak during the step (see resetPeakRss)
  apply::SyncOutcome outcome = apply::SyncOutcome::Failed;
  std::string message;
  state::RunCounts counts;
  state::RunId run = 0;  // the run's number in the state database
};

// Where one sequence of runs keeps its state: the emulator to talk to, the state database and
// the password outbox (kept across steps, as a real installation keeps them), the policy file.
struct SyncSetup {
  const testing::EmulatorProcess& emulator;
  std::string database;
  std::string outbox;
  std::string policy;
  int concurrency = 8;
  int pageSize = 100;
};

// The client options of `membersync sync` against the setup's emulator (the demo fixture's
// enterprise and credentials), with its concurrency and page size.
center::ClientOptions clientOptions(const SyncSetup& setup);

// Runs one sync of the HR export `csv` (a fresh client session, as each `membersync sync` has;
// the same state database and outbox every time); with `revertRun`, `membersync revert RUN
// --apply` instead. Throws std::runtime_error if the export or the policy cannot be read.
StepResult syncOnce(const SyncSetup& setup, const std::string& csv, state::RunId revertRun = 0);

}  // namespace membersync::bench
