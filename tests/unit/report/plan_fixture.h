#pragma once

// A hand-made plan with one item of every kind, for the renderers' tests.

#include "jobs/plan/plan.h"

namespace membersync::report::testing {

inline plan::Plan samplePlan() {
  using plan::Item;
  using plan::ItemKind;
  plan::Plan p;
  p.exportHash = "e1";
  p.exportRows = 250;
  p.policyHash = "p1";
  p.membersFingerprint = "f1";
  p.entitlementsFingerprint = "a1";
  p.computedAt = 1767225600000;

  Item add;
  add.kind = ItemKind::Add;
  add.key = "add:E1";
  add.employeeId = "E1";
  add.account = "zhangwei";
  add.name = "张伟";
  add.department = "ENG";
  add.departmentId = "1001";
  add.remark = "desk \"4\"";
  add.inputHash = "h1";
  add.line = 2;

  Item adopt;
  adopt.kind = ItemKind::Adopt;
  adopt.key = "adopt:E2";
  adopt.employeeId = "E2";
  adopt.account = "kim";
  adopt.globalId = "g2";
  adopt.reason = i18n::verbatim("an existing member with this account is linked to the HR row, not re-added");

  Item edit;
  edit.kind = ItemKind::Edit;
  edit.key = "edit:E2";
  edit.employeeId = "E2";
  edit.account = "kim";
  edit.globalId = "g2";
  edit.name = "Kim Lee";
  edit.remark = "";
  edit.changes = {{"name", "Kim", "Kim Lee"}, {"remark", "old", ""}};
  edit.revertsRun = 12;  // version 4

  Item withdraw;
  withdraw.kind = ItemKind::Withdraw;
  withdraw.key = "withdraw:g3";
  withdraw.employeeId = "E3";
  withdraw.account = "max";
  withdraw.globalId = "g3";
  withdraw.destructive = true;
  withdraw.assetsToWithdraw = {"AN-1", "AN-2"};
  withdraw.reason = i18n::verbatim("missing from the export in 2 exports");

  Item held;
  held.kind = ItemKind::Held;
  held.heldKind = ItemKind::Delete;
  held.key = "delete:g4";
  held.employeeId = "E4";
  held.account = "ned";
  held.globalId = "g4";
  held.destructive = true;
  held.heldByGuard = true;
  held.reason = i18n::verbatim("held by the safety guard: 11 destructive items exceed the limit of 10");

  Item rename;
  rename.kind = ItemKind::Rename;
  rename.key = "rename:E5";
  rename.employeeId = "E5";
  rename.account = "newname";
  rename.centerAccount = "olga";
  rename.globalId = "g5";
  rename.reason = i18n::verbatim("the center cannot rename accounts; restore the account olga in HR");

  Item orphan;
  orphan.kind = ItemKind::Orphan;
  orphan.key = "orphan:g6";
  orphan.account = "ghost";
  orphan.globalId = "g6";
  orphan.reason = i18n::verbatim("no HR row matches this member");

  Item problem;
  problem.kind = ItemKind::Problem;
  problem.key = "problem:line:40";
  problem.account = "bad";
  problem.line = 40;
  problem.reason = i18n::verbatim("account has a space");

  Item assign;
  assign.kind = ItemKind::Assign;
  assign.key = "assign:g2";
  assign.employeeId = "E2";
  assign.account = "kim";
  assign.globalId = "g2";
  assign.assetsToAdd = {"DN-1", "VW-3"};
  assign.assetRules = {"design-seat", "viewer"};
  assign.assetsToWithdraw = {"AN-2"};
  assign.rule = "design-seat, viewer";
  assign.destructive = true;
  assign.endsDeparture = true;  // version 4
  assign.reason = i18n::verbatim("rule design-seat grants DN-1 from its pool");
  assign.inputHash = "h2";

  Item lend;
  lend.kind = ItemKind::Lend;
  lend.key = "lend:g2:LK-1";
  lend.employeeId = "E2";
  lend.account = "kim";
  lend.globalId = "g2";
  lend.rule = "offline";
  lend.lockNumber = "LK-1";
  lend.assetIds = {"ID-DN-1", "ID-VW-3"};
  lend.reason = i18n::verbatim("rule offline: HR column lock holds lock LK-1");

  Item enrol;
  enrol.kind = ItemKind::Enrol;
  enrol.key = "enrol:E1:welcome";
  enrol.employeeId = "E1";
  enrol.account = "zhangwei";
  enrol.rule = "welcome";
  enrol.activityLabel = "welcome-2026";
  enrol.source = "membersync";
  enrol.branch = "HQ";
  enrol.identity = "zhangwei@acme";

  p.items = {add, adopt, edit, assign, lend, enrol, withdraw, held, rename, orphan, problem};
  p.counts = plan::countsOf(p.items);
  p.guard.tripped = true;
  p.guard.destructive = 11;
  p.guard.allowed = 10;
  p.guard.reason = i18n::verbatim("11 destructive items exceed the limit of 10");
  p.editGuard.tripped = true;
  p.editGuard.edits = 300;
  p.editGuard.allowed = 30;
  p.editGuard.reason = i18n::verbatim("300 edits exceed the limit of 30");
  p.stateChanges.links.push_back({"E2", "kim", "g2", false, 1767225600000});
  p.stateChanges.absences.push_back({"E3", 2, "e1", 1766000000000, 1766500000000});
  p.stateChanges.absences.push_back({"E4", 1, "e1", 1767225600000, std::nullopt});
  p.stateChanges.clearedAbsences = {"E9"};
  p.stateChanges.droppedLinks = {"E8"};
  p.stateChanges.endedLendings = {"g7"};
  p.stateChanges.droppedOwnedAssets = {"AN-7"};
  p.stateChanges.liftedReverts = {"E5|name"};  // version 4
  p.revertsRun = 12;
  return p;
}

}  // namespace membersync::report::testing
