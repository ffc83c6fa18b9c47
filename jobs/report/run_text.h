#pragma once

#include <string>
#include <vector>

#include "jobs/state/types.h"

namespace membersync::report {

// One count of a run: its name in machine output (/healthz `counts`) and its words in text.
struct RunCount {
  const char* key;    // "added", "edited", ..., "unknown"
  const char* words;  // "added", "changed", ..., "in doubt"
  int n;
};

// Every count of a run, in the order text and JSON give them: the one mapping of RunCounts to
// names, so `sync`, `status`, the daemon's log and STATUS= line and /healthz cannot drift apart.
std::vector<RunCount> runCountFields(const state::RunCounts& counts);

// What a run did, in words: "3 added, 2 changed, 1 asset changes, 1 held" (counts of 0 left
// out; "no changes" for none). Shared by `sync`, `status`, the daemon's log and STATUS= line.
std::string runCountsText(const state::RunCounts& counts);

}  // namespace membersync::report
