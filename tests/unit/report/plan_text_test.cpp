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
        "      name: \"Kim\" -> \"Kim Lee\"\n"
        "      remark: \"old\" -> \"\"\n"
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
  CHECK(report::planText(p).find("      remark: \"x\\ny\" -> \"tab\\x09here\"\n") !=
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
  held.reason = "protected by the policy's protect list";
  p.items = {held};
  CHECK(report::planText(p).find("  ! held assign a: protected by the policy's protect list\n"
                                 "      withdraw:     AN-1\n") != std::string::npos);
}

TEST_CASE("plan text: a long field name is still followed by a space", "[report]") {
  plan::Plan p;
  plan::Item add;
  add.kind = plan::ItemKind::Add;
  add.account = "a";
  add.mobile = "+8613800138004";
  p.items = {add};
  CHECK(report::planText(p).find("      passwordMobile: \"+8613800138004\"\n") !=
        std::string::npos);
}
