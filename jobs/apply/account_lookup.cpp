#include "jobs/apply/account_lookup.h"

#include <mutex>
#include <optional>

#include "jobs/apply/parallel.h"
#include "jobs/core/text.h"

namespace membersync::apply {

const center::MemberListItem* memberOfAccount(const std::vector<center::MemberListItem>& listed,
                                              const std::string& account,
                                              const std::string& suffix) {
  for (const auto& m : listed) {
    if (!m.deleted && lowerAscii(accountOf(m.userName, suffix)) == account) return &m;
  }
  return nullptr;
}

AccountLookup lookUpAccounts(center::MemberCenterClient& client,
                             const std::vector<std::string>& accounts, const std::string& suffix,
                             int workers, const std::atomic<bool>* stop) {
  AccountLookup out;
  for (const auto& account : accounts) out.unknown.emplace(account, "not asked");
  std::mutex mutex;
  parallelFor(
      accounts.size(), workers,
      [&](std::size_t i) {
        const std::string& account = accounts[i];
        // By the account, then by the whole userName: the spec does not say whether A5's
        // keyword matches part of a userName or all of it, and "absent" must be sure.
        std::optional<center::MemberListItem> member;
        std::string failure;
        for (const std::string& keyword : {account, account + suffix}) {
          center::MemberFilter filter;
          filter.keyword = keyword;
          const auto listed = client.listAllMembers(filter);
          if (!listed.ok()) {
            failure = listed.error().describe();
            break;
          }
          if (const auto* m = memberOfAccount(listed.value(), account, suffix)) {
            member = *m;
            break;
          }
        }
        std::lock_guard<std::mutex> lock(mutex);
        if (!failure.empty()) {
          out.unknown[account] = failure;
          return;
        }
        out.unknown.erase(account);
        if (member)
          out.found.emplace(account, std::move(*member));
        else
          out.absent.insert(account);
      },
      stop);
  return out;
}

}  // namespace membersync::apply
