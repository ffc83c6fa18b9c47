#pragma once

#include <optional>
#include <string>
#include <vector>

#include "jobs/center/member_center_client.h"
#include "jobs/directory/person.h"
#include "jobs/plan/plan.h"
#include "jobs/plan/plan_settings.h"
#include "jobs/state/records.h"

namespace membersync::apply {

// A member can slip between the pages of the member list while it is read: a member deleted on a
// page already read, and one added on a page still to come, keep `total` and push a live member
// from the next page onto the one already read. Planned from, such a list re-adds a person whose
// member is there, or loses a departure with its link. These two checks keep a run from acting
// on a list that missed a member it would act on.

// Why the second read of a list that changed while it was read (MemberListing::readTwice) must
// not be planned from, or nullopt. The run plans from the second read, so a member only it lists
// is planned as it should be. A member only the first read listed live was deleted meanwhile or
// slipped between the second read's pages, and nothing tells which; it matters when the plan
// would act on its absence: its account is an HR row's (the row would be added, not adopted), or
// state links it (the person re-added, or the departure lost with the link). Under --only, only
// that account counts. Pure; costs nothing when one read sufficed.
std::optional<std::string> membersLostBetweenReads(const center::MemberListing& listing,
                                                   const directory::Export& hr,
                                                   const state::Snapshot& state,
                                                   const plan::PlanSettings& settings);

// Why `plan` must not be carried out, or nullopt. The links it drops because `members` does not
// list their member at all (StateChanges::droppedLinks: an add of the person, or the departure
// that would end with the link) are looked up by A5 keyword (the link's account; lookUpAccounts), up
// to `workers` at once: a live member of that account with the link's globalId means the list missed it (it slipped
// between pages while the list was read). A look-up that fails is a reason too: the plan cannot
// be confirmed. No call at all when the plan drops no such link, as in a run where nothing was
// deleted on the center by hand.
std::optional<std::string> missedLinkedMembers(center::MemberCenterClient& client,
                                               const plan::Plan& plan, const state::Snapshot& state,
                                               const std::vector<center::MemberListItem>& members,
                                               const std::string& suffix, int workers);

}  // namespace membersync::apply
