// The `status` report as a pure function of what the state store hands out.

#include "jobs/report/status_text.h"

#include <catch2/catch.hpp>
#include <cstdlib>
#include <ctime>
#include <sstream>

using namespace membersync;
using report::AttentionItem;
using report::AttentionKind;
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

AttentionItem item(AttentionKind kind, const std::string& account, const std::string& reason,
                   const std::string& command) {
  AttentionItem i;
  i.kind = kind;
  i.key = account;
  i.account = account;
  i.reason = membersync::i18n::verbatim(reason);
  i.command = membersync::i18n::verbatim(command);
  return i;
}

}  // namespace

TEST_CASE("status text: an empty database says nothing needs a person, and it is done",
          "[report]") {
  StatusInputs in;
  in.database = "/var/lib/membersync/state.db";
  CHECK(text(in) ==
        "Nothing needs a person.\n"
        "\n"
        "runs (newest first, /var/lib/membersync/state.db)\n"
        "  none yet\n");
  CHECK(report::statusVerdict(in) == StatusVerdict::Done);
  CHECK(report::statusExitCode(report::statusVerdict(in)) == 0);
}

TEST_CASE("status text: runs with their counts in the shared words, previews apart", "[report]") {
  StatusInputs in;
  in.database = "state.db";
  in.runs = {run(8, "", false), run(7, "partly-failed", true)};
  in.runs[1].counts.added = 3;
  in.runs[1].counts.assigned = 2;
  in.runs[1].counts.failed = 1;
  in.runs[1].message = "1 item failed";
  in.previews = {run(9, "changes", true)};
  in.previews[0].kind = state::RunKind::Plan;
  CHECK(text(in) ==
        "Nothing needs a person.\n"
        "\n"
        "runs (newest first, state.db)\n"
        "  run  kind  started                    outcome        what happened\n"
        "  8    sync  2026-01-01 00:00:00 +0000  cut off        no changes\n"
        "  7    sync  2026-01-01 00:00:00 +0000  partly-failed  3 added, 2 asset changes, 1 "
        "failed; 1 item failed\n"
        "\n"
        "previews (plan, dry runs, revert without --apply; they change nothing)\n"
        "  run  kind  started                    outcome  what happened\n"
        "  9    plan  2026-01-01 00:00:00 +0000  changes  no changes\n");
  CHECK(report::statusVerdict(in) == StatusVerdict::Done);  // a run still going is no failure
  in.runs.front().finishedAt = kAt;
  in.runs.front().outcome = "failed";
  CHECK(report::statusVerdict(in) == StatusVerdict::Failing);
  CHECK(report::statusExitCode(StatusVerdict::Failing) == 1);
}

TEST_CASE(
    "status text: what needs a person comes first, grouped by kind, a shared reason and command "
    "said once, each item by account and name",
    "[report]") {
  StatusInputs in;
  in.database = "state.db";
  in.runs = {run(5, "held", true)};
  const std::string guard = "12 destructive items exceed the limit of 10 (delete_floor)";
  auto held1 = item(AttentionKind::Held, "staff0001", guard, "`membersync allow 5`");
  held1.action = "delete";
  held1.name = "王伟";
  held1.employeeId = "E0001";
  auto held2 = held1;
  held2.account = "staff0002";
  held2.name = "李娜";
  held2.employeeId = "E0002";
  held2.action = "withdraw";
  auto row = item(AttentionKind::InvalidRow, "staff0003", "mobile \"123\" is not a mobile number",
                  "fix hr.csv:4, then `membersync sync`");
  row.action = "row skipped";
  row.source = "hr.csv:4";
  in.attention.items = {held1, held2, row};
  const std::string out = text(in);
  INFO(out);
  CHECK(out.rfind("Needs a person: 2 held by a guard, 1 invalid row\n", 0) == 0);
  CHECK_THAT(out, Catch::Contains("\n  held by a safety guard (2)\n"
                                  "    " + guard + "\n"
                                  "    to do: `membersync allow 5`\n"
                                  "    what      account    person        from\n"
                                  "    delete    staff0001  王伟 (E0001)\n"
                                  "    withdraw  staff0002  李娜 (E0002)\n"));
  CHECK_THAT(out, Catch::Contains("\n  HR rows skipped as invalid (1)\n"
                                  "    to do: fix hr.csv:4, then `membersync sync`\n"));
  CHECK_THAT(out, Catch::Contains("mobile \"123\" is not a mobile number"));
  CHECK(report::statusVerdict(in) == StatusVerdict::Held);
  CHECK(report::statusExitCode(StatusVerdict::Held) == 4);
  in.attention.items = {row};
  CHECK(report::statusVerdict(in) == StatusVerdict::Attention);
  CHECK(report::statusExitCode(StatusVerdict::Attention) == 3);
}

TEST_CASE("status text: what the newest run reported besides, and passwords to hand out",
          "[report]") {
  StatusInputs in;
  in.database = "state.db";
  in.problems = {{5, "problem:lock:E2", "lock LK-9 is not borrowed by the enterprise"},
                 {5, "problem:line:4", "shown in Needs a person"}};
  state::PasswordToHandOut p;
  p.account = "dave";
  p.mail = state::MailState::Retry;
  p.attempts = 2;
  p.reply = "421 busy";
  in.passwordsToHandOut = {p};
  const std::string out = text(in);
  CHECK_THAT(out, Catch::Contains("\nalso reported by run 5 (1)\n  problem:lock:E2: lock LK-9 is "
                                  "not borrowed by the enterprise\n"));
  CHECK_THAT(out, !Catch::Contains("shown in Needs a person"));
  CHECK_THAT(out, Catch::Contains("\npasswords to hand out (1; `membersync passwords` lists them; "
                                  "1 whose mail did not go through)\n  dave: mail not delivered"));
}
