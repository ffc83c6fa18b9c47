// Round trips of the entitlement side: owned assets, lendings, enrolments, the product cache and
// the problems a run reported.

#include <atomic>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include <catch2/catch.hpp>

#include "tests/unit/state/rig.h"

using namespace membersync::state;
using membersync::state::testing::Rig;

TEST_CASE("state: owned assets round-trip, upsert by asset number, and can be dropped",
          "[state][assets]") {
  Rig rig;
  rig.store->saveOwnedAsset({"AN-0003", "G1", "cad-seat", 1234});
  rig.store->saveOwnedAsset({"AN-0015", "G2", "viewer", 0});  // 0: stamped now
  rig.store->saveOwnedAsset({"AN-0003", "G3", "cad-seat", 99});  // now another member's

  Snapshot snap = rig.store->load();
  REQUIRE(snap.ownedAssets.size() == 2);
  const OwnedAsset& a = snap.ownedAssets.at("AN-0003");
  CHECK(a.assetNum == "AN-0003");
  CHECK(a.globalId == "G3");
  CHECK(a.rule == "cad-seat");
  CHECK(a.assignedAt == 99);
  CHECK(snap.ownedAssets.at("AN-0015").assignedAt == rig.nowMs());

  rig.store->dropOwnedAsset("AN-0003");
  rig.store->dropOwnedAsset("AN-9999");  // no-op
  snap = rig.store->load();
  CHECK(snap.ownedAssets.count("AN-0003") == 0);
  CHECK(snap.ownedAssets.count("AN-0015") == 1);
}

TEST_CASE("state: lendings round-trip by member, one per member, and can be dropped",
          "[state][assets]") {
  Rig rig;
  rig.store->saveLending({"G1", "LK-0001", "offline", 0});
  rig.store->saveLending({"G2", "LK-0005", "offline", 42});
  rig.store->saveLending({"G1", "LK-0004", "offline", 43});

  Snapshot snap = rig.store->load();
  REQUIRE(snap.lendings.size() == 2);
  CHECK(snap.lendings.at("G1").lockNumber == "LK-0004");
  CHECK(snap.lendings.at("G1").lentAt == 43);
  CHECK(snap.lendings.at("G2").rule == "offline");

  rig.store->dropLending("G1");
  rig.store->dropLending("nobody");
  CHECK(rig.store->load().lendings.count("G1") == 0);
}

TEST_CASE("state: enrolments round-trip every status, keyed by employee and rule",
          "[state][enrol]") {
  Rig rig;
  const std::string products =
      R"([{"productUri":"uri:viewer","limitStartDate":"2026-11-21 10:00:00","limitEndDate":"2027-11-21 10:00:00","activateType":"0"}])";
  rig.store->saveEnrolment(
      {"E1", "welcome", "welcome-2026", EnrolmentStatus::Enrolled, "h1", products, "", 0});
  rig.store->saveEnrolment({"E1", "render", "render-trial-2026", EnrolmentStatus::NotQualified,
                            "h2", "", "U-RENDER-TRIAL 14005: claim count exceeded", 10});
  rig.store->saveEnrolment(
      {"E2", "welcome", "welcome-2026", EnrolmentStatus::Refused, "h3", "", "2001 filtered", 11});
  rig.store->saveEnrolment(
      {"E3", "welcome", "welcome-2026", EnrolmentStatus::RetryLater, "h4", "", "1002", 12});
  rig.store->saveEnrolment(
      {"E4", "welcome", "welcome-2026", EnrolmentStatus::Unknown, "h5", "", "no answer", 13});

  Snapshot snap = rig.store->load();
  REQUIRE(snap.enrolments.size() == 5);
  const Enrolment& e = snap.enrolments.at(enrolmentKey("E1", "welcome"));
  CHECK(e.employeeId == "E1");
  CHECK(e.rule == "welcome");
  CHECK(e.activityLabel == "welcome-2026");
  CHECK(e.status == EnrolmentStatus::Enrolled);
  CHECK(e.inputHash == "h1");
  CHECK(e.productsJson == products);
  CHECK(e.at == rig.nowMs());
  CHECK(snap.enrolments.at("E1|render").status == EnrolmentStatus::NotQualified);
  CHECK(snap.enrolments.at("E1|render").message == "U-RENDER-TRIAL 14005: claim count exceeded");
  CHECK(snap.enrolments.at("E2|welcome").status == EnrolmentStatus::Refused);
  CHECK(snap.enrolments.at("E3|welcome").status == EnrolmentStatus::RetryLater);
  CHECK(snap.enrolments.at("E4|welcome").status == EnrolmentStatus::Unknown);

  // A later attempt replaces the record.
  rig.store->saveEnrolment(
      {"E3", "welcome", "welcome-2026", EnrolmentStatus::Enrolled, "h4", products, "", 20});
  snap = rig.store->load();
  CHECK(snap.enrolments.size() == 5);
  CHECK(snap.enrolments.at("E3|welcome").status == EnrolmentStatus::Enrolled);
  CHECK(snap.enrolments.at("E3|welcome").message.empty());
}

TEST_CASE("state: enrolment statuses are stored by name", "[state][enrol]") {
  for (auto s : {EnrolmentStatus::Enrolled, EnrolmentStatus::NotQualified,
                 EnrolmentStatus::Refused, EnrolmentStatus::RetryLater, EnrolmentStatus::Unknown}) {
    REQUIRE(parseEnrolmentStatus(toString(s)));
    CHECK(*parseEnrolmentStatus(toString(s)) == s);
  }
  CHECK(std::string(toString(EnrolmentStatus::NotQualified)) == "not-qualified");
  CHECK_FALSE(parseEnrolmentStatus("enroled"));
}

TEST_CASE("state: the product cache keeps each asset's uris in order and replaces them",
          "[state][assets]") {
  Rig rig;
  rig.store->saveProductCaches({
      {"AID-0001", {"uri:cad-pro", "uri:viewer", "uri:render"}, 1000},
      {"AID-0011", {"uri:viewer"}, 0},
      {"AID-0029", {}, 1001},  // an asset without products is cached too
  });
  Snapshot snap = rig.store->load();
  REQUIRE(snap.productCache.size() == 3);
  CHECK(snap.productCache.at("AID-0001").productUris ==
        std::vector<std::string>{"uri:cad-pro", "uri:viewer", "uri:render"});
  CHECK(snap.productCache.at("AID-0001").fetchedAt == 1000);
  CHECK(snap.productCache.at("AID-0011").fetchedAt == rig.nowMs());
  CHECK(snap.productCache.at("AID-0029").productUris.empty());
  CHECK(snap.productCache.at("AID-0029").assetId == "AID-0029");

  // Refreshed: the new list replaces the old one, shorter or not.
  rig.store->saveProductCache({"AID-0001", {"uri:viewer"}, 2000});
  rig.store->saveProductCaches({});  // no-op
  snap = rig.store->load();
  CHECK(snap.productCache.at("AID-0001").productUris == std::vector<std::string>{"uri:viewer"});
  CHECK(snap.productCache.at("AID-0001").fetchedAt == 2000);
  CHECK(snap.productCache.at("AID-0011").productUris == std::vector<std::string>{"uri:viewer"});
}

TEST_CASE("state: caching 10,000 product trees is one transaction", "[state][assets]") {
  Rig rig;
  std::vector<ProductCacheEntry> entries;
  for (int i = 0; i < 10000; ++i) {
    entries.push_back({"AID-" + std::to_string(i), {"uri:cad-pro", "uri:viewer"}, 0});
  }
  rig.store->saveProductCaches(entries);
  Snapshot snap = rig.store->load();
  REQUIRE(snap.productCache.size() == 10000);
  CHECK(snap.productCache.at("AID-9999").productUris.size() == 2);
}

TEST_CASE("state: a run's problems are recorded, replaced by key, and purged with the run",
          "[state]") {
  Rig rig;
  RunId run = rig.store->beginRun({});
  RunId other = rig.store->beginRun({});
  rig.store->recordProblems(run, {{run, "problem:pool:cad-seat:E7", "pool cad-seat is empty"},
                                  {run, "problem:pool:cad-seat:E5", "pool cad-seat is empty"}});
  rig.store->recordProblems(run, {{run, "problem:pool:cad-seat:E7", "still empty"}});
  rig.store->recordProblems(run, {});  // no-op

  auto problems = rig.store->problemsOfRun(run);
  REQUIRE(problems.size() == 2);
  CHECK(problems[0].key == "problem:pool:cad-seat:E5");
  CHECK(problems[1].message == "still empty");
  CHECK(problems[1].runId == run);
  CHECK(rig.store->problemsOfRun(other).empty());
  CHECK(rig.store->problemsOfRun(999).empty());
  CHECK_THROWS_AS(rig.store->recordProblems(999, {{999, "k", "m"}}), std::invalid_argument);

  rig.store->finishRun(run, "done", {}, "");
  rig.clock.advance(std::chrono::hours(24 * 10));
  CHECK(rig.store->purgeRuns(5) == 2);
  CHECK(rig.store->problemsOfRun(run).empty());
}

TEST_CASE("state: entitlement writes from several threads at once all land", "[state][assets]") {
  Rig rig;
  constexpr int kThreads = 6, kEach = 100;
  std::atomic<int> errors{0};
  std::vector<std::thread> workers;
  for (int t = 0; t < kThreads; ++t) {
    workers.emplace_back([&, t] {
      try {
        for (int i = 0; i < kEach; ++i) {
          const std::string n = std::to_string(t) + "-" + std::to_string(i);
          rig.store->transaction([&] {
            rig.store->saveOwnedAsset({"AN-" + n, "G" + n, "r", 0});
            rig.store->saveLending({"G" + n, "LK-" + n, "l", 0});
          });
          rig.store->saveEnrolment(
              {"E" + n, "w", "welcome-2026", EnrolmentStatus::Enrolled, "", "[]", "", 0});
          rig.store->saveProductCache({"AID-" + n, {"uri:viewer"}, 0});
          if (i % 25 == 0) rig.store->load();
        }
      } catch (...) {
        ++errors;
      }
    });
  }
  for (auto& w : workers) w.join();
  CHECK(errors == 0);
  Snapshot snap = rig.store->load();
  CHECK(snap.ownedAssets.size() == kThreads * kEach);
  CHECK(snap.lendings.size() == kThreads * kEach);
  CHECK(snap.enrolments.size() == kThreads * kEach);
  CHECK(snap.productCache.size() == kThreads * kEach);
}
