#pragma once

// Internal to jobs/apply: what one Applier::apply() shares between its worker threads and the
// files that carry the items out (applier.cpp: members; entitlements.cpp: A9, A10, B1).

#include <atomic>
#include <map>
#include <mutex>
#include <set>
#include <string>

#include "jobs/apply/applier.h"

namespace membersync::apply {

struct Applier::Context {
  const plan::Plan& plan;
  const state::Snapshot& snapshot;
  state::RunId run;
  state::Millis now;
  std::mutex mutex;  // guards result, the call tallies and the sets below
  ApplyResult result;
  std::atomic<bool> stop{false};
  int calls = 0;
  int transientFailures = 0;
  // Employee ids with an Add in this plan, and the globalIds of those that landed: an Assign,
  // Lend or Enrol of a person added in the same run waits for its add.
  std::set<std::string> plannedAdds;
  std::map<std::string, std::string> addedGlobalIds;
  // Employee ids with an Assign in this plan, and those whose Assign did not land: their Lend
  // (which may lend the assets that Assign adds) is not sent this run.
  std::set<std::string> plannedAssigns;
  std::set<std::string> assignsNotLanded;
  // Activity rules whose activity does not exist (3001): nobody else is enrolled by them this
  // run, and the rule is reported once.
  std::set<std::string> brokenRules;
};

namespace detail {
// Refusals (bad input, conflict, not found) wait for their input to change; everything else
// that failed is tried again later.
state::ItemStatus statusOf(const center::Error& e);
}  // namespace detail

}  // namespace membersync::apply
