#pragma once

#include <optional>
#include <string>
#include <vector>

#include "jobs/plan/plan.h"
#include "jobs/state/store.h"

namespace membersync::apply {

// What an edit or entitlement step (A2, A9, A10, B1) carried, kept in its journal entry
// (StepInfo::detail) as a small JSON object: a step left in doubt can be settled by reading
// without the plan that made it, and `explain` shows what changed, before and after. Never a
// secret. Empty fields are left out of the JSON.
struct StepDetail {
  // edit: each field the step set, with the value the center had before (for `explain`, and
  // for a revert); never a password.
  struct Change {
    std::string field;  // "name", "departmentId", "remark", "passwordMobile"
    std::string before;
    std::string after;
  };
  std::string reason;                  // edit, withdraw: why (for people)
  std::vector<Change> changes;         // edit
  std::string rule;                    // assign, lend, enrol: the policy rule(s)
  std::vector<std::string> add;        // assign: asset numbers assigned
  std::vector<std::string> addRules;   // assign: the rule granting each of `add`
  std::vector<std::string> withdraw;   // assign, withdraw: asset numbers withdrawn
  // assign, withdraw: the rule each of `withdraw` was owned under (plan::kNotOwnedRule for one
  // membersync did not own), so a revert restores the ownership as it was.
  std::vector<std::string> withdrawRules;
  std::string lock;                    // lend: the lock number
  std::vector<std::string> assetIds;   // lend: asset ids lent
  std::string activityLabel;           // enrol
  std::string identity;                // enrol
  std::string inputHash;               // enrol: what the enrolment record is keyed on changing
};

std::string encodeDetail(const StepDetail& detail);
// One line for people: `name "A" -> "B"; assets +AN-1 -AN-2; lock LK-1; activity welcome-2026`.
std::string describeDetail(const StepDetail& detail);
// nullopt when `text` is not such a JSON object (e.g. the plain reason older steps carry).
std::optional<StepDetail> decodeDetail(const std::string& text);

// What an A9 that took effect means for the state, in one transaction: the `withdraw` assets are
// no longer membersync's, the `add` ones are, assigned to `globalId` under the rule that granted
// each (addRules[i], else `rule`; none for plan::kNotOwnedRule). Used by the applier and when settling a step in doubt.
void recordAssets(state::StateStore& store, const std::string& globalId, const StepDetail& d);

// The rule each asset is owned under in `snapshot` (plan::kNotOwnedRule for one membersync does
// not own), in order.
std::vector<std::string> ownerRules(const state::Snapshot& snapshot,
                                    const std::vector<std::string>& assetNums);

// Enrolment::productsJson for people, one product per line: "uri:viewer, valid 2026-11-21
// 10:00:00 to 2027-11-21 10:00:00, activated at claim". Text that is not such JSON comes back as
// it is.
std::vector<std::string> describeGrantedProducts(const std::string& productsJson);

}  // namespace membersync::apply
