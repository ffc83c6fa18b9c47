// An organisation platform's calls by month (schema 15): added up within a month, the newest
// walk's kept as the estimate of the next, a new month starting from nothing.

#include <catch2/catch.hpp>

#include "tests/unit/state/rig.h"

using namespace membersync::state;
using membersync::state::testing::Rig;

TEST_CASE("state: platform calls add up by month, and the newest walk's are the estimate", "[state]") {
  Rig rig;
  CHECK(rig.store->platformCalls("2026-11").month == 0);
  CHECK(rig.store->platformCalls("2026-11").lastWalk == 0);
  rig.store->recordPlatformCalls("2026-11", 310, true);
  rig.store->recordPlatformCalls("2026-11", 305, true);
  CHECK(rig.store->platformCalls("2026-11").month == 615);
  CHECK(rig.store->platformCalls("2026-11").lastWalk == 305);
  // A new month: nothing spent yet, the last walk still the estimate.
  CHECK(rig.store->platformCalls("2026-12").month == 0);
  CHECK(rig.store->platformCalls("2026-12").lastWalk == 305);
}

TEST_CASE("state: a walk that failed part-way adds its calls to the month but is not the estimate",
          "[state]") {
  Rig rig;
  rig.store->recordPlatformCalls("2026-11", 310, true);
  rig.store->recordPlatformCalls("2026-11", 40, false);
  CHECK(rig.store->platformCalls("2026-11").month == 350);
  CHECK(rig.store->platformCalls("2026-11").lastWalk == 310);
  // The first walk of a month fails: the month counts it, the estimate is still the last whole.
  rig.store->recordPlatformCalls("2026-12", 12, false);
  CHECK(rig.store->platformCalls("2026-12").month == 12);
  CHECK(rig.store->platformCalls("2026-12").lastWalk == 310);
}
