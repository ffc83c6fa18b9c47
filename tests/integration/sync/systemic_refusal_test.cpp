// The real membersync binary against the emulator: a refusal of membersync's settings that comes
// item by item (60027 listing every row of a call as failed alike, with no code per row) stops
// the run naming the setting and holds nobody; a refusal remembered against a row is released
// once a setting that shaped its request changes. The whole-call form (50003 refusing a chunk)
// is sync_test.cpp's.
// Every test also checks that no secret reaches the output of any run or the state database.

#include <catch2/catch.hpp>

#include <string>

#include "tests/integration/sync/sync_fixture.h"

namespace {

using namespace membersync::testing;
using Catch::Contains;

const char* const kLengthText = "password length must lie between 8 and 20";

// Every row's answer is the spec's text alone (no code per row), as the spec's entries are.
EmulatorProcess::Options perItemMessages() {
  return {"", {"--validation", "per-item-message"}};
}

// The outbox holds no password in force for anyone of `people`: each one written was voided
// (never set on the center, so owed to no one) and none waits to be confirmed.
void checkEveryPasswordVoided(const SyncFixture& f, const std::vector<Person>& people) {
  const auto outbox = f.outbox();
  std::string inForce;
  for (const auto& p : people) {
    const auto line = outbox.find(p.account);
    if (line != outbox.end() && (!line->second.password.empty() || line->second.confirmed)) {
      inForce += " " + p.account;
    }
  }
  CHECK(inForce == "");
}

}  // namespace

TEST_CASE(
    "sync: every row of an A1 call refused item by item with one message stops the run naming "
    "[sync] password_length, holds nobody, and the run after the fix adds all 253 with their "
    "passwords",
    "[sync][faults]") {
  EmulatorProcess emulator(perItemMessages());
  SyncOptions o;
  o.extra = "password_length = 24\n";  // the emulator takes 8 to 20
  SyncFixture f(emulator, o);
  const auto people = staff(253);
  f.writeHr(people);

  const auto refused = f.sync();
  INFO(tail(refused.out) << refused.err);
  CHECK(refused.exitCode == 78);  // the configuration's to fix
  CHECK_THAT(refused.out + refused.err, Contains("[sync] password_length") &&
                                            Contains(kLengthText) && Contains("nobody is held"));
  CHECK(stats(emulator).outcome("A1", "60027") >= 1);
  CHECK(liveMembersByAccount(emulator).size() == 6);  // the fixture's: nobody was created
  checkEveryPasswordVoided(f, people);

  const auto st = f.status();
  INFO(tail(st.out) << st.err);
  CHECK_THAT(st.out, !Contains("refused by the center") && !Contains("in doubt"));

  o.extra = "";
  f.configure(o);
  const auto fixed = f.sync();
  INFO(tail(fixed.out) << fixed.err);
  CHECK(fixed.exitCode == 0);
  CHECK_THAT(fixed.out, Contains("253 added"));
  checkEndState(emulator, f, people);  // each outbox password is the one the center holds
  f.checkNoSecretLeaked();
}

// Fewer than 10 rows refused alike may be the rows' own doing: they are held as refused, with
// the settings that shaped their request, so fixing the setting releases them.
TEST_CASE(
    "sync: a call of fewer than 10 rows all refused alike holds its rows, and fixing "
    "password_length releases them",
    "[sync][faults]") {
  EmulatorProcess emulator(perItemMessages());
  SyncOptions o;
  o.extra = "password_length = 24\n";
  SyncFixture f(emulator, o);
  const auto people = staff(5);
  f.writeHr(people);

  const auto refused = f.sync();
  INFO(tail(refused.out) << refused.err);
  CHECK(refused.exitCode == 3);
  CHECK_THAT(refused.out, Contains(kLengthText));
  CHECK(liveMembersByAccount(emulator).size() == 6);
  checkEveryPasswordVoided(f, people);

  const int calls = stats(emulator).calls("A1");
  const auto held = f.sync();  // nothing changed: still held, nothing sent
  INFO(tail(held.out) << held.err);
  CHECK_THAT(held.out, Contains("refused earlier"));
  CHECK(stats(emulator).calls("A1") == calls);

  o.extra = "";
  f.configure(o);
  const auto fixed = f.sync();
  INFO(tail(fixed.out) << fixed.err);
  CHECK(fixed.exitCode == 0);
  checkEndState(emulator, f, people);
  f.checkNoSecretLeaked();
}

TEST_CASE(
    "sync: a row the center refused for itself (10004) stays held while nothing changed and "
    "is sent again once a setting that shapes its add changes",
    "[sync][faults]") {
  EmulatorProcess emulator;
  SyncOptions o;
  SyncFixture f(emulator, o);
  auto people = staff(3);
  people[1].mobile = "12345";  // passes membersync's checks; the center refuses it (10004)
  f.writeHr(people);

  const auto first = f.sync();
  INFO(tail(first.out) << first.err);
  CHECK(first.exitCode == 3);
  const int refusals = stats(emulator).outcome("A1", "10004");  // the chunk halved down to it
  CHECK(refusals >= 1);

  const auto held = f.sync();
  INFO(tail(held.out) << held.err);
  CHECK_THAT(held.out, Contains("staff0002") && Contains("refused earlier"));
  CHECK(stats(emulator).outcome("A1", "10004") == refusals);  // not sent again
  const auto st = f.status();
  CHECK_THAT(st.out, Contains("refused by the center (1)") && Contains("staff0002"));

  o.extra = "password_length = 20\n";  // shapes the add's request: its refusal is released
  f.configure(o);
  const auto released = f.sync();
  INFO(tail(released.out) << released.err);
  CHECK(released.exitCode == 3);  // refused again: the mobile is still bad
  CHECK(stats(emulator).outcome("A1", "10004") == refusals + 1);  // the row alone
  CHECK(liveMembersByAccount(emulator).count("staff0002") == 0);
  f.checkNoSecretLeaked();
}
