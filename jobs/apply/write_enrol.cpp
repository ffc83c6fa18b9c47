// Enrolments (B1). The enrolment is recorded unknown in the transaction that journals it as
// sent, then overwritten by the answer: B1 has no read call, so an enrolment whose answer a crash
// loses is never sent again on its own. 3001 (the activity does not exist) is the rule's
// configuration error: the first person of each rule is sent alone, before the rule's others,
// and on 3001 nobody else is enrolled by that rule this run.

#include <Poco/JSON/Array.h>
#include <Poco/JSON/Object.h>

#include <set>
#include <sstream>

#include "jobs/apply/parallel.h"
#include "jobs/apply/step_detail.h"
#include "jobs/apply/write_kinds.h"

namespace membersync::apply {
namespace {

using plan::Item;

// The granted products, as Enrolment::productsJson keeps them: the dates as the service wrote
// them (their format and time zone are not documented).
std::string productsJson(const std::vector<center::GrantedProduct>& products) {
  Poco::JSON::Array array;
  for (const auto& p : products) {
    Poco::JSON::Object o(Poco::JSON_PRESERVE_KEY_ORDER);
    o.set("productUri", p.productUri);
    o.set("limitStartDate", p.limitStartDate.raw);
    o.set("limitEndDate", p.limitEndDate.raw);
    o.set("activateType", p.activateType);
    o.set("activityId", p.activityId);
    o.set("subActivityId", p.subActivityId);
    array.add(o);
  }
  std::ostringstream out;
  array.stringify(out);
  return out.str();
}

// 3002: every unit that refused, with its reason ("U-WELCOME-VIEWER (Viewer for a year): 14005
// personal claim count exceeded").
std::string reasonsOf(const center::Error& e) {
  std::string out;
  for (const auto& activity : e.activities) {
    for (const auto& unit : activity.units) {
      if (unit.participateResult) continue;
      std::string line = unit.id;
      if (!unit.name.empty() && unit.name != unit.id) line += " (" + unit.name + ")";
      line += ": " + unit.errorCode + (unit.errorMessage.empty() ? "" : " " + unit.errorMessage);
      out += (out.empty() ? "" : "; ") + line;
    }
    if (activity.units.empty() && !activity.participateResult) {
      out += (out.empty() ? "" : "; ") + activity.id + ": may not take part";
    }
  }
  return out.empty() ? e.describe() : out;
}

// What the answer means for the enrolment record and the item, and the outcome to journal.
class EnrolAnswer {
 public:
  EnrolAnswer(ApplyRun& run, const Item& item)
      : run_(run),
        item_(item),
        what_("enrolling " + item.identity + " in \"" + item.activityLabel + "\" (rule " +
              item.rule + ")") {
    record = {item.employeeId,
              item.rule,
              item.activityLabel,
              state::EnrolmentStatus::Unknown,
              item.inputHash,
              "",
              "sent; no answer recorded (the run was cut off)",
              0};
  }

  WriteOutcome judge(const center::Result<center::EnrolResult>& result) {
    if (result.ok()) {
      run_.noteCall(true, nullptr);
      record.status = state::EnrolmentStatus::Enrolled;
      record.productsJson = productsJson(result.value().products);
      record.message = result.value().resultMessage;
      return WriteOutcome::succeeded();
    }
    const center::Error& e = result.error();
    if (result.unknown()) {
      run_.noteCall(false, nullptr);
      record.message = what_ + ": no answer (" + e.describe() +
                       "); B1 cannot be read back, so it is not sent again on its own: check "
                       "the activity service";
      return WriteOutcome::unknown(e.code, record.message);
    }
    if (e.code == "3001") return activityMissing(e);
    run_.noteCall(false, &e);
    if (e.code == "3002") {
      record.status = state::EnrolmentStatus::NotQualified;
      record.message = reasonsOf(e);
      return WriteOutcome::failed(state::ItemStatus::Refused, e.code,
                                  what_ + ": not qualified (3002): " + record.message +
                                      "; not tried again until the rule or the person's "
                                      "identity changes");
    }
    const auto status = statusOf(e);
    record.status = status == state::ItemStatus::Refused ? state::EnrolmentStatus::Refused
                                                         : state::EnrolmentStatus::RetryLater;
    record.message = e.describe();
    return WriteOutcome::failed(status, e.code, what_ + ": " + e.describe());
  }

  state::Enrolment record;
  bool firstOfBrokenRule = false;

 private:
  // Reported once per rule and run; the rule's other people wait for the next run. Says nothing
  // about the service's health.
  WriteOutcome activityMissing(const center::Error& e) {
    run_.noteCall(true, nullptr);
    firstOfBrokenRule = run_.breakRule(item_.rule);
    record.status = state::EnrolmentStatus::RetryLater;
    record.message = "activity rule " + item_.rule + ": the activity \"" + item_.activityLabel +
                     "\" does not exist (3001); create it on the activity service or correct "
                     "the rule's label. Nobody is enrolled by this rule until then";
    auto o = WriteOutcome::failed(state::ItemStatus::RetryLater, e.code, record.message);
    o.listed = false;  // the rule is listed, once, instead of each person
    return o;
  }

  ApplyRun& run_;
  const Item& item_;
  const std::string what_;
};

void applyEnrol(const WriteTools& tools, ApplyRun& run, const Item& item) {
  // A person added in this run is a participant only once the add landed.
  if (run.ruleBroken(item.rule) || run.addPlannedButNotLanded(item.employeeId)) return;
  StepDetail detail;
  detail.rule = item.rule;
  detail.activityLabel = item.activityLabel;
  detail.identity = item.identity;
  detail.inputHash = item.inputHash;
  const auto info = stepOf(item, "enrol", run.memberFor(item), encodeDetail(detail));
  EnrolAnswer answer(run, item);
  WriteHooks hooks;
  hooks.journaled = [&](std::size_t) { tools.store.saveEnrolment(answer.record); };
  hooks.recorded = [&](const std::vector<WriteOutcome>&) {
    tools.store.saveEnrolment(answer.record);
    if (answer.firstOfBrokenRule) {
      tools.store.recordProblems(
          run.run, {{run.run, "problem:activity:" + item.rule, answer.record.message}});
    }
  };
  writeOne(
      tools, run, item, info,
      [&] {
        center::EnrolRequest request;
        request.identity = item.identity;
        request.activityLabel = item.activityLabel;
        request.source = item.source;
        request.branch = item.branch;
        return answer.judge(tools.activities->enrol(request));
      },
      hooks);
  if (answer.firstOfBrokenRule) {
    run.listFailure(
        {"activity-rule:" + item.rule, "", state::ItemStatus::RetryLater, answer.record.message});
  }
}

}  // namespace

void applyEnrolments(const WriteTools& tools, ApplyRun& run, const Items& items) {
  if (items.empty() || run.stopping()) return;
  if (!tools.activities) {
    run.listFailure(
        {"enrolments", "", state::ItemStatus::RetryLater,
         std::to_string(items.size()) + " enrolment(s) not sent: no activity service client"});
    return;
  }
  // One person of each rule first, the rest after: an activity that does not exist (3001) is
  // then met once per rule and run, not once per person.
  Items first, rest;
  std::set<std::string> seen;
  for (const Item* item : items) (seen.insert(item->rule).second ? first : rest).push_back(item);
  tools.progress.phase("enrolments", items.size());
  for (const Items* batch : {&first, &rest}) {
    parallelFor(
        batch->size(), tools.settings.workers,
        [&](std::size_t i) {
          if (!run.stopping()) applyEnrol(tools, run, *(*batch)[i]);
          tools.progress.advance();
        },
        &run.stopFlag());
    if (run.stopping()) break;
  }
  tools.progress.endPhase();
}

}  // namespace membersync::apply
