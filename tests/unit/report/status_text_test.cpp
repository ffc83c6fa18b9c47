// The `status` report as a pure function of what the state store hands out.

#include "jobs/report/status_text.h"

#include <catch2/catch.hpp>
#include <cstdlib>
#include <ctime>
#include <sstream>

using namespace membersync;
using report::StatusInputs;
using report::StatusVerdict;

namespace {

constexpr state::Millis kAt = 1767225600000;  // 2026-01-01 00:00:00 UTC

// The times shown are local: pin the zone so the expected text holds on any machine.
std::string text(const StatusInputs& in) {
  setenv("TZ", "UTC", 1);
  tzset();
  std::ostringstream os;
  report::writeStatusText(os, in);
  return os.str();
}

state::RunSummary run(state::RunId id, const std::string& outcome, bool finished) {
  state::RunSummary r;
  r.id = id;
  r.kind = state::RunKind::Sync;
  r.startedAt = kAt;
  if (finished) r.finishedAt = kAt + 1000;
  r.outcome = outcome;
  return r;
}

}  // namespace

TEST_CASE("status text: an empty database says so, and nothing is left to do", "[report]") {
  StatusInputs in;
  in.database = "/var/lib/membersync/state.db";
  CHECK(text(in) ==
        "runs (newest first, /var/lib/membersync/state.db)\n"
        "  none yet\n"
        "\n"
        "items not done (0)\n"
        "  none\n");
  CHECK(report::statusVerdict(in) == StatusVerdict::Done);
}

TEST_CASE("status text: runs with their counts in the shared words, and open items", "[report]") {
  StatusInputs in;
  in.database = "state.db";
  in.runs = {run(8, "", false), run(7, "partly-failed", true)};
  in.runs[1].counts.added = 3;
  in.runs[1].counts.assigned = 2;
  in.runs[1].counts.failed = 1;
  in.runs[1].message = "1 item failed";
  state::ItemRecord item;
  item.key = "add:E1";
  item.status = state::ItemStatus::RetryLater;
  item.attempts = 2;
  item.nextAttemptAt = kAt + 3600000;
  item.message = "busy";
  in.openItems = {item};
  CHECK(text(in) ==
        "runs (newest first, state.db)\n"
        "  run  kind  started                    outcome        what happened\n"
        "  8    sync  2026-01-01 00:00:00 +0000  cut off        no changes\n"
        "  7    sync  2026-01-01 00:00:00 +0000  partly-failed  3 added, 2 asset changes, 1 "
        "failed; 1 item failed\n"
        "\n"
        "items not done (1)\n"
        "  item    state        attempts  next try                   why\n"
        "  add:E1  retry-later  2         2026-01-01 01:00:00 +0000  busy\n");
  CHECK(report::statusVerdict(in) == StatusVerdict::LeftToDo);
  in.runs.front().outcome = "failed";
  CHECK(report::statusVerdict(in) == StatusVerdict::Failing);
}

TEST_CASE("status text: enrolments not done, steps and passwords in doubt, problems, held items",
          "[report]") {
  StatusInputs in;
  in.database = "state.db";
  in.runs = {run(5, "held", true)};
  state::Enrolment done, lost;
  done.employeeId = "E1";
  lost.employeeId = "E2";
  lost.rule = "welcome";
  lost.activityLabel = "welcome-2026";
  lost.status = state::EnrolmentStatus::Unknown;
  lost.at = kAt;
  lost.message = "no answer";
  in.enrolments = {{"E1/welcome", done}, {"E2/welcome", lost}};
  state::Step step;
  step.runId = 4;
  step.info.kind = "add";
  step.info.itemKey = "add:E3";
  step.info.account = "carol";
  in.unsettledSteps = {step};
  state::Step moved;
  moved.runId = 3;
  moved.info.kind = "edit";
  moved.info.account = "erin";
  moved.message = "name is \"C\" (before \"A\", the edit set \"B\")";
  in.unresolvedSteps = {moved};
  in.unconfirmedPasswords = {{"dave", 4, kAt}};
  in.problems = {{5, "problem:assets:cad", "pool cad ran dry: 1 person without: erin"}};
  in.held = {{5, "delete:g9", "11 destructive items exceed the limit of 10", kAt, {}, {}}};
  const std::string out = text(in);
  CHECK_THAT(out, Catch::Contains("\nenrolments not done (1)\n"
                                  "  employee  rule     activity      state    since"));
  CHECK_THAT(out, Catch::Contains("  E2        welcome  welcome-2026  unknown  2026-01-01 00:00:00 "
                                  "+0000  no answer\n"
                                  "  (\"unknown\": the answer was lost"));
  CHECK_THAT(out, Catch::Contains("\nsteps in doubt (1; the next sync settles them by reading "
                                  "before sending anything)\n  run 4 add add:E3 (carol)\n"));
  CHECK_THAT(out, Catch::Contains("\nwrites in doubt that reading could not judge (1; look at "
                                  "each member; `membersync revert RUN` judges each field "
                                  "again)\n  run 3 edit of erin: name is \"C\" (before \"A\", "
                                  "the edit set \"B\")\n"));
  CHECK_THAT(out, Catch::Contains("\npasswords in doubt (1; written to the outbox, not confirmed "
                                  "set: the center may hold them; the next sync sends each again; "
                                  "if one keeps failing, `membersync reset-password ACCOUNT` sets "
                                  "a new one)\n  dave (run 4)\n"));
  CHECK_THAT(out, Catch::Contains("\nreported by run 5 (1)\n  problem:assets:cad: pool cad ran "
                                  "dry: 1 person without: erin\n"));
  CHECK_THAT(out, Catch::EndsWith("\nheld back by a safety guard in run 5 (1; review them, then "
                                  "release with: membersync allow 5)\n  delete:g9: 11 destructive "
                                  "items exceed the limit of 10\n"));
  CHECK(report::statusVerdict(in) == StatusVerdict::LeftToDo);
}

TEST_CASE("status text: the problems shown are the newest finished run's", "[report]") {
  const std::vector<state::RunSummary> runs = {run(9, "", false), run(8, "done", true),
                                               run(7, "done", true)};
  REQUIRE(report::lastFinishedRun(runs));
  CHECK(report::lastFinishedRun(runs)->id == 8);
  CHECK(report::lastFinishedRun({run(9, "", false)}) == nullptr);
  CHECK(report::lastFinishedRun({}) == nullptr);
}
