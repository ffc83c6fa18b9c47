#include "jobs/report/plan_text.h"

#include <catch2/catch.hpp>

#include "tests/unit/report/plan_fixture.h"

using namespace membersync;
using report::testing::samplePlan;

TEST_CASE("plan text: every kind reads like Terraform's, then the summary", "[report]") {
  CHECK(report::planText(samplePlan()) ==
        "  + add zhangwei (E1)\n"
        "      name:         \"张伟\"\n"
        "      departmentId: \"1001\"  (department \"ENG\")\n"
        "      remark:       \"desk \\\"4\\\"\"\n"
        "  = adopt kim (E2, g2): an existing member with this account is linked to the HR row, "
        "not re-added\n"
        "  ~ edit kim (E2, g2)\n"
        "      name:         \"Kim\" -> \"Kim Lee\"\n"
        "      remark:       \"old\" -> \"\"\n"
        "  ~ assets kim (E2, g2) (rule design-seat, viewer)\n"
        "      assign:       DN-1, VW-3\n"
        "      withdraw:     AN-2\n"
        "      departure:    taken back once the assets are assigned\n"
        "  ~ lend kim (E2, g2) -> lock LK-1 (rule offline)\n"
        "      asset ids:    ID-DN-1, ID-VW-3\n"
        "  + enrol zhangwei (E1) in \"welcome-2026\" (rule welcome)\n"
        "      identity:     \"zhangwei@acme\"\n"
        "  - withdraw max (E3, g3): missing from the export in 2 exports\n"
        "      assets:       AN-1, AN-2\n"
        "  ! held delete ned (E4, g4): held by the safety guard: 11 destructive items exceed the "
        "limit of 10\n"
        "  # rename olga -> newname (E5, g5): the center cannot rename accounts; restore the "
        "account olga in HR\n"
        "  # orphan ghost (g6): no HR row matches this member\n"
        "  # problem line 40 (bad): account has a space\n"
        "\n"
        "Safety guard: 11 destructive items held back: 11 destructive items exceed the limit of "
        "10\n"
        "\n"
        "Edit guard: 300 edits held back: 300 edits exceed the limit of 30\n"
        "\n"
        "State to remember: 1 link to record, 2 absences counted, 1 absence cleared, 1 stale link "
        "dropped, 1 returned lending forgotten, 1 asset no longer ours (changed by hand), 1 "
        "reverted field no longer held.\n"
        "\n"
        "Plan: 1 to add, 1 to adopt, 1 to change, 1 asset change, 1 lending, 1 enrolment, "
        "1 to withdraw, 0 to delete; 1 held, 1 orphan, 1 rename, 1 problem.\n");
}

TEST_CASE("plan text: the summary line counts each kind", "[report]") {
  plan::Plan p;
  p.counts.add = 3;
  p.counts.edit = 2;
  p.counts.withdraw = 1;
  p.counts.held = 2;
  p.counts.orphan = 1;
  p.counts.problem = 1;
  CHECK(report::planSummary(p) ==
        "Plan: 3 to add, 2 to change, 1 to withdraw, 0 to delete; 2 held, 1 orphan, 1 problem.");
  p.counts.orphan = 2;
  p.counts.problem = 0;
  CHECK(report::planSummary(p) ==
        "Plan: 3 to add, 2 to change, 1 to withdraw, 0 to delete; 2 held, 2 orphans, 0 problems.");
}

TEST_CASE("plan text: an empty plan says there is nothing to do", "[report]") {
  CHECK(
      report::planText(plan::Plan{}) ==
      "No changes: the member center matches the HR export.\n"
      "\n"
      "Plan: 0 to add, 0 to change, 0 to withdraw, 0 to delete; 0 held, 0 orphans, 0 problems.\n");
}

TEST_CASE("plan text: a value cannot break a line or fake one", "[report]") {
  plan::Plan p;
  plan::Item edit;
  edit.kind = plan::ItemKind::Edit;
  edit.account = "a";
  edit.changes = {{"remark", "x\ny", "tab\there"}};
  p.items = {edit};
  CHECK(report::planText(p).find("      remark:       \"x\\ny\" -> \"tab\\x09here\"\n") !=
        std::string::npos);
}

TEST_CASE("plan text: an unmapped department is shown as not sent", "[report]") {
  plan::Plan p;
  plan::Item add;
  add.kind = plan::ItemKind::Add;
  add.account = "a";
  add.employeeId = "E1";
  add.name = "A";
  add.department = "QA";
  p.items = {add};
  CHECK(report::planText(p).find("      departmentId: none: department \"QA\" is not mapped\n") !=
        std::string::npos);
}

TEST_CASE("plan text: a held asset change shows its assets", "[report]") {
  plan::Plan p;
  plan::Item held;
  held.kind = plan::ItemKind::Held;
  held.heldKind = plan::ItemKind::Assign;
  held.account = "a";
  held.assetsToWithdraw = {"AN-1"};
  held.reason = i18n::verbatim("protected by the policy's protect list");
  p.items = {held};
  CHECK(report::planText(p).find("  ! held assign a: protected by the policy's protect list\n"
                                 "      withdraw:     AN-1\n") != std::string::npos);
}

TEST_CASE("plan text: fields are named as the HR export names them, their values aligned",
          "[report]") {
  plan::Plan p;
  plan::Item add;
  add.kind = plan::ItemKind::Add;
  add.account = "a";
  add.name = "刘洋";
  add.mobile = "+8613800138004";
  plan::Item edit;
  edit.kind = plan::ItemKind::Edit;
  edit.account = "b";
  edit.department = "SALES";
  edit.changes = {{"departmentId", "1001", "1003"}, {"passwordMobile", "", "13800138002"}};
  p.items = {add, edit};
  const std::string text = report::planText(p);
  CHECK_THAT(text,
             Catch::Contains("  + add a\n"
                             "      name:         \"刘洋\"\n"
                             "      mobile:       \"+8613800138004\"\n"
                             "  ~ edit b\n"
                             "      departmentId: \"1001\" -> \"1003\"  (department \"SALES\")\n"
                             "      mobile:       \"\" -> \"13800138002\"\n"));
  CHECK_THAT(text, !Catch::Contains("passwordMobile"));
}

namespace {

plan::Item withdrawal(const std::string& account, std::vector<std::string> assets) {
  plan::Item w;
  w.kind = plan::ItemKind::Withdraw;
  w.key = "withdraw:g-" + account;
  w.account = account;
  w.employeeId = "E-" + account;
  w.globalId = "g-" + account;
  w.assetsToWithdraw = std::move(assets);
  w.reason = i18n::verbatim("departed in HR (status \"left\") in 2 exports");
  w.destructive = true;
  return w;
}

}  // namespace

TEST_CASE(
    "plan text: the summary counts each item as it is listed: a withdrawal with nothing "
    "to take records a departure, an asset change that only takes is a withdrawal",
    "[report]") {
  plan::Plan p;
  plan::Item nothing = withdrawal("bob", {});
  nothing.reason = i18n::verbatim(i18n::english(nothing.reason) +
                                  "; nothing to withdraw (AN-9 was assigned outside membersync and stays)");
  plan::Item revertWithdrawal;
  revertWithdrawal.kind = plan::ItemKind::Assign;
  revertWithdrawal.account = "lina";
  revertWithdrawal.globalId = "g-lina";
  revertWithdrawal.rule = "revert of run 5";
  revertWithdrawal.assetsToWithdraw = {"AN-4"};
  revertWithdrawal.destructive = true;
  plan::Item move = revertWithdrawal;
  move.account = "kim";
  move.rule = "cad-seat";
  move.assetsToAdd = {"AN-5"};
  p.items = {move, revertWithdrawal, withdrawal("max", {"AN-1"}), nothing};
  p.counts = plan::countsOf(p.items);
  CHECK(p.counts.withdraw == 2);  // the kinds a saved plan keeps are unchanged
  CHECK(p.counts.assign == 2);
  const std::string text = report::planText(p);
  CHECK_THAT(text, Catch::Contains("  ~ assets kim (g-lina) (rule cad-seat)\n"
                                   "      assign:       AN-5\n"
                                   "      withdraw:     AN-4\n"
                                   "  - withdraw lina (g-lina) (rule revert of run 5)\n"
                                   "      assets:       AN-4\n"
                                   "  - withdraw max (E-max, g-max): departed in HR (status "
                                   "\"left\") in 2 exports\n"
                                   "      assets:       AN-1\n"
                                   "  = departure bob (E-bob, g-bob): departed in HR (status "
                                   "\"left\") in 2 exports; nothing to withdraw (AN-9 was "
                                   "assigned outside membersync and stays)\n"));
  CHECK(report::planSummary(p) ==
        "Plan: 0 to add, 0 to change, 1 asset change, 2 to withdraw, 0 to delete; 1 departure "
        "with nothing to withdraw, 0 held, 0 orphans, 0 problems.");
}

namespace {

plan::Plan longPlan(int adds, int problems) {
  plan::Plan p;
  for (int n = 1; n <= adds; ++n) {
    plan::Item add;
    add.kind = plan::ItemKind::Add;
    add.account = "staff" + std::to_string(1000 + n);
    add.employeeId = "E" + std::to_string(1000 + n);
    add.name = "N";
    p.items.push_back(add);
  }
  for (int n = 1; n <= problems; ++n) {
    plan::Item problem;
    problem.kind = plan::ItemKind::Problem;
    problem.line = n + 1;
    problem.reason = i18n::verbatim("bad row " + std::to_string(n));
    p.items.push_back(problem);
  }
  p.counts = plan::countsOf(p.items);
  return p;
}

std::size_t lines(const std::string& text, const std::string& start) {
  std::size_t n = 0;
  for (std::size_t at = text.find("\n" + start); at != std::string::npos;
       at = text.find("\n" + start, at + 1))
    ++n;
  return n + (text.rfind(start, 0) == 0 ? 1 : 0);
}

}  // namespace

TEST_CASE(
    "plan text: a plan of more than 200 items lists the first 20 of each kind and says "
    "how to see all, --full lists every item",
    "[report]") {
  const plan::Plan p = longPlan(250, 3);
  const std::string text = report::planText(p);
  CHECK(lines(text, "  + add ") == 20);
  CHECK_THAT(text, Catch::Contains("  + add staff1020 (E1020)\n"
                                   "      name:         \"N\"\n"
                                   "  ... and 230 more to add\n"
                                   "  # problem line 2: bad row 1\n"));
  CHECK(lines(text, "  # problem ") == 3);  // fewer than 20: all, and no "more"
  CHECK_THAT(text, Catch::Contains("\nListed: the first 20 of each kind, 23 of 253 items "
                                   "(`--full` lists every item; `--format json` gives the whole "
                                   "plan).\n"));
  CHECK_THAT(text, Catch::EndsWith("Plan: 250 to add, 0 to change, 0 to withdraw, 0 to delete; "
                                   "0 held, 0 orphans, 3 problems.\n"));

  const std::string full = report::planText(p, report::PlanTextOptions{true});
  CHECK(lines(full, "  + add ") == 250);
  CHECK_THAT(full, !Catch::Contains("more to add") && !Catch::Contains("Listed:"));
  // 200 items are not long: every one is listed.
  const std::string limit = report::planText(longPlan(200, 0));
  CHECK(lines(limit, "  + add ") == 200);
  CHECK_THAT(limit, !Catch::Contains("Listed:"));
}
