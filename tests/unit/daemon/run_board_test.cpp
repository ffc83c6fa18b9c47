// What /healthz, /metrics and STATUS= say about the daemon's runs.

#include "daemon/health/run_board.h"

#include <catch2/catch.hpp>
#include <sstream>

#include "daemon/host/run_summary.h"
#include "jobs/core/scrubber.h"

namespace {

using membersync::Clock;
using membersync::Scrubber;
using membersync::Secret;
using membersync::daemon::FinishedRun;
using membersync::daemon::RunBoard;

Clock::WallPoint at(int seconds) {
  return Clock::WallPoint(std::chrono::seconds(1'800'000'000 + seconds));
}

FinishedRun run(std::int64_t id, const std::string& outcome, bool failed) {
  FinishedRun r;
  r.id = id;
  r.outcome = outcome;
  r.failed = failed;
  r.started = at(static_cast<int>(id) * 100);
  r.finished = at(static_cast<int>(id) * 100 + 3);
  r.counts.added = 2;
  r.items[{"add", "succeeded"}] = 2;
  return r;
}

std::vector<membersync::center::CallStats::Row> someCalls() {
  membersync::center::CallStats stats;
  stats.finished(membersync::center::Endpoint::AddMembers, membersync::center::Outcome::Ok, nullptr,
                 std::chrono::milliseconds(5));
  stats.retry(membersync::center::Endpoint::ListMembers);
  return stats.snapshot();
}

}  // namespace

TEST_CASE("health: 200 until failures in a row reach the threshold, 200 again while running",
          "[daemon][health]") {
  Scrubber scrubber;
  RunBoard board(scrubber, 2);
  CHECK(board.healthStatus() == 200);
  CHECK_THAT(board.healthJson(), Catch::Contains("\"status\":\"ok\""));
  CHECK_THAT(board.healthJson(), Catch::Contains("\"lastRun\":null"));

  board.runStarted(at(0));
  board.runFinished(run(1, "failed", true));
  CHECK(board.healthStatus() == 200);
  CHECK_THAT(board.healthJson(), Catch::Contains("\"status\":\"degraded\""));
  board.runStarted(at(150));
  board.runFinished(run(2, "error", true));
  CHECK(board.healthStatus() == 503);
  CHECK_THAT(board.healthJson(), Catch::Contains("\"status\":\"failing\""));
  CHECK_THAT(board.healthJson(), Catch::Contains("\"failuresInARow\":2"));

  board.runStarted(at(250));
  CHECK(board.healthStatus() == 200);
  CHECK_THAT(board.healthJson(), Catch::Contains("\"status\":\"running\""));
  board.runFinished(run(3, "done", false));
  CHECK(board.healthStatus() == 200);
  CHECK_THAT(board.healthJson(), Catch::Contains("\"status\":\"ok\""));
}

TEST_CASE("health: the JSON body carries the last run's id, outcome, times and counts",
          "[daemon][health]") {
  Scrubber scrubber;
  RunBoard board(scrubber);
  membersync::state::RunSummary seeded;
  seeded.id = 41;
  seeded.kind = membersync::state::RunKind::Sync;
  seeded.startedAt = 1'800'000'000'000;
  seeded.finishedAt = 1'800'000'002'500;
  seeded.outcome = "done";
  seeded.counts.edited = 4;
  board.seed(seeded);
  const std::string seededJson = board.healthJson();
  CHECK_THAT(seededJson, Catch::Contains("\"id\":41"));
  CHECK_THAT(seededJson, Catch::Contains("\"kind\":\"sync\""));
  CHECK_THAT(seededJson, Catch::Contains("\"durationSeconds\":2.5"));
  CHECK_THAT(seededJson, Catch::Contains("\"edited\":4"));

  board.runStarted(at(400));
  board.runFinished(run(42, "partly-failed", false));
  const std::string json = board.healthJson();
  CHECK_THAT(json, Catch::Contains("\"id\":42"));
  CHECK_THAT(json, Catch::Contains("\"kind\":\"daemon\""));
  CHECK_THAT(json, Catch::Contains("\"outcome\":\"partly-failed\""));
  CHECK_THAT(json, Catch::Contains("\"started\":\"2027-01-15T09:10:00Z\""));
  CHECK_THAT(json, Catch::Contains("\"added\":2"));
  // Every count, named by report::runCountFields.
  CHECK_THAT(json, Catch::Contains("\"counts\":{\"added\":2,\"edited\":0,\"adopted\":0,"
                                   "\"withdrawn\":0,\"deleted\":0,\"assigned\":0,\"lent\":0,"
                                   "\"enrolled\":0,\"held\":0,\"failed\":0,\"unknown\":0}"));
  CHECK_THAT(json, Catch::Contains("\"lastSuccess\":\"2027-01-15T09:10:03Z\""));
}

TEST_CASE(
    "health: what needs a person is counted by kind, seeded from the state at start and "
    "replaced by each run that counted it",
    "[daemon][health]") {
  Scrubber scrubber;
  RunBoard board(scrubber);
  CHECK_THAT(board.healthJson(),
             Catch::Contains("\"attention\":{\"held\":0,\"invalid-row\":0,\"refused\":0,"
                             "\"failed\":0,\"in-doubt\":0,\"enrolment-in-doubt\":0,"
                             "\"password-waiting\":0,\"pool-dry\":0},\"attentionTotal\":0"));
  board.seedAttention({{"held", 3}});
  CHECK_THAT(board.healthJson(), Catch::Contains("\"held\":3,") &&
                                     Catch::Contains("\"attentionTotal\":3"));
  auto counted = run(7, "partly-failed", false);
  counted.attention = std::map<std::string, int>{{"invalid-row", 1}};
  board.runFinished(counted);
  CHECK_THAT(board.healthJson(), Catch::Contains("\"held\":0,\"invalid-row\":1,") &&
                                     Catch::Contains("\"attentionTotal\":1"));
  board.runFinished(run(8, "failed", true));  // not counted: the last counts stay
  CHECK_THAT(board.healthJson(), Catch::Contains("\"attentionTotal\":1"));
}

TEST_CASE(
    "metrics: runs, items, calls, last success, duration and pool shortages in Prometheus "
    "text format",
    "[daemon][health]") {
  Scrubber scrubber;
  RunBoard board(scrubber);
  board.runStarted(at(100));
  board.runFinished(run(1, "done", false));
  board.runStarted(at(200));
  board.runFinished(run(2, "done", false));
  const std::string text = board.metricsText(someCalls());
  CHECK_THAT(text, Catch::Contains("# TYPE membersync_runs_total counter\n"));
  CHECK_THAT(text, Catch::Contains("membersync_runs_total{outcome=\"done\"} 2\n"));
  CHECK_THAT(text, Catch::Contains("membersync_runs_total{outcome=\"failed\"} 0\n"));
  CHECK_THAT(text,
             Catch::Contains("membersync_items_total{kind=\"add\",outcome=\"succeeded\"} 4\n"));
  CHECK_THAT(text,
             Catch::Contains(
                 "membersync_api_calls_total{endpoint=\"A1 add members\",outcome=\"ok\"} 1\n"));
  CHECK_THAT(
      text, Catch::Contains("membersync_api_call_retries_total{endpoint=\"A5 list members\"} 1\n"));
  CHECK_THAT(text, Catch::Contains("membersync_last_success_timestamp_seconds 1800000203\n"));
  CHECK_THAT(text, Catch::Contains("membersync_last_run_duration_seconds 3\n"));
  CHECK_THAT(text, Catch::Contains("membersync_pool_shortages 0\n"));
  CHECK_THAT(text, Catch::Contains("membersync_run_in_progress 0\n"));
  // Every sample line is `name{labels} value` or `name value`.
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("# ", 0) == 0) continue;
    CHECK(line.rfind("membersync_", 0) == 0);
    CHECK(line.find(' ') != std::string::npos);
  }
}

TEST_CASE("status: STATUS= names the phase and counts while running, the backoff when backing off",
          "[daemon][health]") {
  Scrubber scrubber;
  RunBoard board(scrubber);
  board.setSchedule("every 1m", at(60), {}, 0);
  CHECK_THAT(board.statusLine(), Catch::StartsWith("idle; next run "));
  board.runStarted(at(60));
  board.phase("adds", 250);
  board.advance(120);
  CHECK(board.statusLine() == "running: adds 120/250");
  board.runFinished(run(7, "failed", true));
  board.setSchedule("every 1m", at(300), std::chrono::minutes(4), 3);
  CHECK_THAT(
      board.statusLine(),
      Catch::StartsWith("backing off 4m after 3 systemic failures; last run 7 failed (2 added); "
                        "next run "));
  board.setStopping();
  CHECK(board.statusLine() == "stopping");
}

TEST_CASE(
    "summary: items by kind and outcome, and a run cut short by a stop is cancelled, not systemic",
    "[daemon][health]") {
  using membersync::apply::SyncOutcome;
  using membersync::plan::ItemKind;
  membersync::apply::SyncReport report;
  report.run = 9;
  report.outcome = SyncOutcome::Failed;
  report.plan.emplace();
  for (int i = 0; i < 5; ++i) {
    membersync::plan::Item add;
    add.kind = ItemKind::Add;
    add.key = "add:E" + std::to_string(i);
    report.plan->items.push_back(add);
  }
  membersync::plan::Item dry;
  dry.kind = ItemKind::Problem;
  dry.key = "problem:assets:cad-seat";
  report.plan->items.push_back(dry);
  membersync::plan::Item held;
  held.kind = ItemKind::Held;
  held.heldKind = ItemKind::Edit;
  held.key = "edit:E1";
  report.plan->items.push_back(held);
  report.applied.emplace();
  report.applied->counts.added = 2;
  report.applied->counts.failed = 1;
  report.applied->failures.push_back(
      {"add:E4", "e4", membersync::state::ItemStatus::Refused, "refused"});
  report.applied->stoppedEarly = true;
  report.applied->stopReason = "stopping";

  auto stopped = membersync::daemon::summarize(report, true, at(0), at(5));
  CHECK(stopped.verdict == membersync::daemon::RunVerdict::Cancelled);
  CHECK(stopped.board.outcome == "cancelled");
  CHECK_FALSE(stopped.board.failed);
  CHECK(stopped.board.items.at({"add", "succeeded"}) == 2);
  CHECK(stopped.board.items.at({"add", "refused"}) == 1);
  CHECK(stopped.board.items.at({"add", "not-sent"}) == 2);
  CHECK(stopped.board.items.at({"edit", "held"}) == 1);  // a held edit, told apart on /metrics
  CHECK(stopped.board.items.at({"problem", "reported"}) == 1);
  CHECK(stopped.board.poolShortages == 1);
  REQUIRE_FALSE(stopped.log.empty());
  CHECK_THAT(stopped.log.front().second, Catch::StartsWith("run 9 cancelled after 5s: 2 added"));
  // The counts in report::runCountsText's words, as `sync` and `status` print them.
  CHECK_THAT(stopped.log.front().second,
             Catch::Contains("after 5s: 2 added, 1 failed, 2 not sent"));

  auto systemic = membersync::daemon::summarize(report, false, at(0), at(5));
  CHECK(systemic.verdict == membersync::daemon::RunVerdict::SystemicFailure);
  CHECK(systemic.board.failed);

  membersync::apply::SyncReport unreadable;
  unreadable.outcome = SyncOutcome::Failed;
  unreadable.message = "cannot read the member list";
  CHECK(membersync::daemon::summarize(unreadable, false, at(0), at(1)).verdict ==
        membersync::daemon::RunVerdict::SystemicFailure);
  membersync::apply::SyncReport partly;
  partly.outcome = SyncOutcome::PartlyFailed;
  partly.plan.emplace();
  partly.applied.emplace();
  CHECK(membersync::daemon::summarize(partly, false, at(0), at(1)).verdict ==
        membersync::daemon::RunVerdict::Succeeded);
}

TEST_CASE(
    "summary: a run's log says what needs a person, by person with what to do, and counts it by "
    "kind for the board",
    "[daemon]") {
  membersync::apply::SyncReport report;
  report.run = 21;
  report.outcome = membersync::apply::SyncOutcome::PartlyFailed;
  report.message = "needs a person: 1 invalid row";
  report.plan.emplace();
  report.applied.emplace();
  membersync::report::AttentionItem row;
  row.kind = membersync::report::AttentionKind::InvalidRow;
  row.key = "problem:line:14";
  row.action = "row skipped";
  row.account = "zhangsan";
  row.name = "张三";
  row.reason = membersync::i18n::verbatim("mobile \"123\" is not a mobile number");
  row.command = membersync::i18n::verbatim("fix hr.csv:14, then `membersync sync`");
  report.attention.items = {row};
  const auto s = membersync::daemon::summarize(report, false, at(0), at(1));
  CHECK_THAT(s.log.front().second, Catch::Contains("run 21 partly-failed after 1s") &&
                                       Catch::Contains("needs a person: 1 invalid row"));
  bool named = false;
  for (const auto& [level, line] : s.log)
    named = named || line == "needs a person: invalid-row row skipped zhangsan 张三: mobile "
                             "\"123\" is not a mobile number; to do: fix hr.csv:14, then "
                             "`membersync sync`";
  CHECK(named);
  REQUIRE(s.board.attention);
  CHECK(s.board.attention->at("invalid-row") == 1);
}

TEST_CASE("health: a run's message that quotes a secret shows it scrubbed on /healthz",
          "[daemon][health]") {
  Scrubber scrubber;
  scrubber.add(Secret("tok-0123456789abcdef"));
  RunBoard board(scrubber);
  membersync::state::RunSummary seeded;
  seeded.id = 1;
  seeded.message = "cause: userToken tok-0123456789abcdef";
  board.seed(seeded);
  CHECK_THAT(board.healthJson(), Catch::Contains("cause: userToken [redacted]"));

  FinishedRun r = run(2, "failed", true);
  r.message = "A5 list members: code 500 [cause: clientToken: tok-0123456789abcdef]";
  board.runStarted(at(200));
  board.runFinished(r);
  const std::string json = board.healthJson();
  CHECK_THAT(json, Catch::Contains("clientToken: [redacted]"));
  CHECK_THAT(json, !Catch::Contains("tok-0123456789abcdef"));
  CHECK_THAT(board.metricsText(someCalls()), !Catch::Contains("tok-0123456789abcdef"));
}

TEST_CASE("health: held edits show on /healthz's last run and on /metrics by kind",
          "[daemon][health]") {
  Scrubber scrubber;
  RunBoard board(scrubber);
  board.runStarted(at(100));
  FinishedRun held = run(7, "held", false);
  held.items[{"edit", "held"}] = 60;
  held.items[{"add", "succeeded"}] = 1;
  board.runFinished(held);
  CHECK_THAT(board.healthJson(), Catch::Contains("\"held\":{\"edit\":60}"));
  CHECK_THAT(board.metricsText(someCalls()),
             Catch::Contains("membersync_items_total{kind=\"edit\",outcome=\"held\"} 60\n"));
}

TEST_CASE("metrics: the passwords waiting to be handed out, by how mailing them stands",
          "[daemon][health]") {
  Scrubber scrubber;
  RunBoard board(scrubber);
  board.runStarted(at(100));
  auto finished = run(1, "done", false);
  finished.passwordsWaiting = std::map<std::string, int>{{"", 2}, {"retry", 3}, {"in-doubt", 1}};
  board.runFinished(finished);
  const std::string text = board.metricsText(someCalls());
  CHECK_THAT(text, Catch::Contains("# TYPE membersync_passwords_waiting gauge\n"));
  CHECK_THAT(text, Catch::Contains("membersync_passwords_waiting{mail=\"none\"} 2\n"));
  CHECK_THAT(text, Catch::Contains("membersync_passwords_waiting{mail=\"retry\"} 3\n"));
  CHECK_THAT(text, Catch::Contains("membersync_passwords_waiting{mail=\"refused\"} 0\n"));
  CHECK_THAT(text, Catch::Contains("membersync_passwords_waiting{mail=\"in_doubt\"} 1\n"));
}

TEST_CASE("run summary: the daemon's run line gives the run's message in the journal's language",
          "[daemon][i18n]") {
  membersync::apply::SyncReport report;
  report.run = 4;
  report.outcome = membersync::apply::SyncOutcome::PartlyFailed;
  report.say(membersync::i18n::msg("stopped early: {reason}").with("reason", "SIGTERM"));
  const membersync::i18n::Translator chinese(membersync::i18n::Language::ZhCN,
                                             {MEMBERSYNC_TEST_LOCALE_DIR});
  const auto zh = membersync::daemon::summarize(report, false, at(0), at(1), chinese);
  REQUIRE_FALSE(zh.log.empty());
  CHECK_THAT(zh.log.front().second, Catch::EndsWith(" — 提前停止：SIGTERM"));
  const auto en = membersync::daemon::summarize(report, false, at(0), at(1));
  CHECK_THAT(en.log.front().second, Catch::EndsWith(" — stopped early: SIGTERM"));
}
