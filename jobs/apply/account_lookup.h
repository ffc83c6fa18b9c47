#pragma once

// Asking the center for single accounts (A5 with a keyword), for what the member list alone must
// not decide: whether an account truly has no member. A member can be missing from a list read
// page by page while others edit the center, and an add or delete in doubt judged on that alone
// would void a password in force or forget a member.

#include <atomic>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "jobs/center/member_center_client.h"

namespace membersync::apply {

struct AccountLookup {
  std::map<std::string, center::MemberListItem> found;  // by account: its live member
  std::set<std::string> absent;   // the center answered, and no live member has the account
  // The read failed (why, for people), or was not made (the run is stopping: "not asked").
  std::map<std::string, std::string> unknown;
};

// Each of `accounts` (lower case, without the suffix) by A5 keyword, up to `workers` at once;
// none started once `stop` is set. A member counts when its userName minus `suffix` is the
// account, case-insensitively, and it is not deleted.
AccountLookup lookUpAccounts(center::MemberCenterClient& client,
                             const std::vector<std::string>& accounts, const std::string& suffix,
                             int workers, const std::atomic<bool>* stop = nullptr);

// The live member of one account in a keyword list (A5's keyword matches more than the account).
const center::MemberListItem* memberOfAccount(const std::vector<center::MemberListItem>& listed,
                                              const std::string& account,
                                              const std::string& suffix);

}  // namespace membersync::apply
