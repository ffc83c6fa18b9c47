#include "jobs/report/status_json.h"

#include "jobs/i18n/message.h"

#include <Poco/Dynamic/Var.h>
#include <Poco/JSON/Object.h>

#include <chrono>
#include <map>
#include <ostream>
#include <vector>

#include "jobs/core/text.h"
#include "jobs/report/json_parts.h"
#include "jobs/report/run_text.h"

namespace membersync::report {
namespace {

using Poco::Dynamic::Var;
using Poco::JSON::Object;

// 2: the verdict `attention` (and `held`) replaces `left-to-do`, and `attention[]`, `previews[]`
// and `exitCode` are new. Within a version nothing is renamed.
constexpr int kVersion = 2;

using json::listOf;
using json::newObject;
using json::time;

// Programs read English: a message kept untranslated, or as the state stores it
// (encodeMessage(); an older row's English text as written).
std::string englishOf(const i18n::Message& m) {
  return m.empty() ? std::string() : i18n::english(m);
}
std::string storedEnglish(const std::string& stored) {
  return englishOf(i18n::decodeMessage(stored));
}

Var verdictName(StatusVerdict v) {
  switch (v) {
    case StatusVerdict::Done: return "done";
    case StatusVerdict::Attention: return "attention";
    case StatusVerdict::Held: return "held";
    case StatusVerdict::Failing: return "failing";
  }
  return "failing";
}

// One field per count, named as /healthz names them (runCountFields: the one mapping).
Object::Ptr countsJson(const state::RunCounts& c) {
  Object::Ptr o = newObject();
  for (const RunCount& count : runCountFields(c)) o->set(count.key, count.n);
  return o;
}

void runJson(Object& o, const state::RunSummary& r) {
  o.set("id", r.id);
  o.set("kind", state::toString(r.kind));
  o.set("startedAt", time(r.startedAt));
  o.set("finishedAt", time(r.finishedAt));
  o.set("outcome", r.outcome);
  o.set("message", storedEnglish(r.message));
  o.set("exportRows", r.exportRows);
  o.set("counts", countsJson(r.counts));
}

void itemJson(Object& o, const state::ItemRecord& i) {
  o.set("key", i.key);
  o.set("status", state::toString(i.status));
  o.set("attempts", i.attempts);
  o.set("nextAttemptAt", i.nextAttemptAt != 0 ? time(i.nextAttemptAt) : Var());
  o.set("code", i.code);
  o.set("message", storedEnglish(i.message));
  o.set("updatedAt", time(i.updatedAt));
}

void heldJson(Object& o, const state::HeldItem& h) {
  o.set("runId", h.runId);
  o.set("key", h.key);
  o.set("reason", storedEnglish(h.reason));
  o.set("heldAt", time(h.heldAt));
  o.set("releasedAt", time(h.releasedAt));
  o.set("consumedAt", time(h.consumedAt));
}

void inDoubtJson(Object& o, const state::Step& s) {
  o.set("step", s.id);
  o.set("runId", s.runId);
  o.set("kind", s.info.kind);
  o.set("itemKey", s.info.itemKey);
  o.set("account", s.info.account);
  o.set("state", state::toString(s.state));
  o.set("sentAt", time(s.sentAt));
  o.set("message", storedEnglish(s.message));
}

void enrolmentJson(Object& o, const state::Enrolment* enrolment) {
  const state::Enrolment& e = *enrolment;
  o.set("employeeId", e.employeeId);
  o.set("rule", e.rule);
  o.set("activityLabel", e.activityLabel);
  o.set("status", state::toString(e.status));
  o.set("message", storedEnglish(e.message));
  o.set("at", time(e.at));
}

void unconfirmedJson(Object& o, const state::PendingPassword& p) {
  o.set("account", p.account);
  o.set("runId", p.runId);
  o.set("generatedAt", time(p.generatedAt));
}

void toHandOutJson(Object& o, const state::PasswordToHandOut& p) {
  o.set("account", p.account);
  o.set("runId", p.runId);
  o.set("confirmedAt", time(p.confirmedAt));
  const std::string mail = state::toString(p.mail);
  o.set("mail", mail.empty() ? "none" : mail);
  o.set("attempts", p.attempts);
  o.set("nextAttemptAt", time(p.nextAttempt));
  o.set("mailTo", p.mailTo);
}

void attentionJson(Object& o, const AttentionItem& i) {
  o.set("kind", toString(i.kind));
  o.set("key", i.key);
  o.set("action", i.action);
  o.set("account", i.account);
  o.set("name", i.name);
  o.set("employeeId", i.employeeId);
  o.set("source", i.source);
  o.set("reason", englishOf(i.reason));
  o.set("command", englishOf(i.command));
  o.set("runId", i.runId != 0 ? Var(i.runId) : Var());
}

void reportJson(Object& o, const state::ReportSend& r) {
  o.set("channel", r.channel);
  o.set("state", state::toString(r.state));
  o.set("at", time(r.at));
  o.set("runId", r.runId);
  o.set("reason", r.reason);
  o.set("why", r.why);
}

void problemJson(Object& o, const state::RunProblem& p) {
  o.set("runId", p.runId);
  o.set("key", p.key);
  o.set("message", storedEnglish(p.message));
}

}  // namespace

void writeStatusJson(std::ostream& os, const StatusInputs& in) {
  Object::Ptr root = newObject();
  root->set("format", "membersync-status");
  root->set("version", kVersion);
  root->set("database", in.database);
  root->set("verdict", verdictName(statusVerdict(in)));
  root->set("exitCode", statusExitCode(statusVerdict(in)));
  root->set("attention", listOf(in.attention.items, attentionJson));
  root->set("runs", listOf(in.runs, runJson));
  root->set("previews", listOf(in.previews, runJson));
  root->set("itemsNotDone", listOf(in.openItems, itemJson));
  root->set("held", listOf(in.held, heldJson));
  root->set("inDoubt", listOf(in.unsettledSteps, inDoubtJson));
  root->set("unresolved", listOf(in.unresolvedSteps, inDoubtJson));
  root->set("enrolmentsNotDone", listOf(enrolmentsNotDone(in.enrolments), enrolmentJson));
  root->set("passwordsUnconfirmed", listOf(in.unconfirmedPasswords, unconfirmedJson));
  root->set("passwordsToHandOut", listOf(in.passwordsToHandOut, toHandOutJson));
  root->set("problems", listOf(in.problems, problemJson));
  root->set("reports", listOf(in.reports, reportJson));
  root->stringify(os, 2);
  os << "\n";
}

}  // namespace membersync::report
