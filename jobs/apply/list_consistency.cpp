#include "jobs/apply/list_consistency.h"

#include <algorithm>
#include <string_view>
#include <unordered_set>

#include "jobs/apply/account_lookup.h"
#include "jobs/core/text.h"

namespace membersync::apply {
namespace {

// "a, b, c and 4 more": the first few accounts, for a message a person reads.
std::string someOf(const std::vector<std::string>& accounts) {
  constexpr std::size_t kNamed = 5;
  std::string out;
  for (std::size_t i = 0; i < accounts.size() && i < kNamed; ++i)
    out += (i ? ", " : "") + accounts[i];
  if (accounts.size() > kNamed) out += " and " + std::to_string(accounts.size() - kNamed) + " more";
  return out;
}

// The links to members the list does not hold at all (neither live nor listed deleted), among
// those the plan drops: only such a member can have slipped past the list.
std::vector<const state::Link*> droppedUnlisted(
    const plan::Plan& plan, const state::Snapshot& state,
    const std::vector<center::MemberListItem>& members) {
  std::vector<const state::Link*> links;
  if (plan.stateChanges.droppedLinks.empty()) return links;
  std::unordered_set<std::string_view> listed;
  listed.reserve(members.size());
  for (const auto& m : members) listed.insert(m.globalId);
  for (const auto& employeeId : plan.stateChanges.droppedLinks) {
    const auto link = state.linksByEmployee.find(employeeId);
    if (link != state.linksByEmployee.end() && !listed.count(link->second.globalId))
      links.push_back(&link->second);
  }
  return links;
}

}  // namespace

std::optional<std::string> membersLostBetweenReads(const center::MemberListing& listing,
                                                   const directory::Export& hr,
                                                   const state::Snapshot& state,
                                                   const plan::PlanSettings& settings) {
  if (listing.onlyInFirstRead.empty()) return std::nullopt;
  std::unordered_set<std::string> hrAccounts;
  for (const auto& p : hr.people) hrAccounts.insert(lowerAscii(p.account));
  std::unordered_set<std::string_view> linked;
  for (const auto& [employeeId, link] : state.linksByEmployee) linked.insert(link.globalId);
  const std::string only = lowerAscii(settings.onlyAccount);
  std::vector<std::string> lost;
  for (const auto& m : listing.onlyInFirstRead) {
    const std::string account = lowerAscii(accountOf(m.userName, settings.accountSuffix));
    if (!only.empty() && account != only) continue;
    if (hrAccounts.count(account) || linked.count(m.globalId)) lost.push_back(account);
  }
  if (lost.empty()) return std::nullopt;
  return "the member list changed while it was read (total " + std::to_string(listing.firstTotal) +
         ", then " + std::to_string(listing.total) + "), and a second read missed " +
         std::to_string(lost.size()) + " members HR lists or membersync manages (" + someOf(lost) +
         "): deleted meanwhile, or moved between pages while it was read; nothing was done; run "
         "again";
}

std::optional<std::string> missedLinkedMembers(center::MemberCenterClient& client,
                                               const plan::Plan& plan, const state::Snapshot& state,
                                               const std::vector<center::MemberListItem>& members,
                                               const std::string& suffix, int workers) {
  const std::vector<const state::Link*> links = droppedUnlisted(plan, state, members);
  std::vector<std::string> accounts;
  for (const state::Link* link : links) accounts.push_back(link->account);
  const AccountLookup lookup = lookUpAccounts(client, accounts, suffix, workers);
  std::vector<std::string> missed, unconfirmed;
  for (const state::Link* link : links) {
    const auto found = lookup.found.find(link->account);
    if (found != lookup.found.end() && found->second.globalId == link->globalId)
      missed.push_back(link->account);
    const auto why = lookup.unknown.find(link->account);
    if (why != lookup.unknown.end()) unconfirmed.push_back(link->account + " (" + why->second + ")");
  }
  std::sort(missed.begin(), missed.end());
  std::sort(unconfirmed.begin(), unconfirmed.end());
  if (!missed.empty())
    return "the member list missed " + std::to_string(missed.size()) +
           " members membersync manages that the center still has (" + someOf(missed) +
           "): a member moved between pages while the list was read; nothing was done; run again";
  if (!unconfirmed.empty())
    return "cannot confirm that the members missing from the list are gone, looking them up by "
           "account: " +
           someOf(unconfirmed) + "; nothing was done; run again";
  return std::nullopt;
}

}  // namespace membersync::apply
