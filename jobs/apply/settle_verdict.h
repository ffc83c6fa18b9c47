#pragma once

// Internal to jobs/apply: how a step in doubt is settled, written once. Each kind judges its step
// by what this run read (settle.cpp: adds, deletes and the steps recomputed from the member list;
// settle_entitlements.cpp: A9, A10, B1) and returns a Verdict; recordVerdict() then writes it the
// way runJournaled() writes an answer: the journal's settlement and the records it implies in one
// transaction.

#include <functional>
#include <optional>
#include <string>

#include "jobs/apply/settle.h"
#include "jobs/state/store.h"

namespace membersync::apply::detail {

struct Verdict {
  state::Settlement settlement = state::Settlement::NotDone;
  std::optional<std::string> globalId;  // Done adds: the member found
  // With the settlement, in its transaction: what the step's success implies (a link, owned
  // assets, a lending, an enrolment record).
  std::function<void(state::StateStore&)> records;
  bool clearItem = true;  // the item's history goes (the plan decides afresh); not for B1
  std::string note;       // one line for the run's log; empty: none
};

void recordVerdict(state::StateStore& store, const state::Step& step, const Verdict& verdict,
                   SettleResult& result);

}  // namespace membersync::apply::detail
