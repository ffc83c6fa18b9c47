// Round trips of what the planner reads back: links, absences, item history, the last good
// export; and the transaction helper.

#include <stdexcept>

#include <catch2/catch.hpp>

#include "tests/unit/state/rig.h"

using namespace membersync::state;
using membersync::state::testing::Rig;
using namespace std::chrono_literals;

TEST_CASE("state: links round-trip, upsert by employee id, and can be dropped", "[state]") {
  Rig rig;
  rig.store->saveLink({"E1", "alice", "G1", true, 1234});
  rig.store->saveLink({"E2", "bob", "G2", false, 0});       // 0: stamped now
  rig.store->saveLink({"E1", "alice2", "G1", true, 1234});  // renamed account

  Snapshot snap = rig.store->load();
  REQUIRE(snap.linksByEmployee.size() == 2);
  const Link& a = snap.linksByEmployee.at("E1");
  CHECK(a.employeeId == "E1");
  CHECK(a.account == "alice2");
  CHECK(a.globalId == "G1");
  CHECK(a.createdByUs);
  CHECK(a.linkedAt == 1234);
  const Link& b = snap.linksByEmployee.at("E2");
  CHECK_FALSE(b.createdByUs);
  CHECK(b.linkedAt == rig.nowMs());

  rig.store->dropLink("E1");
  rig.store->dropLink("nobody");  // no-op
  CHECK(rig.store->load().linksByEmployee.count("E1") == 0);
}

TEST_CASE("state: absences round-trip with and without a withdrawal, and clear", "[state]") {
  Rig rig;
  rig.store->saveAbsence({"E1", 1, "h1", 100, std::nullopt});
  rig.store->saveAbsence({"E2", 3, "h3", 0, 777});
  rig.store->saveAbsence({"E1", 2, "h2", 100, std::nullopt});  // counted another export

  Snapshot snap = rig.store->load();
  const Absence& a = snap.absences.at("E1");
  CHECK(a.distinctExports == 2);
  CHECK(a.lastExportHash == "h2");
  CHECK(a.since == 100);
  CHECK_FALSE(a.withdrawnAt);
  const Absence& b = snap.absences.at("E2");
  CHECK(b.since == rig.nowMs());
  REQUIRE(b.withdrawnAt);
  CHECK(*b.withdrawnAt == 777);

  rig.store->clearAbsence("E2");
  CHECK(rig.store->load().absences.count("E2") == 0);
}

TEST_CASE("state: item records round-trip in every status, openItems lists the unfinished",
          "[state]") {
  Rig rig;
  rig.store->saveItem({"add:E1", ItemStatus::Succeeded, 0, 0, "i1", "", "", 0});
  rig.store->saveItem({"edit:E2", ItemStatus::RetryLater, 2, 9000, "i2", "500", "busy", 50});
  rig.store->saveItem({"add:E3", ItemStatus::Refused, 1, 0, "i3", "10003", "bad name", 60});
  rig.store->saveItem({"enrol:E4", ItemStatus::Unknown, 1, 0, "i4", "", "no answer", 70});

  Snapshot snap = rig.store->load();
  REQUIRE(snap.items.size() == 4);
  const ItemRecord& r = snap.items.at("edit:E2");
  CHECK(r.status == ItemStatus::RetryLater);
  CHECK(r.attempts == 2);
  CHECK(r.nextAttemptAt == 9000);
  CHECK(r.inputHash == "i2");
  CHECK(r.code == "500");
  CHECK(r.message == "busy");
  CHECK(r.updatedAt == 50);
  CHECK(snap.items.at("add:E1").updatedAt == rig.nowMs());
  CHECK(snap.items.at("add:E3").status == ItemStatus::Refused);
  CHECK(snap.items.at("enrol:E4").status == ItemStatus::Unknown);

  auto open = rig.store->openItems();
  REQUIRE(open.size() == 3);
  CHECK(open[0].key == "add:E3");  // by key
  CHECK(open[1].key == "edit:E2");
  CHECK(open[2].key == "enrol:E4");

  rig.store->saveItem({"edit:E2", ItemStatus::Succeeded, 0, 0, "i2", "", "", 0});
  rig.store->clearItem("add:E3");
  CHECK(rig.store->openItems().size() == 1);
  CHECK(rig.store->load().items.size() == 3);
}

TEST_CASE("state: the last good export is replaced, never accumulated", "[state]") {
  Rig rig;
  rig.store->recordGoodExport({"h1", 100, 10});
  rig.store->recordGoodExport({"h2", 120, 0});
  auto last = rig.store->load().lastGoodExport;
  REQUIRE(last);
  CHECK(last->hash == "h2");
  CHECK(last->rows == 120);
  CHECK(last->at == rig.nowMs());
}

TEST_CASE("state: a transaction commits together or not at all", "[state]") {
  Rig rig;
  rig.store->transaction([&] {
    rig.store->saveLink({"E1", "alice", "G1", true, 0});
    rig.store->transaction([&] { rig.store->saveAbsence({"E2", 1, "h", 0, std::nullopt}); });
  });
  CHECK(rig.store->load().linksByEmployee.size() == 1);

  CHECK_THROWS_AS(rig.store->transaction([&] {
    rig.store->saveLink({"E3", "carol", "G3", true, 0});
    rig.store->clearAbsence("E2");
    throw std::runtime_error("the applier gave up");
  }),
                  std::runtime_error);
  Snapshot snap = rig.store->load();
  CHECK(snap.linksByEmployee.count("E3") == 0);
  CHECK(snap.absences.count("E2") == 1);

  rig.store->saveLink({"E4", "dan", "G4", true, 0});  // usable after a rollback
  CHECK(rig.store->load().linksByEmployee.count("E4") == 1);
}

TEST_CASE("state: a step id or run id the store never handed out is a programming error",
          "[state]") {
  Rig rig;
  CHECK_THROWS_AS(rig.store->journalSent(42), std::invalid_argument);
  CHECK_THROWS_AS(rig.store->journalPlanned(7, {"add:E1", "add", "a", "E1", "", ""}),
                  std::invalid_argument);
  CHECK_THROWS_AS(rig.store->finishRun(7, "done", {}, ""), std::invalid_argument);
  CHECK_THROWS_AS(rig.store->releaseRun(7), std::invalid_argument);
  CHECK_THROWS_AS(rig.store->purgeRuns(-1), std::invalid_argument);
  CHECK(rig.store->stepsOfRun(7).empty());
  CHECK(rig.store->heldItemsOfRun(7).empty());
  CHECK_FALSE(rig.store->findRun(7));
}

TEST_CASE("state: a database belongs to the first enterprise that claims it, across reopening",
          "[state]") {
  Rig rig;
  CHECK_FALSE(rig.store->enterprise());  // reading claims nothing
  CHECK_FALSE(rig.store->enterprise());
  CHECK(rig.store->claimEnterprise("ENT-A") == "ENT-A");
  CHECK(rig.store->enterprise() == std::optional<std::string>("ENT-A"));
  CHECK(rig.store->claimEnterprise("ENT-A") == "ENT-A");
  CHECK(rig.store->claimEnterprise("ENT-B") == "ENT-A");  // refused by the caller: not recorded
  rig.store.reset();
  auto reopened = SqliteStore::open(rig.path, rig.clock);
  CHECK(reopened->claimEnterprise("ENT-B") == "ENT-A");
}
