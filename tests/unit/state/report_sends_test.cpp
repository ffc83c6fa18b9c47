// Run reports (schema 10): each send recorded with its channel, outcome and why; the newest of
// each channel read back, and kept when old reports are purged.

#include <catch2/catch.hpp>

#include "tests/unit/state/rig.h"

using namespace membersync::state;
using membersync::state::testing::Rig;
using namespace std::chrono_literals;

namespace {

ReportSend send(RunId run, const std::string& channel, ReportSendState state,
                const std::string& situation, const std::string& why = "") {
  return {0, run, channel, 0, state, "new", situation, why};
}

}  // namespace

TEST_CASE("state: a report send is recorded with its run, channel, time, outcome and why",
          "[state][notify]") {
  Rig rig;
  const RunId run = rig.store->beginRun({RunKind::Sync, "", 0, "", ""});
  rig.store->recordReportSend(
      send(run, "dingtalk", ReportSendState::Failed, "fp-1", "refused with code 310000"));
  const auto last = rig.store->lastReportSends();
  REQUIRE(last.size() == 1);
  CHECK(last[0].id > 0);
  CHECK(last[0].runId == run);
  CHECK(last[0].channel == "dingtalk");
  CHECK(last[0].at == rig.nowMs());
  CHECK(last[0].state == ReportSendState::Failed);
  CHECK(last[0].reason == "new");
  CHECK(last[0].situation == "fp-1");
  CHECK(last[0].why == "refused with code 310000");
}

TEST_CASE("state: the last report sends are the newest of each channel", "[state][notify]") {
  Rig rig;
  rig.store->recordReportSend(send(1, "wecom", ReportSendState::Failed, "a"));
  rig.clock.advance(1min);
  rig.store->recordReportSend(send(1, "mail:it@acme.example", ReportSendState::Sent, "a"));
  rig.store->recordReportSend(send(2, "wecom", ReportSendState::Sent, "b"));
  rig.reopen();
  const auto last = rig.store->lastReportSends();
  REQUIRE(last.size() == 2);
  CHECK(last[0].channel == "mail:it@acme.example");
  CHECK(last[1].channel == "wecom");
  CHECK(last[1].runId == 2);
  CHECK(last[1].situation == "b");
  CHECK(last[1].state == ReportSendState::Sent);
}

TEST_CASE("state: a report of a run that was never recorded (run 0) is kept too",
          "[state][notify]") {
  Rig rig;
  rig.store->recordReportSend(send(0, "feishu", ReportSendState::Sent, "failed|x"));
  REQUIRE(rig.store->lastReportSends().size() == 1);
  CHECK(rig.store->lastReportSends()[0].runId == 0);
}

TEST_CASE("state: purging old runs takes old reports but the newest of each channel",
          "[state][notify]") {
  Rig rig;
  rig.store->recordReportSend(send(1, "wecom", ReportSendState::Sent, "old-1"));
  rig.store->recordReportSend(send(1, "wecom", ReportSendState::Sent, "old-2"));
  rig.store->recordReportSend(send(1, "json", ReportSendState::Failed, "old-3"));
  rig.clock.advance(100 * 24h);
  rig.store->purgeRuns(90);
  auto last = rig.store->lastReportSends();
  REQUIRE(last.size() == 2);
  CHECK(last[0].situation == "old-3");
  CHECK(last[1].situation == "old-2");
  // A newer report of the channel lets the old one go at the next purge.
  rig.store->recordReportSend(send(2, "wecom", ReportSendState::Sent, "new"));
  rig.store->purgeRuns(90);
  last = rig.store->lastReportSends();
  CHECK(last[1].situation == "new");
}
