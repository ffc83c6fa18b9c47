#include "jobs/apply/account_lookup.h"

#include <mutex>

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
        center::MemberFilter filter;
        filter.keyword = account;
        const auto listed = client.listAllMembers(filter);
        std::lock_guard<std::mutex> lock(mutex);
        if (!listed.ok()) {
          out.unknown[account] = listed.error().describe();
          return;
        }
        const center::MemberListItem* member = memberOfAccount(listed.value(), account, suffix);
        out.unknown.erase(account);
        if (member)
          out.found.emplace(account, *member);
        else
          out.absent.insert(account);
      },
      stop);
  return out;
}

}  // namespace membersync::apply
