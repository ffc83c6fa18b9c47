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
  out.unknown.insert(accounts.begin(), accounts.end());  // until answered
  std::mutex mutex;
  parallelFor(
      accounts.size(), workers,
      [&](std::size_t i) {
        const std::string& account = accounts[i];
        center::MemberFilter filter;
        filter.keyword = account;
        const auto listed = client.listAllMembers(filter);
        if (!listed.ok()) return;
        const center::MemberListItem* member = memberOfAccount(listed.value(), account, suffix);
        std::lock_guard<std::mutex> lock(mutex);
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
