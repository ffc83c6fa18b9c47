// Runs, keep_runs_days, held items and their release, and password delivery state.

#include <catch2/catch.hpp>

#include "tests/unit/state/rig.h"

using namespace membersync::state;
using membersync::state::testing::Rig;
using namespace std::chrono_literals;

namespace {
constexpr auto kDay = 24h;
}

TEST_CASE("state: a run records its start, its end, outcome and counts", "[state]") {
  Rig rig;
  RunId run = rig.store->beginRun({RunKind::Daemon, "exp-hash", 250, "pol-hash", ""});
  Millis started = rig.nowMs();

  auto open = rig.store->findRun(run);
  REQUIRE(open);
  CHECK(open->kind == RunKind::Daemon);
  CHECK(open->startedAt == started);
  CHECK_FALSE(open->finishedAt);
  CHECK(open->outcome.empty());
  CHECK(open->exportHash == "exp-hash");
  CHECK(open->exportRows == 250);
  CHECK(open->policyHash == "pol-hash");

  rig.clock.advance(90s);
  rig.store->finishRun(run, "partial", {3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13}, "2 items failed");
  auto done = rig.store->findRun(run);
  REQUIRE(done);
  REQUIRE(done->finishedAt);
  CHECK(*done->finishedAt == started + 90'000);
  CHECK(done->outcome == "partial");
  CHECK(done->message == "2 items failed");
  CHECK(done->counts.added == 3);
  CHECK(done->counts.edited == 4);
  CHECK(done->counts.deleted == 5);
  CHECK(done->counts.withdrawn == 6);
  CHECK(done->counts.adopted == 7);
  CHECK(done->counts.held == 8);
  CHECK(done->counts.failed == 9);
  CHECK(done->counts.unknown == 10);
  CHECK(done->counts.assigned == 11);
  CHECK(done->counts.lent == 12);
  CHECK(done->counts.enrolled == 13);
}

TEST_CASE("state: recent runs come newest first, up to the limit", "[state]") {
  Rig rig;
  for (RunKind k : {RunKind::Sync, RunKind::Plan, RunKind::Apply, RunKind::Daemon}) {
    rig.store->beginRun({k, "", 0, "", ""});
    rig.clock.advance(1s);
  }
  auto runs = rig.store->recentRuns(3);
  REQUIRE(runs.size() == 3);
  CHECK(runs[0].kind == RunKind::Daemon);
  CHECK(runs[1].kind == RunKind::Apply);
  CHECK(runs[2].kind == RunKind::Plan);
  CHECK(runs[0].id > runs[1].id);
  CHECK(rig.store->recentRuns(0).empty());

  // Previews apart: they do not push the runs that could change something out of a list.
  const auto changing = rig.store->recentRuns(10, false);
  REQUIRE(changing.size() == 3);
  CHECK(changing[2].kind == RunKind::Sync);
  const auto previews = rig.store->recentRuns(10, true);
  REQUIRE(previews.size() == 1);
  CHECK(previews[0].kind == RunKind::Plan);
}

TEST_CASE("state: purging keeps keep_runs_days of runs and takes the journal of the rest",
          "[state]") {
  Rig rig;
  RunId old = rig.store->beginRun({});
  StepId oldStep = rig.store->journalPlanned(old, {"edit:E1", "edit", "a", "E1", "G1", ""});
  rig.store->journalSent(oldStep);
  rig.store->journalSucceeded(oldStep, std::nullopt);
  rig.store->recordHeld(old, "delete:G5", "guard");
  rig.store->finishRun(old, "done", {}, "");

  rig.clock.advance(60 * kDay);
  RunId middle = rig.store->beginRun({});
  rig.clock.advance(40 * kDay);  // `old` is now 100 days old, `middle` 40
  RunId fresh = rig.store->beginRun({});

  CHECK(rig.store->purgeRuns(90) == 1);
  CHECK_FALSE(rig.store->findRun(old));
  CHECK(rig.store->stepsOfRun(old).empty());
  CHECK(rig.store->heldItemsOfRun(old).empty());
  CHECK(rig.store->findRun(middle));
  CHECK(rig.store->findRun(fresh));

  CHECK(rig.store->purgeRuns(90) == 0);  // idempotent
  CHECK(rig.store->purgeRuns(30) == 1);  // `middle`
  // Ids are never reused, even after a purge.
  CHECK(rig.store->beginRun({}) > fresh);
}

TEST_CASE("state: purging never drops a run whose step is still in doubt", "[state]") {
  Rig rig;
  RunId run = rig.store->beginRun({});
  StepId step = rig.store->journalPlanned(run, {"add:E1", "add", "alice", "E1", "", ""});
  rig.store->journalSent(step);  // then the process died
  rig.clock.advance(200 * kDay);

  CHECK(rig.store->purgeRuns(90) == 0);
  CHECK(rig.store->unsettledSteps().size() == 1);

  rig.store->journalSettled(step, Settlement::Done, std::string("G1"), "");
  CHECK(rig.store->purgeRuns(90) == 1);
}

TEST_CASE("state: held items are released by run, listed by load, and consumed once", "[state]") {
  Rig rig;
  RunId run5 = rig.store->beginRun({});
  rig.store->recordHeld(run5, "delete:G1", "13 destructive items exceed 10");
  rig.store->recordHeld(run5, "withdraw:G2", "13 destructive items exceed 10");
  rig.store->recordHeld(run5, "delete:G1", "still held");  // idempotent per run and key
  RunId run6 = rig.store->beginRun({});
  rig.store->recordHeld(run6, "delete:G1", "held again");

  auto held = rig.store->heldItemsOfRun(run5);
  REQUIRE(held.size() == 2);
  CHECK(held[0].key == "delete:G1");
  CHECK(held[0].reason == "still held");
  CHECK(held[0].runId == run5);
  CHECK(held[0].heldAt == rig.nowMs());
  CHECK_FALSE(held[0].releasedAt);
  CHECK(rig.store->load().releasedItems.empty());

  rig.clock.advance(1h);
  CHECK(rig.store->releaseRun(run5) == 2);
  CHECK(rig.store->releaseRun(run5) == 0);  // already released
  auto released = rig.store->load().releasedItems;
  CHECK(released == std::set<std::string>{"delete:G1", "withdraw:G2"});
  auto after = rig.store->heldItemsOfRun(run5);
  REQUIRE(after[0].releasedAt);
  CHECK(*after[0].releasedAt == rig.nowMs());

  rig.store->consumeRelease("delete:G1");  // carried out
  CHECK(rig.store->load().releasedItems == std::set<std::string>{"withdraw:G2"});
  // Releasing the later run that held the same key does not revive it.
  CHECK(rig.store->releaseRun(run6) == 0);
  CHECK(rig.store->load().releasedItems.count("delete:G1") == 0);
  REQUIRE(rig.store->heldItemsOfRun(run6)[0].consumedAt);
}

TEST_CASE("state: a generated password stays owed until its add is confirmed", "[state]") {
  Rig rig;
  RunId run = rig.store->beginRun({});
  rig.store->passwordGenerated("alice", run);
  rig.clock.advance(1s);
  rig.store->passwordGenerated("bob", run);

  auto owed = rig.store->unconfirmedPasswords();
  REQUIRE(owed.size() == 2);
  CHECK(owed[0].account == "alice");  // oldest first
  CHECK(owed[0].runId == run);
  CHECK(owed[0].generatedAt == rig.nowMs() - 1000);
  CHECK(owed[1].account == "bob");

  rig.store->passwordConfirmed("alice");
  rig.store->passwordConfirmed("nobody");  // no-op
  owed = rig.store->unconfirmedPasswords();
  REQUIRE(owed.size() == 1);
  CHECK(owed[0].account == "bob");

  // A reset generates a new one for alice: owed again until confirmed.
  RunId later = rig.store->beginRun({});
  rig.store->passwordGenerated("alice", later);
  CHECK(rig.store->unconfirmedPasswords().size() == 2);

  // Purging the runs does not forget a password still owed.
  rig.clock.advance(std::chrono::hours(24 * 400));
  rig.store->purgeRuns(90);
  CHECK(rig.store->unconfirmedPasswords().size() == 2);
}

TEST_CASE("state: allow RUN releases the run's enrolments in doubt, and only those, until consumed",
          "[state]") {
  Rig rig;
  RunId run = rig.store->beginRun({});
  auto journal = [&](const std::string& key, const std::string& kind) {
    StepId step = rig.store->journalPlanned(run, {key, kind, "alice", "E1", "G1", ""});
    rig.store->journalSent(step);
    return step;
  };
  journal("enrol:E1:welcome", "enrol");  // sent, never answered
  rig.store->journalUnknown(journal("enrol:E2:welcome", "enrol"), "1002");
  rig.store->journalSucceeded(journal("enrol:E3:welcome", "enrol"), std::nullopt);
  journal("add:E4", "add");  // in doubt, but not an enrolment
  CHECK(rig.store->releaseEnrolmentsInDoubt(run) ==
        std::vector<std::string>{"enrol:E1:welcome", "enrol:E2:welcome"});
  CHECK(rig.store->load().releasedItems ==
        std::set<std::string>{"enrol:E1:welcome", "enrol:E2:welcome"});
  rig.store->consumeRelease("enrol:E1:welcome");  // the one more attempt was made
  CHECK(rig.store->load().releasedItems == std::set<std::string>{"enrol:E2:welcome"});
}

TEST_CASE("state: a password is confirmed, voided or handed out, never stored", "[state]") {
  Rig rig;
  const RunId run = rig.store->beginRun({RunKind::Sync, "h", 1, "", ""});
  rig.store->passwordGenerated("alice", run);
  rig.store->passwordGenerated("bob", run);
  rig.store->passwordConfirmed("alice");
  rig.store->passwordVoided("bob");  // never set: nothing owed, nothing to hand out
  rig.store->passwordVoided("alice");  // no-op once confirmed
  REQUIRE(rig.store->passwordsToHandOut().size() == 1);
  CHECK(rig.store->passwordsToHandOut()[0].account == "alice");
  CHECK(rig.store->unconfirmedPasswords().empty());

  rig.store->passwordHandedOut("alice");
  rig.store->passwordHandedOut("carol");  // an outbox line older than the state: recorded too
  CHECK(rig.store->passwordsToHandOut().empty());
  CHECK(rig.store->handedOutAccounts() == std::vector<std::string>{"alice", "carol"});

  rig.store->passwordGenerated("alice", run);  // a new password starts over
  rig.store->passwordConfirmed("alice");
  CHECK(rig.store->handedOutAccounts() == std::vector<std::string>{"carol"});
  CHECK(rig.store->passwordsToHandOut().at(0).mail == MailState::None);
}

TEST_CASE("state: the passwords waiting since a time are read without the newer ones, oldest "
          "first",
          "[state]") {
  Rig rig;
  const RunId run = rig.store->beginRun({RunKind::Sync, "h", 1, "", ""});
  rig.store->passwordsGenerated({"alice", "bob", "carol"}, run);
  rig.store->passwordConfirmed("bob");
  const Millis bobConfirmed = rig.nowMs();
  rig.clock.advance(std::chrono::hours(24 * 10));
  rig.store->passwordsConfirmed({"alice", "carol"});
  rig.store->passwordHandedOut("carol");

  const auto waiting = rig.store->passwordsWaitingSince(bobConfirmed);
  REQUIRE(waiting.size() == 1);
  CHECK(waiting[0].account == "bob");
  CHECK(rig.store->passwordsWaitingSince(bobConfirmed - 1).empty());
  const auto all = rig.store->passwordsWaitingSince(rig.nowMs());
  REQUIRE(all.size() == 2);
  CHECK(all[0].account == "bob");  // confirmed first
  CHECK(all[1].account == "alice");
}

TEST_CASE("state: a reset refused for good puts the password before it back, with its mail",
          "[state]") {
  Rig rig;
  const RunId run = rig.store->beginRun({RunKind::Sync, "h", 1, "", ""});
  rig.store->passwordGenerated("alice", run);
  rig.store->passwordConfirmed("alice");
  rig.store->mailSending("alice", "alice@acme.example");
  rig.store->mailEnded("alice", {MailState::InDoubt, "alice@acme.example", "lost", 0, {}});

  rig.store->passwordGenerated("alice", run);  // reset-password: a new one, unconfirmed
  CHECK(rig.store->passwordsToHandOut().empty());
  CHECK(rig.store->handedOutAccounts().empty());
  rig.store->passwordVoided("alice");  // refused: the old one is in force again
  const auto rows = rig.store->passwordsToHandOut();
  REQUIRE(rows.size() == 1);
  CHECK(rows[0].mail == MailState::InDoubt);  // still never mailed again on its own
  CHECK(rows[0].mailTo == "alice@acme.example");
}

TEST_CASE(
    "state: a password refused over one never confirmed leaves the account owed, never the "
    "older confirmed one in force",
    "[state]") {
  Rig rig;
  const RunId run = rig.store->beginRun({RunKind::Sync, "h", 1, "", ""});
  rig.store->passwordGenerated("alice", run);
  rig.store->passwordConfirmed("alice");
  rig.store->passwordGenerated("alice", run);  // a reset in doubt: the center may hold it
  rig.store->passwordGenerated("alice", run);  // a second reset over it
  rig.store->passwordVoided("alice");          // the second is refused for good
  REQUIRE(rig.store->unconfirmedPasswords().size() == 1);  // the first is still owed
  CHECK(rig.store->passwordsToHandOut().empty());          // and the old one is not listed
  rig.store->passwordConfirmed("alice");  // re-sent and confirmed
  CHECK(rig.store->unconfirmedPasswords().empty());
  REQUIRE(rig.store->passwordsToHandOut().size() == 1);

  // Over an add in doubt (nothing confirmed beneath): the add's password stays owed too.
  rig.store->passwordGenerated("bob", run);
  rig.store->passwordGenerated("bob", run);
  rig.store->passwordVoided("bob");
  REQUIRE(rig.store->unconfirmedPasswords().size() == 1);
  CHECK(rig.store->unconfirmedPasswords()[0].account == "bob");
  // A confirmed password over it ends the debt; a later refusal brings that one back.
  rig.store->passwordConfirmed("bob");
  rig.store->passwordGenerated("bob", run);
  rig.store->passwordVoided("bob");
  CHECK(rig.store->unconfirmedPasswords().empty());
  CHECK(rig.store->passwordsToHandOut().size() == 2);
}

TEST_CASE("state: passwords owed to an account with no member are forgotten, confirmed ones kept",
          "[state]") {
  Rig rig;
  const RunId run = rig.store->beginRun({RunKind::Sync, "h", 1, "", ""});
  rig.store->passwordGenerated("alice", run);
  rig.store->passwordGenerated("alice", run);
  rig.store->passwordGenerated("bob", run);
  rig.store->passwordConfirmed("bob");
  rig.store->passwordsOwedToNoOne({"alice", "bob"});
  CHECK(rig.store->unconfirmedPasswords().empty());
  CHECK(rig.store->passwordsToHandOut().size() == 1);
}

TEST_CASE("state: a password handed out stops counting once a newer one is generated",
          "[state]") {
  Rig rig;
  const RunId run = rig.store->beginRun({RunKind::Sync, "h", 1, "", ""});
  rig.store->passwordGenerated("bob", run);
  rig.store->passwordConfirmed("bob");
  rig.store->passwordHandedOut("bob");
  CHECK(rig.store->handedOutAccounts() == std::vector<std::string>{"bob"});
  rig.store->passwordGenerated("bob", run);  // its outbox line may be `set` before the state hears
  CHECK(rig.store->handedOutAccounts().empty());  // so its lines must not be dropped
  rig.store->passwordHandedOut("bob");  // nor can it be marked handed out meanwhile
  rig.store->passwordConfirmed("bob");
  REQUIRE(rig.store->passwordsToHandOut().size() == 1);
  CHECK(rig.store->passwordsToHandOut()[0].mail == MailState::None);
}

TEST_CASE(
    "state: who an item is about is kept by key, found by key, account or employee id, newest "
    "run first, and forgotten once no run that saw it is kept",
    "[state]") {
  Rig rig;
  const RunId first = rig.store->beginRun({RunKind::Sync, "h", 1, "", ""});
  rig.store->recordItemPeople(first, {{"add:E1", "alice", "Alice", "李娜", "E1", "hr.csv:2", 0},
                                      {"problem:line:3", "bob", "Bob", "", "E2", "hr.csv:3", 0}});
  const RunId second = rig.store->beginRun({RunKind::Sync, "h", 1, "", ""});
  rig.store->recordItemPeople(second, {{"edit:E1", "alice", "Alice", "李娜娜", "E1", "hr.csv:2", 0}});

  const auto byKey = rig.store->itemPeople({"problem:line:3"}, {}, {});
  REQUIRE(byKey.size() == 1);
  CHECK(byKey[0].account == "bob");
  CHECK(byKey[0].source == "hr.csv:3");
  CHECK(byKey[0].runId == first);
  const auto byAccount = rig.store->itemPeople({}, {"alice"}, {});
  REQUIRE(byAccount.size() == 2);
  CHECK(byAccount[0].name == "李娜娜");  // the newest run's first
  CHECK(rig.store->itemPeople({}, {}, {"E2"}).size() == 1);
  CHECK(rig.store->itemPeople({}, {}, {}).empty());

  rig.clock.advance(std::chrono::hours(24 * 40));
  rig.store->beginRun({RunKind::Sync, "h", 1, "", ""});
  CHECK(rig.store->purgeRuns(30) == 2);
  CHECK(rig.store->itemPeople({"add:E1", "edit:E1"}, {}, {}).empty());
}

TEST_CASE("state: the people of 2,500 items are written a thousand at a time, every one of them",
          "[state]") {
  Rig rig;
  const RunId run = rig.store->beginRun({RunKind::Sync, "h", 1, "", ""});
  std::vector<ItemPerson> many;
  for (int i = 0; i < 2500; ++i) {
    const std::string n = std::to_string(i);
    many.push_back({"add:E" + n, "staff" + n, "Staff" + n, "员工", "E" + n, "hr.csv", 0});
  }
  rig.store->recordItemPeople(run, many);
  for (const char* key : {"add:E0", "add:E999", "add:E1000", "add:E2000", "add:E2499"}) {
    const auto found = rig.store->itemPeople({key}, {}, {});
    REQUIRE(found.size() == 1);
    CHECK(found[0].runId == run);
  }
  CHECK(rig.store->itemPeople({}, {"staff2499"}, {}).size() == 1);
}
