#include "jobs/report/status_json.h"

#include <Poco/Dynamic/Var.h>
#include <Poco/JSON/Array.h>
#include <Poco/JSON/Object.h>

#include <chrono>
#include <ostream>

#include "jobs/core/text.h"

namespace membersync::report {
namespace {

using Poco::Dynamic::Var;
using Poco::JSON::Array;
using Poco::JSON::Object;

constexpr int kVersion = 1;

Object::Ptr newObject() {
  return new Object(Poco::JSON_PRESERVE_KEY_ORDER);
}

Var time(state::Millis at) {
  return isoUtc(Clock::WallPoint(std::chrono::milliseconds(at)));
}

Var time(const std::optional<state::Millis>& at) {
  return at ? time(*at) : Var();
}

Var verdictName(StatusVerdict v) {
  switch (v) {
    case StatusVerdict::Done: return "done";
    case StatusVerdict::LeftToDo: return "left-to-do";
    case StatusVerdict::Failing: return "failing";
  }
  return "failing";
}

Object::Ptr countsJson(const state::RunCounts& c) {
  Object::Ptr o = newObject();
  o->set("added", c.added);
  o->set("edited", c.edited);
  o->set("deleted", c.deleted);
  o->set("withdrawn", c.withdrawn);
  o->set("adopted", c.adopted);
  o->set("held", c.held);
  o->set("failed", c.failed);
  o->set("unknown", c.unknown);
  o->set("assigned", c.assigned);
  o->set("lent", c.lent);
  o->set("enrolled", c.enrolled);
  return o;
}

Array::Ptr runsJson(const std::vector<state::RunSummary>& runs) {
  Array::Ptr a = new Array;
  for (const auto& r : runs) {
    Object::Ptr o = newObject();
    o->set("id", r.id);
    o->set("kind", state::toString(r.kind));
    o->set("startedAt", time(r.startedAt));
    o->set("finishedAt", time(r.finishedAt));
    o->set("outcome", r.outcome);
    o->set("message", r.message);
    o->set("exportRows", r.exportRows);
    o->set("counts", countsJson(r.counts));
    a->add(o);
  }
  return a;
}

Array::Ptr itemsJson(const std::vector<state::ItemRecord>& items) {
  Array::Ptr a = new Array;
  for (const auto& i : items) {
    Object::Ptr o = newObject();
    o->set("key", i.key);
    o->set("status", state::toString(i.status));
    o->set("attempts", i.attempts);
    o->set("nextAttemptAt", i.nextAttemptAt != 0 ? time(i.nextAttemptAt) : Var());
    o->set("code", i.code);
    o->set("message", i.message);
    o->set("updatedAt", time(i.updatedAt));
    a->add(o);
  }
  return a;
}

Array::Ptr heldJson(const std::vector<state::HeldItem>& held) {
  Array::Ptr a = new Array;
  for (const auto& h : held) {
    Object::Ptr o = newObject();
    o->set("runId", h.runId);
    o->set("key", h.key);
    o->set("reason", h.reason);
    o->set("heldAt", time(h.heldAt));
    o->set("releasedAt", time(h.releasedAt));
    o->set("consumedAt", time(h.consumedAt));
    a->add(o);
  }
  return a;
}

Array::Ptr inDoubtJson(const std::vector<state::Step>& steps) {
  Array::Ptr a = new Array;
  for (const auto& s : steps) {
    Object::Ptr o = newObject();
    o->set("step", s.id);
    o->set("runId", s.runId);
    o->set("kind", s.info.kind);
    o->set("itemKey", s.info.itemKey);
    o->set("account", s.info.account);
    o->set("state", state::toString(s.state));
    o->set("sentAt", time(s.sentAt));
    o->set("message", s.message);
    a->add(o);
  }
  return a;
}

Array::Ptr enrolmentsJson(const std::map<std::string, state::Enrolment>& all) {
  Array::Ptr a = new Array;
  for (const auto& [key, e] : all) {
    if (e.status == state::EnrolmentStatus::Enrolled) continue;
    Object::Ptr o = newObject();
    o->set("employeeId", e.employeeId);
    o->set("rule", e.rule);
    o->set("activityLabel", e.activityLabel);
    o->set("status", state::toString(e.status));
    o->set("message", e.message);
    o->set("at", time(e.at));
    a->add(o);
  }
  return a;
}

Array::Ptr passwordsJson(const StatusInputs& in, bool toHandOut) {
  Array::Ptr a = new Array;
  if (!toHandOut) {
    for (const auto& p : in.unconfirmedPasswords) {
      Object::Ptr o = newObject();
      o->set("account", p.account);
      o->set("runId", p.runId);
      o->set("generatedAt", time(p.generatedAt));
      a->add(o);
    }
    return a;
  }
  for (const auto& p : in.passwordsToHandOut) {
    Object::Ptr o = newObject();
    o->set("account", p.account);
    o->set("runId", p.runId);
    o->set("confirmedAt", time(p.confirmedAt));
    const std::string mail = state::toString(p.mail);
    o->set("mail", mail.empty() ? "none" : mail);
    o->set("attempts", p.attempts);
    o->set("nextAttemptAt", time(p.nextAttempt));
    o->set("mailTo", p.mailTo);
    a->add(o);
  }
  return a;
}

Array::Ptr problemsJson(const std::vector<state::RunProblem>& problems) {
  Array::Ptr a = new Array;
  for (const auto& p : problems) {
    Object::Ptr o = newObject();
    o->set("runId", p.runId);
    o->set("key", p.key);
    o->set("message", p.message);
    a->add(o);
  }
  return a;
}

}  // namespace

void writeStatusJson(std::ostream& os, const StatusInputs& in) {
  Object::Ptr root = newObject();
  root->set("format", "membersync-status");
  root->set("version", kVersion);
  root->set("database", in.database);
  root->set("verdict", verdictName(statusVerdict(in)));
  root->set("runs", runsJson(in.runs));
  root->set("itemsNotDone", itemsJson(in.openItems));
  root->set("held", heldJson(in.held));
  root->set("inDoubt", inDoubtJson(in.unsettledSteps));
  root->set("enrolmentsNotDone", enrolmentsJson(in.enrolments));
  root->set("passwordsUnconfirmed", passwordsJson(in, false));
  root->set("passwordsToHandOut", passwordsJson(in, true));
  root->set("problems", problemsJson(in.problems));
  root->stringify(os, 2);
  os << "\n";
}

}  // namespace membersync::report
