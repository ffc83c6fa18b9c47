// repairOutbox(): what a crash or a full disk left in the outbox, repaired only where no call
// can be out for it, against a real state database and outbox file.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "jobs/apply/outbox_repair.h"
#include "tests/unit/state/rig.h"

using namespace membersync;
using Catch::Contains;
using deliver::kOutboxHeader;

namespace {

struct Fixture {
  state::testing::Rig rig;
  std::string path = (rig.dir.path() / "new-passwords.csv").string();
  deliver::FileOutbox outbox{path};
  state::RunId run = rig.store->beginRun({state::RunKind::Sync, "", 0, "", ""});

  void write(const std::string& text) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << text;
  }
  std::string text() const {
    std::ifstream in(path, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
  }
  std::vector<std::string> repair() { return apply::repairOutbox(*rig.store, outbox, rig.clock); }
  // A password appended, recorded as owed and confirmed: the state's account of a healthy run.
  void confirmed(const std::string& account) {
    rig.store->passwordsGenerated({account}, run);
    rig.store->passwordsConfirmed({account});
  }
  void stepInDoubt(const std::string& account) {
    rig.store->journalSent(run, {{"reset:" + account, "reset-password", account, "", "G1", ""}});
  }
};

// What the first run left: alice's password confirmed, in the outbox and the state.
const std::string kHealthy = std::string(kOutboxHeader) +
                             "alice,PwA123456789,t1,pending,alice@acme,alice,Alice\n"
                             "alice,,t2,set,,,\n";

std::string joined(const std::vector<std::string>& notes) {
  std::string all;
  for (const auto& n : notes) all += n + "\n";
  return all;
}

}  // namespace

TEST_CASE("outbox repair: a healthy outbox is left as it is, with nothing to say", "[apply]") {
  Fixture f;
  f.write(kHealthy);
  f.confirmed("alice");
  CHECK(f.repair().empty());
  CHECK(f.text() == kHealthy);
}

TEST_CASE("outbox repair: a torn last line no call can be out for is removed, and said so",
          "[apply]") {
  Fixture f;
  f.write(kHealthy + "bob,PwB1234");  // an append cut short by a full disk
  f.confirmed("alice");
  const auto notes = f.repair();
  REQUIRE(notes.size() == 1);
  CHECK_THAT(notes[0], Contains("removed a torn last line of the outbox (line 4, account bob)"));
  CHECK_THAT(notes[0], !Contains("PwB1234"));
  CHECK(f.text() == kHealthy);
  CHECK(f.outbox.remove({"alice"}) == std::set<std::string>{"alice"});  // rewrites work again
}

TEST_CASE("outbox repair: a torn last line of an account owed a password is kept", "[apply]") {
  Fixture f;
  f.write(kHealthy + "bob,PwB1234");
  f.confirmed("alice");
  f.rig.store->passwordsGenerated({"bob"}, f.run);
  const auto notes = f.repair();
  REQUIRE(notes.size() == 1);
  CHECK_THAT(notes[0], Contains("kept a torn last line of the outbox (line 4, account bob)"));
  CHECK(f.text() == kHealthy + "bob,PwB1234");
}

TEST_CASE("outbox repair: a torn last line of an account with a step in doubt is kept", "[apply]") {
  Fixture f;
  f.write(kHealthy + "alice,,t3,se");  // a `set` cut short: its reset is still in doubt
  f.confirmed("alice");
  f.stepInDoubt("alice");
  f.repair();
  CHECK(f.text() == kHealthy + "alice,,t3,se");
}

TEST_CASE(
    "outbox repair: a line cut inside its account is kept when an account owed begins "
    "with it",
    "[apply]") {
  Fixture f;
  f.write(kHealthy + "bo");
  f.confirmed("alice");
  f.rig.store->passwordsGenerated({"bob"}, f.run);
  CHECK_THAT(joined(f.repair()), Contains("kept a torn last line of the outbox (line 4, an "
                                          "account starting bo)"));
  CHECK(f.text() == kHealthy + "bo");

  f.rig.store->passwordsConfirmed({"bob"});  // no call out for any "bo..." now
  CHECK_THAT(joined(f.repair()), Contains("removed a torn last line"));
  CHECK(f.text() == kHealthy);
}

TEST_CASE("outbox repair: a line damaged in the middle is left for a person", "[apply]") {
  Fixture f;
  const std::string damaged = std::string(kOutboxHeader) + "carol,PwC12\n" +
                              kHealthy.substr(std::string(kOutboxHeader).size());
  f.write(damaged);
  f.confirmed("alice");
  CHECK(f.repair().empty());
  CHECK(f.text() == damaged);
}

TEST_CASE(
    "outbox repair: a pending password the state never recorded is voided, the confirmed "
    "one before it in force again",
    "[apply]") {
  Fixture f;
  f.write(kHealthy +
          "alice,PwA2new456789,t3,pending,alice@acme,alice,Alice\n"  // a reset cut off
          "dan,PwD123456789,t3,pending,dan@acme,dan,Dan\n");         // an add cut off
  f.confirmed("alice");
  const auto notes = f.repair();
  REQUIRE(notes.size() == 1);
  CHECK(notes[0] ==
        "voided 2 pending passwords the state never recorded (a run ended before "
        "sending them): alice, dan");
  const auto current = f.outbox.current();
  REQUIRE(current.count("alice") == 1);
  CHECK(current.at("alice").password == Secret("PwA123456789"));
  CHECK(current.at("alice").confirmed);
  CHECK(current.count("dan") == 0);
  CHECK(f.repair().empty());  // done once
}

TEST_CASE("outbox repair: a pending password owed, or with a step in doubt, is not voided",
          "[apply]") {
  Fixture f;
  const std::string text = kHealthy +
                           "bob,PwB123456789,t3,pending,bob@acme,bob,Bob\n"
                           "alice,PwA2new456789,t3,pending,alice@acme,alice,Alice\n";
  f.write(text);
  f.confirmed("alice");
  f.stepInDoubt("alice");  // its reset went out: the center may hold the new password
  f.rig.store->passwordsGenerated({"bob"}, f.run);  // its add is being settled
  CHECK(f.repair().empty());
  CHECK(f.text() == text);
}

TEST_CASE("outbox repair: a torn line goes before a line the state never recorded is voided",
          "[apply]") {
  Fixture f;
  f.write(kHealthy + "dan,PwD123456789,t3,pending,dan@acme,dan,Dan\n" + "erin,PwE12");
  f.confirmed("alice");
  const auto notes = f.repair();
  REQUIRE(notes.size() == 2);
  CHECK_THAT(notes[0], Contains("removed a torn last line") && Contains("account erin"));
  CHECK_THAT(notes[1], Contains("voided 1 pending password ") && Contains(": dan"));
  CHECK(f.outbox.read().problems.empty());
  CHECK(f.outbox.current().count("dan") == 0);
}

TEST_CASE("outbox repair: an outbox it cannot read is noted for the next run, not thrown",
          "[apply]") {
  Fixture f;
  std::filesystem::create_directory(f.path);  // a folder where the file should be
  const auto notes = f.repair();
  REQUIRE(notes.size() == 1);
  CHECK_THAT(notes[0], Contains("the outbox was not repaired") && Contains(f.path));
}
