// A5 read in full: MemberCenterClient::listAllMembers (facts.md, "The page object").
#include <algorithm>
#include <atomic>
#include <exception>
#include <map>
#include <mutex>
#include <optional>
#include <string_view>
#include <thread>
#include <unordered_set>

#include "jobs/center/error_codes.h"
#include "jobs/center/member_center_client.h"

namespace membersync::center {
namespace {

struct Snapshot {
  std::vector<MemberListItem> members;  // distinct by globalId, in page order
  std::int64_t total = 0;               // as page 1 reported it
  bool consistent = false;              // the count matches `total` and every page agreed on it
};

constexpr std::int64_t kMostPages = 1'000'000;  // a page count past this is not believed

std::int64_t ceilDiv(std::int64_t a, std::int64_t b) { return b > 0 ? (a + b - 1) / b : 0; }

// The page size the server really used: its own pageSize (it may clamp what was asked), or fewer
// when page 1 was not the last and still held fewer items.
int effectivePageSize(const MemberPage& first, int asked) {
  int size = first.pageSize > 0 ? first.pageSize : asked;
  if (first.hasNextPage && !first.list.empty() && static_cast<int>(first.list.size()) < size)
    size = static_cast<int>(first.list.size());
  return size;
}

// How many pages to read: 1 when page 1 says there is no next page; else the page count (never
// lastPage, which ends the navigation window, not the list). A server that returns the last page
// for a page past the end ("reasonable" paging) costs nothing more: the count is fixed up front.
int pagesToRead(const MemberPage& first, int size) {
  if (!first.hasNextPage) return 1;
  std::int64_t pages = ceilDiv(first.total, size);
  if (size == first.pageSize) pages = std::max<std::int64_t>(pages, first.pages);
  return static_cast<int>(std::clamp<std::int64_t>(pages, 2, kMostPages));
}

using Pages = std::map<int, Result<MemberPage>>;

// Reads pages first..last with up to `workers` threads, keyed by page number. Stops handing out
// pages after the first failure. The map grows with the answers that came, never with the page
// count the service claimed.
Pages readRange(MemberCenterClient& client, const MemberFilter& filter, int size, int first, int last,
                int workers, bool once = false) {
  Pages results;
  if (last < first) return results;
  std::mutex resultsMutex;
  std::atomic<int> next{first};
  std::atomic<bool> stop{false};
  std::exception_ptr thrown;
  auto work = [&] {
    try {
      for (int n = next++; n <= last && !stop; n = next++) {
        auto page = client.listMembersPage(n, filter, size, once);
        if (!page.ok()) stop = true;
        std::lock_guard<std::mutex> lock(resultsMutex);
        results.emplace(n, std::move(page));
      }
    } catch (...) {  // handed to the calling thread below, not swallowed
      std::lock_guard<std::mutex> lock(resultsMutex);
      thrown = std::current_exception();
      stop = true;
    }
  };
  std::vector<std::thread> threads;
  for (int i = 0; i < std::min(workers, last - first + 1); ++i) threads.emplace_back(work);
  for (auto& t : threads) t.join();
  if (thrown) std::rethrow_exception(thrown);
  return results;
}

// The first failure among the pages read, if any.
const Result<MemberPage>* firstFailure(const Pages& pages) {
  for (const auto& [n, page] : pages)
    if (!page.ok()) return &page;
  return nullptr;
}

// Page 1, and with `guessPages` > 1 pages 2..guessPages read at the same time (the page count
// the state expects): when the guess holds, the whole list costs one round of parallel reads
// instead of page 1 and then the rest.
Pages readFirst(MemberCenterClient& client, const MemberFilter& filter, int asked, int workers,
                int guessPages) {
  if (guessPages <= 1) {
    Pages pages;
    pages.emplace(1, client.listMembersPage(1, filter, asked));
    return pages;
  }
  return readRange(client, filter, asked, 1, guessPages, workers);
}

// The pages read ahead, as if just read, when they hold page 1 in the pages asked for: pages 1
// to the first one missing (moved out of `ahead`), so that the rest is read as after a
// read-ahead that stopped there.
std::optional<Pages> pagesAhead(MembersAhead* ahead, int asked) {
  if (!ahead || ahead->pageSize != asked || !ahead->pages.count(1)) return std::nullopt;
  Pages pages;
  for (int n = 1;; ++n) {
    const auto page = ahead->pages.find(n);
    if (page == ahead->pages.end()) return pages;
    pages.emplace(n, Result<MemberPage>::success(std::move(page->second)));
    ahead->pages.erase(page);
  }
}

Result<Snapshot> readOnce(MemberCenterClient& client, const MemberFilter& filter, int asked, int workers,
                          int guessPages, MembersAhead* ahead) {
  auto given = pagesAhead(ahead, asked);
  Pages pages = given ? std::move(*given) : readFirst(client, filter, asked, workers, guessPages);
  // Page 1 first: a read-ahead page that failed matters only if the list still reaches it.
  const auto first = pages.find(1);
  if (first == pages.end()) return Result<Snapshot>::carry(*firstFailure(pages));
  if (!first->second.ok()) return Result<Snapshot>::carry(first->second);
  MemberPage p1 = std::move(first->second).value();
  pages.erase(first);
  const int size = effectivePageSize(p1, asked);
  if (p1.hasNextPage && ceilDiv(p1.total, size) > kMostPages) {
    return Result<Snapshot>::failure(makeError(
        Endpoint::ListMembers, ErrorKind::Protocol,
        "page 1 claims " + std::to_string(p1.total) + " members in pages of " + std::to_string(size) +
            ", more than 1,000,000 pages: not read"));
  }
  const int last = pagesToRead(p1, size);
  // Pages read ahead count only when they were cut as page 1 says and lie within the list; the
  // rest are read now.
  if (size != asked) pages.clear();
  pages.erase(pages.upper_bound(last), pages.end());
  if (const auto* failed = firstFailure(pages)) return Result<Snapshot>::carry(*failed);
  // The first page not read yet: the read-ahead hands pages out in order, so after it come only
  // pages it never asked for (one it did ask for again would only be read twice, not counted).
  int next = 2;
  while (pages.count(next)) ++next;
  pages.merge(readRange(client, filter, size, next, last, workers));
  if (const auto* failed = firstFailure(pages)) return Result<Snapshot>::carry(*failed);

  Snapshot snap;
  snap.total = p1.total;
  snap.consistent = true;
  std::size_t listed = p1.list.size();
  for (auto& [n, page] : pages) listed += page.value().list.size();
  // Reserved in full, so the views of `seen` into the members taken stay valid.
  snap.members.reserve(listed);
  std::unordered_set<std::string_view> seen;
  seen.reserve(listed);
  auto take = [&](MemberPage& page) {
    if (page.total != p1.total) snap.consistent = false;
    for (auto& m : page.list) {
      if (seen.count(m.globalId)) continue;
      snap.members.push_back(std::move(m));
      seen.insert(snap.members.back().globalId);
    }
  };
  take(p1);
  for (auto& [n, page] : pages) take(page.value());
  if (static_cast<std::int64_t>(snap.members.size()) != snap.total) snap.consistent = false;
  return Result<Snapshot>::success(std::move(snap));
}

// Pages the last count fills are read with page 1; a wrong guess costs a few reads, never a member.
int pagesExpected(std::int64_t expectedMembers, int size) {
  return static_cast<int>(std::clamp<std::int64_t>(
      ceilDiv(std::max<std::int64_t>(expectedMembers, 0), size), 1, kMostPages));
}

}  // namespace

MembersAhead MemberCenterClient::readMembersAhead(std::int64_t expectedMembers) {
  const ClientOptions& o = session_.options();
  const int size = std::max(1, o.pageSize);
  const int workers = std::max(1, o.maxConcurrency);
  MembersAhead ahead;
  ahead.pageSize = size;
  // One round at most (a page a thread, one attempt each), so whoever waits for the read-ahead
  // waits one time-out at most; the list reads the rest.
  Pages pages = readRange(*this, {}, size, 1, std::min(workers, pagesExpected(expectedMembers, size)),
                          workers, true);
  for (auto& [n, page] : pages)
    if (page.ok()) ahead.pages.emplace(n, std::move(page).value());
  return ahead;
}

Result<std::vector<MemberListItem>> MemberCenterClient::listAllMembers(const MemberFilter& filter,
                                                                     std::int64_t expectedMembers,
                                                                     MembersAhead* ahead) {
  using Members = Result<std::vector<MemberListItem>>;
  const ClientOptions& o = session_.options();
  const int workers = std::max(1, o.maxConcurrency);
  const int size = std::max(1, o.pageSize);
  const bool unfiltered = !filter.departmentId && !filter.keyword;
  for (int pass = 1;; ++pass) {
    auto snap = readOnce(*this, filter, size, workers, pass == 1 ? pagesExpected(expectedMembers, size) : 1,
                         pass == 1 && unfiltered ? ahead : nullptr);
    if (!snap.ok()) return Members::carry(snap);
    Snapshot& s = snap.value();
    if (s.consistent) return Members::success(std::move(s.members));
    if (pass == 2)
      return Members::failure(makeError(
          Endpoint::ListMembers, ErrorKind::RetryLater,
          "the member list changed while it was read, twice: " + std::to_string(s.members.size()) +
              " distinct members were read, the total says " + std::to_string(s.total)));
  }
}

}  // namespace membersync::center
