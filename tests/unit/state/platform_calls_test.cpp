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
  rig.store->recordPlatformCalls("2026-11", 310);
  rig.store->recordPlatformCalls("2026-11", 305);
  CHECK(rig.store->platformCalls("2026-11").month == 615);
  CHECK(rig.store->platformCalls("2026-11").lastWalk == 305);
  // A new month: nothing spent yet, the last walk still the estimate.
  CHECK(rig.store->platformCalls("2026-12").month == 0);
  CHECK(rig.store->platformCalls("2026-12").lastWalk == 305);
}
