// The adds phase's passwords: written (outbox, then the state's record of them as owed) in
// batches ahead of the A1 calls, never after a chunk that carries them has gone out; and what
// a batch that cannot be written does to the chunks it holds. Against the emulator's logic
// in-process.

#include <catch2/catch.hpp>

#include <Poco/JSON/Array.h>
#include <Poco/JSON/Object.h>
#include <Poco/JSON/Parser.h>

#include <atomic>
#include <cctype>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <future>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <stdexcept>
#include <thread>
#include <utility>
#include <vector>

#include "jobs/apply/applier.h"
#include "jobs/apply/ready_prefix.h"
#include "tests/unit/apply/emulated_center.h"

using namespace membersync;
using apply::testing::EmulatedCenter;
using plan::Item;
using plan::ItemKind;

namespace {

// The file outbox, with the size of every append kept and, when asked, a failure in place of
// one of them (nothing written, as when the disk is full).
class WatchedOutbox final : public deliver::PasswordOutbox {
 public:
  explicit WatchedOutbox(deliver::FileOutbox& file) : file_(file) {}
  using PasswordOutbox::append;
  void append(const std::vector<deliver::OutboxEntry>& entries) override {
    if (beforeAppend) beforeAppend(appends() + 1);
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (++appends_ == failAppend) {
        if (beforeFailing) beforeFailing();
        throw std::runtime_error("outbox.csv: no space left on device");
      }
      sizes_.push_back(entries.size());
    }
    file_.append(entries);
  }
  void mark(const std::vector<std::string>& accounts, deliver::OutboxMark mark,
            const std::string& at) override {
    if (failMarks) {
      if (beforeFailedMark) beforeFailedMark();
      throw std::runtime_error("outbox.csv: input/output error");
    }
    file_.mark(accounts, mark, at);
  }
  int appends() {
    std::lock_guard<std::mutex> lock(mutex_);
    return appends_;
  }
  std::map<std::string, deliver::CurrentPassword> current() override { return file_.current(); }
  std::map<std::string, deliver::CurrentPassword> confirmed() override {
    return file_.confirmed();
  }
  std::set<std::string> remove(const std::set<std::string>& accounts) override {
    return file_.remove(accounts);
  }
  std::optional<deliver::TornLine> tornLine() override { return file_.tornLine(); }
  bool removeTornLine(const deliver::TornLine& torn) override { return file_.removeTornLine(torn); }
  std::vector<std::size_t> sizes() {
    std::lock_guard<std::mutex> lock(mutex_);
    return sizes_;
  }

  int failAppend = 0;  // 1 for the first append, ...; 0: none fails
  std::function<void()> beforeFailing;
  std::function<void(int)> beforeAppend;  // with the append's number, 1 for the first
  bool failMarks = false;                 // every mark throws
  std::function<void()> beforeFailedMark;

 private:
  deliver::FileOutbox& file_;
  std::mutex mutex_;
  int appends_ = 0;
  std::vector<std::size_t> sizes_;
};

std::vector<Item> newPeople(int n) {
  std::vector<Item> items;
  for (int i = 0; i < n; ++i) {
    Item add;
    add.kind = ItemKind::Add;
    add.employeeId = "N" + std::to_string(100 + i);
    add.key = "add:" + add.employeeId;
    add.account = "newcomer" + std::to_string(100 + i);
    add.name = "New Comer " + std::to_string(i);
    items.push_back(add);
  }
  return items;
}

apply::ApplyResult addAll(EmulatedCenter& c, deliver::PasswordOutbox& outbox,
                          const std::vector<Item>& items, std::size_t chunk, int workers,
                          const std::atomic<bool>* cancel = nullptr) {
  plan::Plan p;
  p.items = items;
  p.counts = plan::countsOf(p.items);
  apply::ApplySettings settings;
  settings.accountSuffix = "@acme";
  settings.workers = workers;
  settings.addChunk = chunk;
  settings.cancel = cancel;
  apply::Applier applier(*c.client, *c.store, outbox, c.random, c.clock, c.progress, settings,
                         c.activities.get());
  const auto run = c.store->beginRun({});
  return applier.apply(p, c.store->load(), run);
}

// Each A1's rows: account (lower case, no suffix) -> the password it carries.
std::map<std::string, std::string> rowsOf(const std::string& body) {
  Poco::JSON::Parser parser;
  auto list = parser.parse(body).extract<Poco::JSON::Object::Ptr>()->getArray("userList");
  std::map<std::string, std::string> rows;
  for (std::size_t i = 0; i < list->size(); ++i) {
    auto row = list->getObject(static_cast<unsigned>(i));
    std::string account = row->getValue<std::string>("userName");
    account = account.substr(0, account.find('@'));
    for (char& ch : account) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    rows[account] = row->getValue<std::string>("password");
  }
  return rows;
}

bool isAddMembers(const center::HttpRequest& r) {
  return r.method == "POST" && r.url.find("/member?") != std::string::npos;
}

// Counts the A1 rows whose password is not yet durable in the outbox, or not yet owed in the
// state, when the call goes out.
struct DurabilityWatch {
  std::mutex mutex;
  int calls = 0;
  int rows = 0;
  int early = 0;

  void check(EmulatedCenter& c, const center::HttpRequest& r) {
    if (!isAddMembers(r)) return;
    const auto outbox = c.outbox->current();
    std::set<std::string> owed;
    for (const auto& p : c.store->unconfirmedPasswords()) owed.insert(p.account);
    std::lock_guard<std::mutex> lock(mutex);
    ++calls;
    for (const auto& [account, password] : rowsOf(r.body)) {
      ++rows;
      const auto line = outbox.find(account);
      if (line == outbox.end() || line->second.password.reveal() != password || !owed.count(account)) {
        ++early;
        UNSCOPED_INFO(account << " went out before its password was written");
      }
    }
  }
};

}  // namespace

TEST_CASE("ready prefix: an element is ready once published, and never once finished without it",
          "[apply][adds]") {
  apply::ReadyPrefix ready;
  ready.publish(2);
  ready.publish(1);  // a smaller count changes nothing
  CHECK(ready.waitFor(0));
  CHECK(ready.waitFor(1));
  // Catch's assertions are for this thread: the others hand their answers over.
  bool waiterReady = false, lateReady = true;
  std::thread waiter([&] { waiterReady = ready.waitFor(4); });
  ready.publish(5);
  waiter.join();
  CHECK(waiterReady);
  std::thread late([&] { lateReady = ready.waitFor(7); });
  ready.finish();
  late.join();
  CHECK_FALSE(lateReady);
  ready.publish(9);  // after finish: still not ready
  CHECK_FALSE(ready.waitFor(8));
  CHECK(ready.waitFor(4));
}

// publishInBatches on one thread: what a taker (a worker) does while a batch is written is done
// in `write`, so each case is one order of events, every time.
using Batches = std::vector<std::pair<std::size_t, std::size_t>>;

TEST_CASE("publishing in batches: one batch of the first size, then each twice the one before, "
          "each published once written",
          "[apply][adds]") {
  apply::ReadyPrefix ready;
  Batches written;
  bool earlierReady = true;
  apply::publishInBatches(
      ready, 31, 2,
      [&](std::size_t from, std::size_t to) {
        if (from > 0) earlierReady = earlierReady && ready.waitFor(from - 1);
        written.emplace_back(from, to);
        return true;
      },
      [] { return false; });
  CHECK(written == Batches{{0, 2}, {2, 6}, {6, 14}, {14, 30}, {30, 31}});
  CHECK(earlierReady);
  CHECK(ready.waitFor(30));
}

TEST_CASE("publishing in batches: takers that give up while a batch is written stop the batches "
          "after it, and none of its elements is taken",
          "[apply][adds]") {
  apply::ReadyPrefix ready;
  Batches written;
  apply::publishInBatches(
      ready, 31, 2,
      [&](std::size_t from, std::size_t to) {
        written.emplace_back(from, to);
        if (from == 2) ready.finish();  // a worker failed while the second batch was written
        return true;
      },
      [] { return false; });
  CHECK(written == Batches{{0, 2}, {2, 6}});
  CHECK(ready.waitFor(1));
  CHECK_FALSE(ready.waitFor(2));
}

TEST_CASE("publishing in batches: a batch that cannot be written, or a stop, ends the batches",
          "[apply][adds]") {
  apply::ReadyPrefix ready;
  Batches written;
  bool stop = false;
  auto write = [&](std::size_t from, std::size_t to) {
    written.emplace_back(from, to);
    return from != 6;  // the third batch cannot be written
  };
  apply::publishInBatches(ready, 31, 2, write, [&] { return stop; });
  CHECK(written == Batches{{0, 2}, {2, 6}, {6, 14}});
  ready.finish();
  CHECK(ready.waitFor(5));
  CHECK_FALSE(ready.waitFor(6));

  apply::ReadyPrefix again;
  written.clear();
  apply::publishInBatches(
      again, 31, 2,
      [&](std::size_t from, std::size_t to) {
        written.emplace_back(from, to);
        stop = to == 6;  // the run stops while the second batch is written
        return true;
      },
      [&] { return stop; });
  CHECK(written == Batches{{0, 2}, {2, 6}});
}

TEST_CASE("adds: passwords are written in batches ahead of the calls, each A1 only once its "
          "rows' passwords are in the outbox and owed in the state",
          "[apply][adds]") {
  EmulatedCenter c;
  WatchedOutbox outbox(*c.outbox);
  DurabilityWatch watch;
  c.transport->beforeSend = [&](const center::HttpRequest& r) { watch.check(c, r); };

  // 25 rows in chunks of 2: 13 chunks. Two slots: a first batch of 2 chunks, then 4, then 7.
  const auto r = addAll(c, outbox, newPeople(25), 2, 2);
  CHECK(r.counts.added == 25);
  CHECK(r.failures.empty());
  CHECK(outbox.sizes() == std::vector<std::size_t>{4, 8, 13});
  CHECK(watch.calls == 13);
  CHECK(watch.rows == 25);
  CHECK(watch.early == 0);
  CHECK(c.outbox->confirmed().size() == 25);
  CHECK(c.store->unconfirmedPasswords().empty());
}

TEST_CASE("adds: a password batch that cannot be written sends none of its chunks, stops the "
          "run, and the batches before it land with their passwords",
          "[apply][adds]") {
  EmulatedCenter c;
  WatchedOutbox outbox(*c.outbox);
  outbox.failAppend = 2;
  DurabilityWatch watch;

  // One slot, one thread, chunks of 3: the first batch (chunk 1) is written and its A1 goes out;
  // the second batch fails once it has (so that the stop comes after that call, every time).
  std::promise<void> firstCall;
  auto firstCallSent = firstCall.get_future();
  outbox.beforeFailing = [&] { firstCallSent.wait(); };
  c.transport->beforeSend = [&](const center::HttpRequest& r) {
    watch.check(c, r);
    if (isAddMembers(r) && watch.calls == 1) firstCall.set_value();
  };
  const auto r = addAll(c, outbox, newPeople(10), 3, 1);
  CHECK(watch.early == 0);
  CHECK(c.calls("A1") == 1);
  CHECK(r.counts.added == 3);
  CHECK(r.stoppedEarly);
  CHECK_THAT(r.stopReason, Catch::Contains("no space left on device") &&
                               Catch::Contains("no member is added without its password"));
  // Only the first chunk's passwords were written; nothing of the later batches is in the
  // outbox or owed: no password for a member never added.
  const auto lines = c.outbox->confirmed();
  CHECK(lines.size() == 3);
  CHECK(c.outbox->current().size() == 3);
  CHECK(c.store->unconfirmedPasswords().empty());
  // And the rows without passwords never reached the journal: not even as "not sent".
  for (int i = 3; i < 10; ++i)
    CHECK(c.store->stepsOfAccount("newcomer" + std::to_string(100 + i), 5).empty());
}

TEST_CASE("adds: a chunk that fails fails the phase with its error, and the batch of passwords "
          "being written then is written whole",
          "[apply][adds]") {
  EmulatedCenter c;
  WatchedOutbox outbox(*c.outbox);
  // The answers cannot be marked in the outbox: the first chunk's worker fails, and with it the
  // phase. Batches of 2, 4, 8, 16 and 1 chunks are due. The failure waits until the writer has
  // begun the second batch, and that batch until the failure is raised: both are written every
  // time. (Whether the writer sees the failure before its third batch depends on scheduling;
  // "publishing in batches: ..." pins down that it stops once it does.)
  std::promise<void> secondBegun, failed;
  auto second = secondBegun.get_future().share();
  auto failure = failed.get_future().share();
  outbox.failMarks = true;
  outbox.beforeFailedMark = [&, once = std::make_shared<std::once_flag>()] {
    second.wait();
    std::call_once(*once, [&] { failed.set_value(); });
  };
  outbox.beforeAppend = [&](int n) {
    if (n != 2) return;
    secondBegun.set_value();
    failure.wait();
  };
  CHECK_THROWS_WITH(addAll(c, outbox, newPeople(61), 2, 2), Catch::Contains("input/output error"));
  const auto sizes = outbox.sizes();
  REQUIRE(sizes.size() >= 2);
  CHECK(std::vector<std::size_t>(sizes.begin(), sizes.begin() + 2) ==
        std::vector<std::size_t>{4, 8});
}

TEST_CASE("adds: once the run is cancelled, the chunks waiting for a call slot send nothing, "
          "their rows end as not sent, their passwords void",
          "[apply][adds]") {
  EmulatedCenter c;
  WatchedOutbox outbox(*c.outbox);
  std::atomic<bool> cancel{false};
  // Two slots, four threads, 8 rows in chunks of 2. The first two A1s hold both slots and wait
  // in the transport until the other two chunks are journaled as sent too (on their way to a
  // slot); then the run is cancelled and the two calls go on. The generous time-out only bounds
  // a broken phase's failure.
  std::mutex m;
  std::condition_variable cv;
  int arrived = 0;
  bool allJournaled = false;
  c.transport->beforeSend = [&](const center::HttpRequest& r) {
    if (!isAddMembers(r)) return;
    std::unique_lock<std::mutex> lock(m);
    ++arrived;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (!cancel && std::chrono::steady_clock::now() < deadline) {
      if (arrived == 2 && c.store->unsettledSteps().size() == 8) {
        allJournaled = true;
        break;
      }
      cv.wait_for(lock, std::chrono::milliseconds(1));
    }
    cancel = true;  // after the time-out too: the test then fails on allJournaled, not by hanging
    cv.notify_all();
  };
  const auto r = addAll(c, outbox, newPeople(8), 2, 2, &cancel);
  CHECK(allJournaled);
  CHECK(c.calls("A1") == 2);
  CHECK(r.counts.added == 4);
  // The two chunks that waited: nothing sent, their passwords void (never in force), and no
  // step of theirs left in doubt.
  CHECK(c.outbox->confirmed().size() == 4);
  CHECK(c.outbox->current().size() == 4);
  CHECK(c.store->unconfirmedPasswords().empty());
  CHECK(c.store->unsettledSteps().empty());
}
