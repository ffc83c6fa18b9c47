// A5 read in full: MemberCenterClient::readMemberList and listAllMembers (facts.md, "The page
// object"), bounded by [center] max_member_pages and read twice when it moved while it was read.
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
#include "jobs/center/page_check.h"

namespace membersync::center {
namespace {

struct Snapshot {
  std::vector<MemberListItem> members;  // distinct by globalId, in page order
  std::int64_t total = 0;               // as page 1 reported it
  int pageSize = 0;                     // as page 1 cut it
  int pages = 1;                        // read, as page 1 counted them
  bool consistent = false;              // the count matches `total` and every page agreed on it
};

// How the list is read: the page size asked ([center] page_size), the calls in flight, and the
// most pages one read may take ([center] max_member_pages).
struct Paging {
  int asked = 1;
  int workers = 1;
  int mostPages = 1;
};

Paging pagingOf(const ClientOptions& o) {
  return {std::max(1, o.pageSize), std::max(1, o.maxConcurrency), std::max(1, o.memberPageLimit())};
}

std::int64_t ceilDiv(std::int64_t a, std::int64_t b) {
  return b > 0 ? (a + b - 1) / b : 0;
}

// The page size the server really used: its own pageSize (it may clamp what was asked), else
// the size asked. Never the size of page 1's list: a short page 1 is refused (pageShapeProblem),
// not followed into smaller pages.
int cutOf(const MemberPage& first, int asked) {
  return first.pageSize > 0 ? first.pageSize : asked;
}

// How many pages to read: 1 when page 1 says there is no next page; else the page count (never
// lastPage, which ends the navigation window, not the list). A server that returns the last page
// for a page past the end ("reasonable" paging) costs nothing more: the count is fixed up front.
// The caller has checked the count against max_member_pages.
int pagesToRead(const MemberPage& first, int size) {
  if (!first.hasNextPage) return 1;
  return static_cast<int>(std::max<std::int64_t>(ceilDiv(first.total, size), 2));
}

Error listError(const std::string& why) {
  return makeError(Endpoint::ListMembers, ErrorKind::Protocol, why);
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

// Pages 2..last, read and checked: the first failure among them, or a page that does not fit
// the list as page 1 cut it, as the read's failure; nullopt when all came and fit.
std::optional<Result<Snapshot>> readRest(MemberCenterClient& client, const MemberFilter& filter,
                                         const Paging& paging, int size, int last, Pages& pages) {
  if (const auto* failed = firstFailure(pages)) return Result<Snapshot>::carry(*failed);
  // The first page not read yet: the read-ahead hands pages out in order, so after it come only
  // pages it never asked for (one it did ask for again would only be read twice, not counted).
  int next = 2;
  while (pages.count(next)) ++next;
  pages.merge(readRange(client, filter, size, next, last, paging.workers));
  if (const auto* failed = firstFailure(pages)) return Result<Snapshot>::carry(*failed);
  for (const auto& [n, page] : pages)
    if (auto why = pageShapeProblem(page.value(), n, size))
      return Result<Snapshot>::failure(listError(*why));
  return std::nullopt;
}

// Page 1 and the rest as one list: distinct by globalId, and consistent when every page gave
// page 1's total and the members add up to it.
Snapshot snapshotOf(MemberPage& p1, Pages& pages, int size, int last) {
  Snapshot snap;
  snap.total = p1.total;
  snap.pageSize = size;
  snap.pages = last;
  snap.consistent = true;
  // The pages' department names are for `membersync check` only: freed before the joined list
  // is allocated, as each page's list is once taken, so that the list is not held twice over.
  std::vector<std::string>().swap(p1.departmentNames);
  std::size_t listed = p1.list.size();
  for (auto& [n, page] : pages) {
    listed += page.value().list.size();
    std::vector<std::string>().swap(page.value().departmentNames);
  }
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
    std::vector<MemberListItem>().swap(page.list);
  };
  take(p1);
  for (auto& [n, page] : pages) take(page.value());
  if (static_cast<std::int64_t>(snap.members.size()) != snap.total) snap.consistent = false;
  return snap;
}

Result<Snapshot> readOnce(MemberCenterClient& client, const MemberFilter& filter,
                          const Paging& paging, int guessPages, MembersAhead* ahead) {
  const int asked = paging.asked;
  auto given = pagesAhead(ahead, asked);
  Pages pages =
      given ? std::move(*given) : readFirst(client, filter, asked, paging.workers, guessPages);
  // Page 1 first: a read-ahead page that failed matters only if the list still reaches it.
  const auto first = pages.find(1);
  if (first == pages.end()) return Result<Snapshot>::carry(*firstFailure(pages));
  if (!first->second.ok()) return Result<Snapshot>::carry(first->second);
  MemberPage p1 = std::move(first->second).value();
  pages.erase(first);
  // Page 1's counts decide how many more calls the read makes: checked before any is made.
  const int size = cutOf(p1, asked);
  if (auto why = pageShapeProblem(p1, 1, size)) return Result<Snapshot>::failure(listError(*why));
  if (p1.hasNextPage)
    if (auto why = pageCountProblem(p1.total, size, asked, paging.mostPages))
      return Result<Snapshot>::failure(listError(*why));
  const int last = pagesToRead(p1, size);
  // Pages read ahead count only when they were cut as page 1 says and lie within the list; the
  // rest are read now.
  if (size != asked) pages.clear();
  pages.erase(pages.upper_bound(last), pages.end());
  if (auto failed = readRest(client, filter, paging, size, last, pages)) return std::move(*failed);
  return Result<Snapshot>::success(snapshotOf(p1, pages, size, last));
}

// The members `first` lists live that `second` does not list live.
std::vector<MemberListItem> liveOnlyInFirst(std::vector<MemberListItem>& first,
                                            const std::vector<MemberListItem>& second) {
  std::unordered_set<std::string_view> live;
  live.reserve(second.size());
  for (const auto& m : second)
    if (!m.deleted) live.insert(m.globalId);
  std::vector<MemberListItem> out;
  for (auto& m : first)
    if (!m.deleted && !live.count(m.globalId)) out.push_back(std::move(m));
  return out;
}

// Pages the last count fills are read with page 1; a wrong guess costs a few reads, never a member.
int pagesExpected(std::int64_t expectedMembers, const Paging& paging) {
  return static_cast<int>(std::clamp<std::int64_t>(
      ceilDiv(std::max<std::int64_t>(expectedMembers, 0), paging.asked), 1, paging.mostPages));
}

}  // namespace

MembersAhead MemberCenterClient::readMembersAhead(std::int64_t expectedMembers) {
  const Paging paging = pagingOf(session_.options());
  MembersAhead ahead;
  ahead.pageSize = paging.asked;
  // One round at most (a page a thread, one attempt each), so whoever waits for the read-ahead
  // waits one time-out at most; the list reads the rest.
  Pages pages = readRange(*this, {}, paging.asked, 1,
                          std::min(paging.workers, pagesExpected(expectedMembers, paging)),
                          paging.workers, true);
  for (auto& [n, page] : pages)
    if (page.ok()) ahead.pages.emplace(n, std::move(page).value());
  return ahead;
}

Result<MemberListing> MemberCenterClient::readMemberList(const MemberFilter& filter,
                                                         std::int64_t expectedMembers,
                                                         MembersAhead* ahead) {
  using Listing = Result<MemberListing>;
  const Paging paging = pagingOf(session_.options());
  const bool unfiltered = !filter.departmentId && !filter.keyword;
  auto first = readOnce(*this, filter, paging, pagesExpected(expectedMembers, paging),
                        unfiltered ? ahead : nullptr);
  if (!first.ok()) return Listing::carry(first);
  Snapshot& one = first.value();
  // Page 1 again once the last page has come, so the read is bracketed by two totals: one that
  // moved means a member came or went while the pages were read (or while the export was, for
  // pages read ahead). A single page is a single answer: nothing can move within it.
  if (one.consistent && one.pages > 1) {
    auto again = listMembersPage(1, filter, one.pageSize);
    if (!again.ok()) return Listing::carry(again);
    one.consistent = again.value().total == one.total;
  }
  MemberListing listing;
  listing.firstTotal = listing.total = one.total;
  if (one.consistent) {
    listing.members = std::move(one.members);
    return Listing::success(std::move(listing));
  }
  auto second = readOnce(*this, filter, paging, 1, nullptr);
  if (!second.ok()) return Listing::carry(second);
  listing.readTwice = true;
  listing.total = second.value().total;
  listing.members = std::move(second.value().members);
  listing.onlyInFirstRead = liveOnlyInFirst(one.members, listing.members);
  return Listing::success(std::move(listing));
}

Result<std::vector<MemberListItem>> MemberCenterClient::listAllMembers(const MemberFilter& filter,
                                                                       std::int64_t expectedMembers,
                                                                       MembersAhead* ahead) {
  using Members = Result<std::vector<MemberListItem>>;
  auto listing = readMemberList(filter, expectedMembers, ahead);
  if (!listing.ok()) return Members::carry(listing);
  MemberListing& l = listing.value();
  if (!l.onlyInFirstRead.empty()) {
    return Members::failure(makeError(
        Endpoint::ListMembers, ErrorKind::RetryLater,
        "the member list changed while it was read (total " + std::to_string(l.firstTotal) +
            ", then " + std::to_string(l.total) + "), and a second read missed " +
            std::to_string(l.onlyInFirstRead.size()) + " members the first listed (the first: " +
            l.onlyInFirstRead.front().userName + "); run again"));
  }
  return Members::success(std::move(l.members));
}

}  // namespace membersync::center
