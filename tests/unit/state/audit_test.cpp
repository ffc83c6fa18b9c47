// The audit (schema 12): what people did through the console or `allow`, read back by run and
// newest first, kept when runs are purged and aged out after [console] audit_days.

#include <catch2/catch.hpp>

#include "tests/unit/state/rig.h"

using namespace membersync::state;
using membersync::state::testing::Rig;
using namespace std::chrono_literals;

TEST_CASE("state: an audit entry is recorded with its time, actor, address, action and run",
          "[state][audit]") {
  Rig rig;
  const RunId run = rig.store->beginRun({RunKind::Sync, "", 0, "", ""});
  rig.store->recordAudit({0, 0, "alice", "10.0.0.9", "approve", run, "released 3"});
  rig.store->recordAudit({0, 0, "bob", "10.0.0.8", "sign-in", 0, "viewer"});
  const auto ofRun = rig.store->auditOfRun(run);
  REQUIRE(ofRun.size() == 1);
  CHECK(ofRun[0].actor == "alice");
  CHECK(ofRun[0].address == "10.0.0.9");
  CHECK(ofRun[0].action == "approve");
  CHECK(ofRun[0].detail == "released 3");
  CHECK(ofRun[0].at == rig.nowMs());
  const auto recent = rig.store->recentAudit(10);
  REQUIRE(recent.size() == 2);
  CHECK(recent[0].actor == "bob");  // newest first
}

TEST_CASE("state: the audit outlives the runs it names and goes after audit_days",
          "[state][audit]") {
  Rig rig;
  const RunId run = rig.store->beginRun({RunKind::Sync, "", 0, "", ""});
  rig.store->finishRun(run, "done", {}, "");
  rig.store->recordAudit({0, 0, "alice", "", "approve", run, ""});
  rig.clock.advance(24h * 100);
  CHECK(rig.store->purgeRuns(90) == 1);
  CHECK(rig.store->auditOfRun(run).size() == 1);  // not purged with its run
  CHECK(rig.store->purgeAudit(365) == 0);
  rig.clock.advance(24h * 266);
  CHECK(rig.store->purgeAudit(365) == 1);
  CHECK(rig.store->recentAudit(10).empty());
}
