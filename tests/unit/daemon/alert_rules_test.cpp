// docs/prometheus-alerts.yml, the example alerting rules: every metric and label value they use
// is one the daemon's /metrics really serves, so the examples cannot drift from the daemon.

#include <catch2/catch.hpp>

#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>

#include "daemon/health/run_board.h"
#include "daemon/host/run_summary.h"
#include "jobs/core/scrubber.h"
#include "jobs/report/attention.h"
#include "tests/support/emulator_process.h"

namespace {

std::string rules() {
  std::ifstream in(membersync::testing::sourceDir() + "/docs/prometheus-alerts.yml");
  REQUIRE(in);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// The series /metrics serves after one held run and one with an item in doubt.
std::string metrics() {
  membersync::Scrubber scrubber;
  membersync::daemon::RunBoard board(scrubber);
  membersync::daemon::FinishedRun held;
  held.id = 1;
  held.outcome = "held";
  held.items[{"edit", "held"}] = 60;
  board.runFinished(held);
  membersync::daemon::FinishedRun doubt;
  doubt.id = 2;
  doubt.outcome = "partly-failed";
  doubt.items[{"delete", "unknown"}] = 1;
  board.runFinished(doubt);
  return board.metricsText({});
}

}  // namespace

TEST_CASE("alert rules: every metric the examples use is served by /metrics", "[daemon]") {
  const std::string text = rules();
  const std::string served = metrics();
  const std::regex metric("membersync_[a-z_]+");
  std::set<std::string> used;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), metric); it != std::sregex_iterator(); ++it)
    used.insert(it->str());
  REQUIRE(used.size() >= 5);
  for (const auto& name : used) {
    INFO(name);
    CHECK(served.find("\n" + name) != std::string::npos);
  }
}

TEST_CASE("alert rules: the series an increase() alert watches exist, at zero, before any run",
          "[daemon]") {
  membersync::Scrubber scrubber;
  membersync::daemon::RunBoard board(scrubber);
  const std::string fresh = board.metricsText({});
  for (const char* kind : {"add", "edit", "withdraw", "delete", "assign", "lend", "enrol"}) {
    INFO(kind);
    CHECK(fresh.find(std::string("membersync_items_total{kind=\"") + kind + "\",outcome=\"unknown\"} 0") !=
          std::string::npos);
  }
  CHECK(fresh.find("membersync_runs_total{outcome=\"held\"} 0") != std::string::npos);
}

TEST_CASE("alert rules: the label values the examples match are ones /metrics uses", "[daemon]") {
  const std::string served = metrics();
  CHECK(served.find("membersync_runs_total{outcome=\"held\"} 1") != std::string::npos);
  CHECK(served.find("membersync_items_total{kind=\"delete\",outcome=\"unknown\"} 1") != std::string::npos);
  CHECK(served.find("membersync_passwords_waiting{mail=\"refused\"}") != std::string::npos);
  CHECK(served.find("membersync_passwords_waiting{mail=\"in_doubt\"}") != std::string::npos);
  const std::string text = rules();
  for (const char* matcher : {"{mail=~\"refused|in_doubt\"}"})
    CHECK(text.find(matcher) != std::string::npos);
}

TEST_CASE(
    "alert rules: every kind of what needs a person has an alert, on a series /metrics serves "
    "at zero before any run and counts after one",
    "[daemon]") {
  membersync::Scrubber scrubber;
  membersync::daemon::RunBoard board(scrubber);
  const std::string fresh = board.metricsText({});
  const std::string text = rules();
  membersync::daemon::FinishedRun run;
  run.id = 1;
  run.outcome = "partly-failed";
  run.attention = std::map<std::string, int>{{"invalid-row", 2}};
  board.runFinished(run);
  const std::string after = board.metricsText({});
  for (auto kind : membersync::report::kAttentionKinds) {
    const std::string series =
        std::string("membersync_attention{kind=\"") + membersync::report::toString(kind) + "\"}";
    INFO(series);
    CHECK(fresh.find(series + " 0\n") != std::string::npos);
    CHECK(text.find(series + " > 0") != std::string::npos);
  }
  CHECK(after.find("membersync_attention{kind=\"invalid-row\"} 2\n") != std::string::npos);
  CHECK(after.find("membersync_attention{kind=\"held\"} 0\n") != std::string::npos);
}
