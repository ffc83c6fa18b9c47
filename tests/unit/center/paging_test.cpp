#include <catch2/catch.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <map>
#include <mutex>
#include <set>
#include <thread>

#include "jobs/center/read_ahead.h"
#include "tests/unit/center/rig.h"

using namespace membersync::center;
using namespace membersync::center::testing;

namespace {

// A member list served the way PageHelper pages it (facts.md): pages = ceil(total / pageSize),
// lastPage ends the navigation window of 8, an optional page-size clamp, and "reasonable" paging
// (a page past the end returns the last page). Thread-safe.
class PagedList {
 public:
  explicit PagedList(int count) {
    for (int i = 0; i < count; ++i) add();
  }
  void add(bool atFront = false) {
    const std::string id = std::to_string(next_++);
    members_.insert(atFront ? members_.begin() : members_.end(), id);
  }
  void removeLast(std::size_t n) { members_.resize(members_.size() - n); }
  void removeFirst() { members_.erase(members_.begin()); }
  int maxPageSize = 0;
  bool reasonable = false;
  std::function<void(PagedList&, int pageNum)> beforePage;  // may change the list

  TransportResult answer(const HttpRequest& r) {
    const int asked = std::stoi(queryParam(r, "pageNum"));
    std::lock_guard<std::mutex> lock(mutex_);
    ++requests_[asked];
    if (beforePage) beforePage(*this, asked);
    int size = std::stoi(queryParam(r, "pageSize"));
    if (maxPageSize > 0) size = std::min(size, maxPageSize);
    const int total = static_cast<int>(members_.size());
    const int pages = (total + size - 1) / size;
    int pageNum = asked;
    if (reasonable && pages > 0 && pageNum > pages) pageNum = pages;
    const int start = std::min(total, (pageNum - 1) * size);
    const int end = std::min(total, start + size);
    std::string list;
    for (int i = start; i < end; ++i)
      list += (list.empty() ? "" : ",") + std::string(R"({"id":)") + members_[i] + R"(,"globalId":"G-)" +
              members_[i] + R"(","userName":"u)" + members_[i] + R"(@acme","name":"成员","deleted":)" +
              (std::stoi(members_[i]) % 10 == 0 ? "true" : "false") + "}";
    int first = 1, last = pages;
    if (pages > 8) {
      first = std::clamp(pageNum - 4, 1, pages - 7);
      last = first + 7;
    }
    std::string nav;
    for (int n = first; n <= last; ++n) nav += (nav.empty() ? "" : ",") + std::to_string(n);
    const int count = end - start;
    auto flag = [](bool b) { return b ? "true" : "false"; };
    return okAnswer(
        R"({"pageNum":)" + std::to_string(pageNum) + R"(,"pageSize":)" + std::to_string(size) +
        R"(,"size":)" + std::to_string(count) + R"(,"orderBy":null,"startRow":)" +
        std::to_string(count ? start + 1 : 0) + R"(,"endRow":)" + std::to_string(count ? end : 0) +
        R"(,"total":)" + std::to_string(total) + R"(,"pages":)" + std::to_string(pages) + R"(,"list":[)" +
        list + R"(],"firstPage":)" + std::to_string(first) + R"(,"prePage":)" +
        std::to_string(pageNum > 1 ? pageNum - 1 : 0) + R"(,"nextPage":)" +
        std::to_string(pageNum < pages ? pageNum + 1 : 0) + R"(,"lastPage":)" + std::to_string(last) +
        R"(,"isFirstPage":)" + flag(pageNum == 1) + R"(,"isLastPage":)" + flag(pageNum == pages || pages == 0) +
        R"(,"hasPreviousPage":)" + flag(pageNum > 1) + R"(,"hasNextPage":)" + flag(pageNum < pages) +
        R"(,"navigatePages":8,"navigatepageNums":[)" + nav + "]}");
  }

  std::map<int, int> requests() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return requests_;
  }
  std::size_t size() const { return members_.size(); }

 private:
  mutable std::mutex mutex_;
  std::vector<std::string> members_;
  int next_ = 1;
  std::map<int, int> requests_;
};

void serve(Rig& rig, PagedList& list) {
  rig.service.handler = [&list](const HttpRequest& r) { return list.answer(r); };
}

std::set<std::string> distinctIds(const std::vector<MemberListItem>& members) {
  std::set<std::string> ids;
  for (const auto& m : members) ids.insert(m.globalId);
  return ids;
}

}  // namespace

TEST_CASE(
    "paging: 25 pages are all read once each, past the lastPage navigation window, and page 1 "
    "once more after the last",
    "[center]") {
  Rig rig;
  PagedList list(2480);
  serve(rig, list);
  auto all = rig.members.listAllMembers();
  REQUIRE(all.ok());
  CHECK(all.value().size() == 2480);
  CHECK(distinctIds(all.value()).size() == 2480);
  const auto requests = list.requests();
  CHECK(requests.size() == 25);
  CHECK(requests.at(1) == 2);
  for (int n = 2; n <= 25; ++n) CHECK(requests.at(n) == 1);
  CHECK(queryParam(rig.service.apiRequests().back(), "pageNum") == "1");  // after the last page
}

TEST_CASE("paging: a page size the server clamps is followed for the other pages", "[center]") {
  Rig rig;
  PagedList list(250);
  list.maxPageSize = 10;
  serve(rig, list);
  auto all = rig.members.listAllMembers();
  REQUIRE(all.ok());
  CHECK(all.value().size() == 250);
  CHECK(list.requests().size() == 25);
  for (const auto& r : rig.service.apiRequests())
    if (queryParam(r, "pageNum") != "1") CHECK(queryParam(r, "pageSize") == "10");
}

TEST_CASE("paging: 25 clamped pages under reasonable paging are read completely and exactly once", "[center]") {
  Rig rig;
  PagedList list(243);
  list.maxPageSize = 10;
  list.reasonable = true;
  serve(rig, list);
  auto all = rig.members.listAllMembers();
  REQUIRE(all.ok());
  CHECK(all.value().size() == 243);
  const auto requests = list.requests();
  CHECK(requests.size() == 25);
  CHECK(requests.rbegin()->first == 25);
}

TEST_CASE("paging: with reasonable paging a page past the end repeats the last page, and the read still ends",
          "[center]") {
  Rig rig;
  PagedList list(250);
  list.maxPageSize = 10;
  list.reasonable = true;
  bool shrunk = false;
  list.beforePage = [&shrunk](PagedList& l, int pageNum) {
    if (pageNum != 1 && !shrunk) {
      shrunk = true;
      l.removeLast(30);  // pages 23-25 now lie past the end and answer with page 22
    }
  };
  serve(rig, list);
  auto all = rig.members.listAllMembers();
  REQUIRE(all.ok());
  CHECK(all.value().size() == 220);
  CHECK(distinctIds(all.value()).size() == 220);
  const auto requests = list.requests();
  CHECK(requests.at(1) == 2);   // the first read disagreed with its total, the second held still
  CHECK(requests.at(25) == 1);  // asked once, in the first read; never looped on
  CHECK(requests.at(22) == 2);
}

TEST_CASE("paging: members listed twice across pages are returned once", "[center]") {
  Rig rig;
  auto item = [](const std::string& id) {
    return R"({"globalId":")" + id + R"(","userName":")" + id + R"(@acme"})";
  };
  rig.service.handler = [&](const HttpRequest& r) {
    const std::string n = queryParam(r, "pageNum");
    const std::string list = n == "1" ? item("a") + "," + item("b")
                             : n == "2" ? item("b") + "," + item("c")
                                        : item("d") + "," + item("e");
    return okAnswer(R"({"pageNum":)" + n + R"(,"pageSize":2,"total":5,"pages":3,"hasNextPage":)" +
                    (n == "3" ? "false" : "true") + R"(,"list":[)" + list + "]}");
  };
  auto all = rig.members.listAllMembers();
  REQUIRE(all.ok());
  std::vector<std::string> ids;
  for (const auto& m : all.value()) ids.push_back(m.globalId);
  CHECK(ids == std::vector<std::string>{"a", "b", "c", "d", "e"});
}

TEST_CASE("paging: a list that changed while it was read is read once more", "[center]") {
  Rig rig;
  PagedList list(95);
  list.maxPageSize = 10;
  int inserted = 0;
  list.beforePage = [&inserted](PagedList& l, int pageNum) {
    if (pageNum == 5 && inserted++ == 0) l.add(true);  // one hire lands in the middle of the first read
  };
  serve(rig, list);
  auto all = rig.members.listAllMembers();
  REQUIRE(all.ok());
  CHECK(all.value().size() == 96);
  CHECK(list.requests().at(1) == 2);
}

TEST_CASE("paging: a list that keeps growing while it is read is taken from its second read",
          "[center]") {
  Rig rig;
  PagedList list(95);
  list.maxPageSize = 10;
  // An administrator adding people during both reads. At the end of the list, so that nobody
  // moves between pages: the pages are read in parallel, and a shift would make the test depend
  // on which page a thread reads first.
  list.beforePage = [](PagedList& l, int pageNum) {
    if (pageNum == 5) l.add();
  };
  serve(rig, list);
  auto listing = rig.members.readMemberList();
  REQUIRE(listing.ok());
  CHECK(listing.value().readTwice);
  CHECK(listing.value().firstTotal == 95);
  CHECK(listing.value().total >= 96);
  CHECK(listing.value().onlyInFirstRead.empty());  // nobody the first read listed went missing
  CHECK(list.requests().at(1) == 2);               // read twice, not forever
  REQUIRE(rig.members.listAllMembers().ok());
}

TEST_CASE(
    "paging: a member the first read listed and a second read misses is named, and fails "
    "listAllMembers",
    "[center]") {
  Rig rig;
  PagedList list(95);
  list.maxPageSize = 10;
  int reads = 0;
  list.beforePage = [&reads](PagedList& l, int pageNum) {
    // During the first read only, the first member (already read on page 1) is deleted.
    if (pageNum == 5 && reads++ == 0) l.removeFirst();
  };
  serve(rig, list);
  auto listing = rig.members.readMemberList();
  REQUIRE(listing.ok());
  CHECK(listing.value().readTwice);
  CHECK(listing.value().total == 94);
  REQUIRE(listing.value().onlyInFirstRead.size() == 1);
  CHECK(listing.value().onlyInFirstRead[0].globalId == "G-1");
  CHECK(listing.value().members.size() == 94);

  PagedList again(95);
  again.maxPageSize = 10;
  reads = 0;
  again.beforePage = list.beforePage;
  serve(rig, again);
  auto all = rig.members.listAllMembers();
  REQUIRE(all.failed());
  CHECK(all.error().kind == ErrorKind::RetryLater);
  CHECK(all.error().endpoint == "A5 list members");
  CHECK_THAT(all.error().message,
             Catch::Contains("changed while it was read (total 95, then 94)") &&
                 Catch::Contains("missed 1 members") && Catch::Contains("u1@acme"));
}

TEST_CASE(
    "paging: page 1 read again after the last page: a total that moved since has the list "
    "read once more",
    "[center]") {
  Rig rig;
  PagedList list(95);
  list.maxPageSize = 10;
  int firstPages = 0;
  list.beforePage = [&firstPages](PagedList& l, int pageNum) {
    // Every page of the first read agrees; the change lands just before page 1 is read again.
    if (pageNum == 1 && ++firstPages == 2) l.add();
  };
  serve(rig, list);
  auto listing = rig.members.readMemberList();
  REQUIRE(listing.ok());
  CHECK(listing.value().readTwice);
  CHECK(listing.value().members.size() == 96);
  CHECK(list.requests().at(1) == 3);  // the first read, page 1 again, the second read
  CHECK(list.requests().at(10) == 2);
}

TEST_CASE("paging: a list of one page is one call, with no page 1 read again", "[center]") {
  Rig rig;
  PagedList list(60);
  serve(rig, list);
  auto listing = rig.members.readMemberList();
  REQUIRE(listing.ok());
  CHECK_FALSE(listing.value().readTwice);
  CHECK(listing.value().members.size() == 60);
  CHECK(rig.service.apiRequests().size() == 1);
}

TEST_CASE("paging: members marked deleted are returned with the rest", "[center]") {
  Rig rig;
  PagedList list(30);
  serve(rig, list);
  auto all = rig.members.listAllMembers();
  REQUIRE(all.ok());
  CHECK(std::count_if(all.value().begin(), all.value().end(), [](const auto& m) { return m.deleted; }) == 3);
}

TEST_CASE("paging: an empty list is one request", "[center]") {
  Rig rig;
  PagedList list(0);
  serve(rig, list);
  auto all = rig.members.listAllMembers();
  REQUIRE(all.ok());
  CHECK(all.value().empty());
  CHECK(rig.service.apiRequests().size() == 1);
}

TEST_CASE("paging: one failed page fails the whole read with that page's error", "[center]") {
  Rig rig;
  PagedList list(250);
  list.maxPageSize = 10;
  rig.service.handler = [&list](const HttpRequest& r) {
    if (queryParam(r, "pageNum") == "7") return businessAnswer("60017", "not bound");
    return list.answer(r);
  };
  auto all = rig.members.listAllMembers();
  REQUIRE(all.failed());
  CHECK(all.error().code == "60017");
  CHECK(all.error().kind == ErrorKind::Configuration);
}

TEST_CASE("paging: pages after the first are read in parallel, at most max_concurrency at once", "[center]") {
  ClientOptions o = testOptions();
  o.maxConcurrency = 4;
  Rig rig(o);
  PagedList list(250);
  list.maxPageSize = 10;
  // The first two requests after page 1 wait for each other (a rendezvous with a generous
  // time-out that only a serial reader would reach), so overlap is shown, not hoped for.
  std::mutex m;
  std::condition_variable cv;
  int inFlight = 0, most = 0, calls = 0;
  rig.service.handler = [&](const HttpRequest& r) {
    std::unique_lock<std::mutex> lock(m);
    const int call = ++calls;
    most = std::max(most, ++inFlight);
    cv.notify_all();
    if (call == 2 || call == 3) cv.wait_for(lock, std::chrono::seconds(60), [&] { return most >= 2; });
    lock.unlock();
    auto answer = list.answer(r);
    lock.lock();
    --inFlight;
    return answer;
  };
  auto all = rig.members.listAllMembers();
  REQUIRE(all.ok());
  CHECK(all.value().size() == 250);
  CHECK(most >= 2);
  CHECK(most <= 4);
}

TEST_CASE("paging: a page 1 claiming more than a million pages is refused, not read", "[center]") {
  Rig rig;
  rig.service.handler = [](const HttpRequest&) {
    return okAnswer(R"({"pageNum":1,"pageSize":1,"total":5000000000,"pages":2000000000,"hasNextPage":true,)"
                    R"("list":[{"globalId":"a","userName":"a@acme"}]})");
  };
  auto all = rig.members.listAllMembers();
  REQUIRE(all.failed());
  CHECK(all.error().kind == ErrorKind::Protocol);
  CHECK(rig.service.apiRequests().size() == 1);
}

TEST_CASE("paging: with the count the state expects, page 1 and the pages it fills go out together",
          "[center]") {
  ClientOptions o = testOptions();
  o.maxConcurrency = 4;
  o.pageSize = 10;
  Rig rig(o);
  PagedList list(250);
  // Page 1 waits until a later page has arrived (a rendezvous with a generous time-out): a reader
  // that asked for page 1 alone first would keep it waiting alone.
  std::mutex m;
  std::condition_variable cv;
  bool laterPageAsked = false, overlapped = true;
  rig.service.handler = [&](const HttpRequest& r) {
    std::unique_lock<std::mutex> lock(m);
    if (queryParam(r, "pageNum") != "1") {
      laterPageAsked = true;
      cv.notify_all();
    } else if (!cv.wait_for(lock, std::chrono::seconds(60), [&] { return laterPageAsked; })) {
      overlapped = false;
    }
    lock.unlock();
    return list.answer(r);
  };
  auto all = rig.members.listAllMembers({}, 250);
  REQUIRE(all.ok());
  CHECK(overlapped);
  CHECK(all.value().size() == 250);
  const auto requests = list.requests();
  CHECK(requests.size() == 25);
  for (const auto& [page, times] : requests) CHECK(times == (page == 1 ? 2 : 1));
}

TEST_CASE("paging: a list grown past the expected count is read to its end, each page once",
          "[center]") {
  ClientOptions o = testOptions();
  o.pageSize = 10;
  Rig rig(o);
  PagedList list(337);
  serve(rig, list);
  auto all = rig.members.listAllMembers({}, 120);  // the state knew 12 pages, there are 34
  REQUIRE(all.ok());
  CHECK(all.value().size() == 337);
  const auto requests = list.requests();
  CHECK(requests.size() == 34);
  for (const auto& [page, times] : requests) CHECK(times == (page == 1 ? 2 : 1));
}

TEST_CASE("paging: a list shrunk below the expected count keeps no page past its end", "[center]") {
  ClientOptions o = testOptions();
  o.pageSize = 10;
  Rig rig(o);
  PagedList list(95);
  list.reasonable = true;  // pages past the end repeat the last one: they must not count twice
  serve(rig, list);
  auto all = rig.members.listAllMembers({}, 300);
  REQUIRE(all.ok());
  CHECK(all.value().size() == 95);
  CHECK(distinctIds(all.value()).size() == 95);
  CHECK(list.requests().size() == 30);  // the guess's pages were asked; a few reads wasted, no member
}

TEST_CASE("paging: pages read ahead are dropped when the server cuts pages smaller", "[center]") {
  ClientOptions o = testOptions();
  o.pageSize = 20;
  Rig rig(o);
  PagedList list(200);
  list.maxPageSize = 10;  // pages 2..10 read ahead at size 20 hold other members than page 1 says
  serve(rig, list);
  auto all = rig.members.listAllMembers({}, 200);
  REQUIRE(all.ok());
  CHECK(all.value().size() == 200);
  CHECK(distinctIds(all.value()).size() == 200);
  const auto requests = list.requests();
  CHECK(requests.size() == 20);
  CHECK(requests.at(1) == 2);  // once, and once more after the last page
  for (int page = 2; page <= 10; ++page) CHECK(requests.at(page) == 2);  // read ahead, then again
  for (int page = 11; page <= 20; ++page) CHECK(requests.at(page) == 1);
}

TEST_CASE("paging: a read-ahead page past the list's end that fails does not fail the listing",
          "[center]") {
  ClientOptions o = testOptions();
  o.pageSize = 10;
  Rig rig(o);
  PagedList list(95);  // 10 pages; the state expected 30
  rig.service.handler = [&list](const HttpRequest& r) {
    if (std::stoi(queryParam(r, "pageNum")) > 10) return TransportResult::answered(503, "busy");
    return list.answer(r);
  };
  auto all = rig.members.listAllMembers({}, 300);
  REQUIRE(all.ok());
  CHECK(all.value().size() == 95);
}

TEST_CASE("paging: a read-ahead page the list still reaches that fails fails the listing",
          "[center]") {
  ClientOptions o = testOptions();
  o.pageSize = 10;
  Rig rig(o);
  PagedList list(95);
  rig.service.handler = [&list](const HttpRequest& r) {
    if (queryParam(r, "pageNum") == "7") return TransportResult::answered(503, "busy");
    return list.answer(r);
  };
  auto all = rig.members.listAllMembers({}, 95);
  REQUIRE(all.failed());
  CHECK(all.error().kind == ErrorKind::RetryLater);
}

TEST_CASE("paging: the pages read ahead are the list's, each page read once in all", "[center]") {
  Rig rig;
  PagedList list(2480);  // 25 pages of 100
  serve(rig, list);
  MembersAhead ahead = rig.members.readMembersAhead(2480);
  // One round ahead: a page for each of the 8 calls in flight; the list reads the other 17.
  CHECK(ahead.pages.size() == 8);
  auto all = rig.members.listAllMembers({}, 2480, &ahead);
  REQUIRE(all.ok());
  CHECK(ahead.pages.empty());  // taken: moved into the list, not copied
  CHECK(distinctIds(all.value()).size() == 2480);
  const auto requests = list.requests();
  CHECK(requests.size() == 25);
  CHECK(requests.at(1) == 2);  // ahead, then again after the last page
  for (int n = 2; n <= 25; ++n) CHECK(requests.at(n) == 1);
}

TEST_CASE(
    "paging: a page read ahead is one attempt, one that failed is read again with retries, "
    "and pages past the guess are read after page 1",
    "[center]") {
  Rig rig;
  PagedList list(550);  // 6 pages; the read-ahead guesses 3
  std::atomic<int> failures{0};
  rig.service.handler = [&](const HttpRequest& r) {
    // Page 2 fails twice (80001): once ahead, once in the list, which retries it.
    if (queryParam(r, "pageNum") == "2" && failures.fetch_add(1) < 2)
      return businessAnswer("80001", "busy");
    return list.answer(r);
  };
  MembersAhead ahead = rig.members.readMembersAhead(300);
  CHECK(ahead.pages.count(1) == 1);
  CHECK(ahead.pages.count(2) == 0);
  CHECK(failures.load() == 1);  // no retry ahead
  auto all = rig.members.listAllMembers({}, 300, &ahead);
  REQUIRE(all.ok());
  CHECK(distinctIds(all.value()).size() == 550);
  const auto requests = list.requests();
  CHECK(requests.at(1) == 2);  // ahead, and again after the last page
  for (int n = 2; n <= 6; ++n) CHECK(requests.count(n) == 1);
  CHECK(failures.load() == 3);  // 2 failed, then its retry passed
}

TEST_CASE("paging: pages read ahead after one that did not come are read again, so a failure "
          "among them is the list's",
          "[center]") {
  Rig rig;
  PagedList list(550);  // 6 pages
  serve(rig, list);
  MembersAhead ahead = rig.members.readMembersAhead(550);
  REQUIRE(ahead.pages.size() == 6);
  ahead.pages.erase(3);  // as if page 3 had not come
  std::atomic<int> failures{0};
  rig.service.handler = [&](const HttpRequest& r) {
    // Page 5, read ahead, now fails for good: the list must report it, not do without it.
    if (queryParam(r, "pageNum") == "5") {
      ++failures;
      return businessAnswer("40000", "bad page");
    }
    return list.answer(r);
  };
  auto all = rig.members.listAllMembers({}, 550, &ahead);
  REQUIRE(all.failed());
  CHECK(all.error().code == "40000");
  CHECK(failures.load() >= 1);
}

TEST_CASE("paging: a filtered list, or one in pages of another size, does not take pages read "
          "ahead",
          "[center]") {
  Rig rig;
  PagedList list(150);
  serve(rig, list);
  MembersAhead ahead = rig.members.readMembersAhead(150);
  REQUIRE(ahead.pages.size() == 2);
  MemberFilter filter;
  filter.keyword = "u1";
  REQUIRE(rig.members.listAllMembers(filter, 150, &ahead).ok());
  CHECK(list.requests().at(1) == 3);  // read again, filtered (and once more after page 2)
  CHECK(ahead.pages.size() == 2);     // and the pages ahead left as they were
  MembersAhead otherSize = ahead;
  otherSize.pageSize = 50;
  REQUIRE(rig.members.listAllMembers({}, 150, &otherSize).ok());
  CHECK(list.requests().at(1) == 5);
}

TEST_CASE("paging: a read-ahead thread hands the run its pages, after the grants", "[center]") {
  Rig rig;
  PagedList list(250);
  serve(rig, list);
  ReadAhead ahead(rig.session, rig.members, 250);
  MembersAhead* pages = ahead.members();
  REQUIRE(pages != nullptr);
  CHECK(pages->pages.size() == 3);
  auto all = rig.members.listAllMembers({}, 250, pages);
  REQUIRE(all.ok());
  CHECK(all.value().size() == 250);
  CHECK(rig.service.apiRequests().size() == 4);  // the 3 ahead, and page 1 again
  CHECK(rig.service.grants("password") == 1);
}
