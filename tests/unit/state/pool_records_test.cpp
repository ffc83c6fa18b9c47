// Pool counts (schema 13): each asset rule's counts recorded per applying run, read back by rule
// or for every rule since a time, replaced within a run, and purged with their runs.

#include <catch2/catch.hpp>

#include "tests/unit/state/rig.h"

using namespace membersync::state;
using membersync::state::testing::Rig;
using namespace std::chrono_literals;

namespace {

PoolCount count(const std::string& rule, std::int64_t assigned, std::int64_t capacity = 10) {
  return {rule, false, capacity, assigned, capacity - assigned, assigned / 2, assigned + 1};
}

}  // namespace

TEST_CASE("state: pool counts are recorded with their run and time, and read back whole",
          "[state]") {
  Rig rig;
  const RunId run = rig.store->beginRun({RunKind::Sync, "", 0, "", ""});
  PoolCount viewer{"viewer", true, 7, 5, 2, 4, 9};
  rig.store->recordPoolCounts(run, {count("cad", 4), viewer});
  rig.reopen();
  const auto all = rig.store->poolHistory("", 0);
  REQUIRE(all.size() == 2);
  CHECK(all[0].counts.rule == "cad");  // by rule
  const PoolRecord& v = all[1];
  CHECK(v.runId == run);
  CHECK(v.at == rig.nowMs());
  CHECK(v.counts.rule == "viewer");
  CHECK(v.counts.product);
  CHECK(v.counts.capacity == 7);
  CHECK(v.counts.assigned == 5);
  CHECK(v.counts.free == 2);
  CHECK(v.counts.owned == 4);
  CHECK(v.counts.wanted == 9);
  CHECK_FALSE(all[0].counts.product);
}

TEST_CASE("state: pool history of one rule is oldest first, from the time asked", "[state]") {
  Rig rig;
  for (int i = 0; i < 4; ++i) {
    const RunId run = rig.store->beginRun({});
    rig.store->recordPoolCounts(run, {count("cad", i), count("office", 9 - i)});
    rig.clock.advance(24h);
  }
  const auto cad = rig.store->poolHistory("cad", 0);
  REQUIRE(cad.size() == 4);
  for (int i = 0; i < 4; ++i) CHECK(cad[i].counts.assigned == i);
  const Millis twoDaysAgo = rig.nowMs() - 2 * 24 * 3600 * 1000LL;
  const auto recent = rig.store->poolHistory("cad", twoDaysAgo);
  REQUIRE(recent.size() == 2);
  CHECK(recent[0].counts.assigned == 2);
  CHECK(recent[1].counts.assigned == 3);
  CHECK(rig.store->poolHistory("", twoDaysAgo).size() == 4);
  CHECK(rig.store->poolHistory("nobody", 0).empty());
}

TEST_CASE("state: a rule recorded twice in a run keeps the last counts", "[state]") {
  Rig rig;
  const RunId run = rig.store->beginRun({});
  rig.store->recordPoolCounts(run, {count("cad", 1)});
  rig.store->recordPoolCounts(run, {count("cad", 3)});
  rig.store->recordPoolCounts(run, {});  // nothing to record: no-op
  const auto cad = rig.store->poolHistory("cad", 0);
  REQUIRE(cad.size() == 1);
  CHECK(cad[0].counts.assigned == 3);
}

TEST_CASE("state: pool counts go with their runs when old runs are purged", "[state]") {
  Rig rig;
  const RunId old = rig.store->beginRun({});
  rig.store->recordPoolCounts(old, {count("cad", 1)});
  rig.clock.advance(100 * 24h);
  const RunId fresh = rig.store->beginRun({});
  rig.store->recordPoolCounts(fresh, {count("cad", 2)});
  CHECK(rig.store->purgeRuns(90) == 1);
  const auto cad = rig.store->poolHistory("cad", 0);
  REQUIRE(cad.size() == 1);
  CHECK(cad[0].runId == fresh);
}

TEST_CASE("state: pool counts of a run never recorded are refused", "[state]") {
  Rig rig;
  CHECK_THROWS_AS(rig.store->recordPoolCounts(42, {count("cad", 1)}), std::invalid_argument);
}
