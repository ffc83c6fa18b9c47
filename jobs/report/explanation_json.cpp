#include <Poco/Dynamic/Var.h>
#include <Poco/JSON/Object.h>

#include <ostream>

#include "jobs/i18n/message.h"
#include "jobs/report/explanation.h"
#include "jobs/report/json_parts.h"

namespace membersync::report {
namespace {

using json::listOf;
using json::newObject;
using json::orNull;
using json::strings;
using json::time;
using Poco::Dynamic::Var;
using Poco::JSON::Object;

constexpr int kVersion = 1;

void computedJson(Object& o, const ComputedField& c) {
  o.set("field", c.field);
  o.set("value", c.value);
  o.set("template", c.columnTemplate);
}

// The row's fields; `place`, `line`, `item` and `dn` say where it is in the export.
void personJson(Object& o, const ExplainedRow& hr) {
  const directory::Person& p = hr.person;
  o.set("place", i18n::english(i18n::decodeMessage(hr.place)));
  // Each is null where it does not apply (a CSV row has no item, an LDAP entry no line).
  o.set("line", p.line > 0 ? Var(p.line) : Var());
  o.set("item", p.item > 0 ? Var(p.item) : Var());
  o.set("dn", p.dn.empty() ? Var() : Var(p.dn));
  o.set("employeeId", p.employeeId);
  o.set("account", p.account);
  o.set("name", p.name);
  o.set("status", p.status);
  o.set("active", p.active);
  o.set("department", p.department);
  o.set("departmentId", orNull(hr.departmentId));
  o.set("remark", orNull(p.remark));
  o.set("mobile", orNull(p.mobile));
  o.set("computed", listOf(hr.computed, computedJson));
  Object::Ptr attributes = newObject();
  for (const auto& [k, v] : p.attributes) attributes->set(k, v);
  for (const auto& [k, values] : p.multiAttributes) attributes->set(k, strings(values));
  o.set("attributes", attributes);
}

Object::Ptr hrJson(const ExplainedRow& hr) {
  Object::Ptr o = newObject();
  o->set("source", hr.source);
  o->set("found", toString(hr.found));
  o->set("skipReason", hr.found == RowFound::Skipped ? Var(hr.skipReason) : Var());
  if (hr.found == RowFound::Row) {
    Object::Ptr row = newObject();
    personJson(*row, hr);
    o->set("row", row);
  } else {
    o->set("row", Var());
  }
  return o;
}

Var memberJson(const std::optional<ExplainedMember>& member) {
  if (!member) return Var();
  Object::Ptr o = newObject();
  o->set("userName", member->userName);
  o->set("globalId", member->globalId);
  o->set("name", member->name);
  o->set("departmentId", orNull(member->departmentId));
  o->set("remark", orNull(member->remark));
  o->set("passwordMobile", orNull(member->passwordMobile));
  return o;
}

void revertedJson(Object& o, const state::RevertedField& f) {
  o.set("field", f.field);
  o.set("hrValue", f.value);
  o.set("revertedRun", f.revertedRun);
}

void rememberedJson(Object& o, const Remembered& r) {
  o.set("employeeId", r.link.employeeId);
  o.set("account", r.link.account);
  o.set("globalId", r.link.globalId);
  o.set("addedByMembersync", r.link.createdByUs);
  o.set("linkedAt", time(r.link.linkedAt));
  if (r.absence) {
    Object::Ptr a = newObject();
    a->set("distinctExports", r.absence->distinctExports);
    a->set("since", time(r.absence->since));
    a->set("withdrawnAt", time(r.absence->withdrawnAt));
    o.set("absence", a);
  } else {
    o.set("absence", Var());
  }
  o.set("revertedFields", listOf(r.reverted, revertedJson));
}

void recentJson(Object& o, const RecentChange& c) {
  o.set("runId", c.runId);
  o.set("plannedAt", time(c.plannedAt));
  o.set("kind", c.kind);
  o.set("state", state::toString(c.state));
  o.set("detail", c.detail);
}

void conditionJson(Object& o, const Condition& c) {
  o.set("field", c.field);
  o.set("values", strings(c.values));
  o.set("patterns", strings(c.patterns));
  o.set("matches", c.matches);
}

// Common fields, then those of the rule's type only.
void ruleJson(Object& o, const ExplainedRule& r) {
  o.set("type", toString(r.type));
  o.set("rule", r.rule);
  o.set("matches", r.matches);
  o.set("conditions", listOf(r.conditions, conditionJson));
  switch (r.type) {
    case RuleType::Asset:
      if (!r.product.empty()) {
        o.set("product", r.product);
      } else {
        o.set("poolSize", r.poolSize);
        o.set("exclusive", r.exclusive);
      }
      break;
    case RuleType::Lock:
      o.set("lockFrom", r.lockFrom);
      o.set("lock", orNull(r.lock));
      break;
    case RuleType::Activity:
      o.set("activityLabel", r.activityLabel);
      break;
  }
}

// How the member came to hold it: "membersync" (for `rule`), or "outside" membersync, then kept
// as a matching rule's grant (`keptFor`) and/or managed because an exclusive pool lists it.
void assetJson(Object& o, const ExplainedAsset& asset) {
  const plan::HeldAsset& a = asset.held;
  const bool ours = !a.assignedFor.empty();
  o.set("assetNum", a.assetNum);
  o.set("assetId", a.assetId);
  o.set("assignedBy", ours ? "membersync" : "outside");
  o.set("rule", ours ? Var(a.assignedFor) : Var());
  o.set("assignedAt", ours ? time(a.assignedAt) : Var());
  o.set("keptFor", !ours && !a.grantedBy.empty() ? Var(a.grantedBy) : Var());
  o.set("exclusivePool", a.exclusivePool.empty() ? Var() : Var(a.exclusivePool));
  o.set("lent", a.lent);
  o.set("products", asset.products ? Var(strings(*asset.products)) : Var());
}

void lockJson(Object& o, const ExplainedLock& l) {
  o.set("lockNumber", l.lockNumber);
  o.set("readFromCenter", l.readFromCenter);
  o.set("byMembersync", l.byMembersync);
  o.set("rule", l.byMembersync ? Var(l.rule) : Var());
  o.set("lentAt", l.byMembersync ? time(l.lentAt) : Var());
}

void enrolmentJson(Object& o, const ExplainedEnrolment& enrolment) {
  const state::Enrolment& e = enrolment.enrolment;
  o.set("rule", e.rule);
  o.set("activityLabel", e.activityLabel);
  o.set("status", state::toString(e.status));
  o.set("at", time(e.at));
  o.set("message", e.message);
  o.set("productsGranted", strings(enrolment.products));
}

template <class T, class ToObject>
Var optionalList(const std::optional<std::vector<T>>& list, ToObject toObject) {
  return list ? Var(listOf(*list, toObject)) : Var();
}

}  // namespace

void writeExplanationJson(std::ostream& os, const Explanation& e) {
  Object::Ptr root = newObject();
  root->set("format", "membersync-explain");
  root->set("version", kVersion);
  root->set("account", e.account);
  root->set("centerAccount", e.account + e.accountSuffix);
  root->set("hr", hrJson(e.hr));
  root->set("protected", e.isProtected);
  root->set("member", memberJson(e.member));
  root->set("remembered", listOf(e.remembered, rememberedJson));
  root->set("recentChanges", listOf(e.recent, recentJson));
  root->set("policy", e.policyPath);
  root->set("rules", listOf(e.rules, ruleJson));
  root->set("assets", optionalList(e.assets, assetJson));
  root->set("locks", optionalList(e.locks, lockJson));
  root->set("enrolments", listOf(e.enrolments, enrolmentJson));
  root->set("plan", json::planObject(e.plan));
  root->set("nothingPlanned", e.plan.items.empty() ? Var(toString(e.nothingPlanned)) : Var());
  root->stringify(os, 2);
  os << "\n";
}

}  // namespace membersync::report
