// The policy's entitlement items: Assign (A9), Lend (A10) and Enrol (B1). Each is journaled
// before it is sent, and its outcome recorded in the state (owned assets, lendings, enrolments)
// in the same transaction as the journal's, so a run cut off anywhere settles by reading.

#include <Poco/JSON/Array.h>
#include <Poco/JSON/Object.h>

#include <sstream>

#include "jobs/apply/applier_context.h"
#include "jobs/apply/parallel.h"
#include "jobs/apply/step_detail.h"
#include "jobs/center/activity_client.h"
#include "jobs/core/text.h"

namespace membersync::apply {
namespace {

using plan::Item;
using state::ItemStatus;

// What a person can do about each A9 / A10 refusal (spec 7.1; the emulator README says how each
// is provoked). The client's describe() already gives the code and its English meaning.
const char* hintFor(const std::string& code) {
  if (code == "60023")
    return "the member matches several employees on the center; ask the vendor to fix the "
           "account; membersync tries again once the member or the policy changes";
  if (code == "60024") return "the asset number does not exist: remove it from the policy's pool";
  if (code == "60025")
    return "the asset belongs to another customer: remove it from the policy's pool";
  if (code == "60026")
    return "the center does not know the member (deleted meanwhile?); the next sync reads the "
           "members again";
  if (code == "60028")
    return "an asset is already assigned (by hand, or to another member) or named twice; the "
           "next sync reads the assets (A6) again and plans around it";
  if (code == "33003")
    return "the member does not hold every asset to lend; the next sync reads the assets again";
  if (code == "33006")
    return "the lock cannot take that many assets: give the person a lock with more nodes in "
           "the HR column, or lend fewer assets";
  if (code == "33007") return "an asset is lent into another lock: return it from that lock first";
  if (code == "33008")
    return "the lock's state is abnormal: have it checked by the vendor, or give the person "
           "another lock in the HR column";
  if (code == "33018")
    return "the lock is lent to another employee: return it, or correct the lock number in the "
           "HR column";
  if (code == "33009")
    return "the lending failed (an unknown lock number?): check the lock number in the HR column";
  return "";
}

std::string joined(const std::vector<std::string>& items) {
  std::string out;
  for (const auto& i : items) out += (out.empty() ? "" : ", ") + i;
  return out;
}

std::string withHint(const std::string& what, const center::Error& e) {
  std::string message = what + ": " + e.describe();
  const std::string hint = hintFor(e.code);
  if (!hint.empty()) message += " -- " + hint;
  return message;
}

std::string assignWhat(const Item& item) {
  std::string what = "assets of " + item.account;
  if (!item.assetsToAdd.empty()) what += ", assign " + joined(item.assetsToAdd);
  if (!item.assetsToWithdraw.empty()) what += ", withdraw " + joined(item.assetsToWithdraw);
  return what + " (rule " + item.rule + ")";
}

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

}  // namespace

// The member an entitlement item is for: its own globalId, or the one its add of this run got.
// Empty when the person's add did not land (or there is none): then nothing is sent, and the
// next run plans the item again.
std::string Applier::memberFor(Context& ctx, const Item& item) {
  if (!item.globalId.empty()) return item.globalId;
  std::lock_guard<std::mutex> lock(ctx.mutex);
  auto added = ctx.addedGlobalIds.find(item.employeeId);
  return added != ctx.addedGlobalIds.end() ? added->second : std::string();
}

void Applier::applyAssign(Context& ctx, const Item& item) {
  const std::string globalId = memberFor(ctx, item);
  if (globalId.empty()) {
    std::lock_guard<std::mutex> lock(ctx.mutex);
    ctx.assignsNotLanded.insert(item.employeeId);
    return;
  }
  StepDetail detail;
  detail.rule = item.rule;
  detail.add = item.assetsToAdd;
  detail.addRules = item.assetRules;
  detail.withdraw = item.assetsToWithdraw;
  const auto step = store_.journalPlanned(ctx.run, {item.key, "assign", lowerAscii(item.account),
                                                    item.employeeId, globalId,
                                                    encodeDetail(detail)});
  store_.journalSent(step);
  const auto result = client_.configureAssets(globalId, item.assetsToWithdraw, item.assetsToAdd);
  if (!result.ok()) {
    {
      std::lock_guard<std::mutex> lock(ctx.mutex);
      ctx.assignsNotLanded.insert(item.employeeId);
    }
    recordCallFailure(ctx, item, step, result, withHint(assignWhat(item), result.error()));
    return;
  }
  store_.transaction([&] {
    store_.journalSucceeded(step, std::nullopt);
    recordAssets(store_, globalId, detail);
    store_.clearItem(item.key);
    if (item.destructive) store_.consumeRelease(item.key);
  });
  {
    std::lock_guard<std::mutex> lock(ctx.mutex);
    ++ctx.result.counts.assigned;
  }
  noteCall(ctx, true, nullptr);
}

void Applier::applyLend(Context& ctx, const Item& item) {
  const std::string globalId = memberFor(ctx, item);
  {
    // A Lend may lend what its member's Assign of this plan adds: it waits for that Assign.
    std::lock_guard<std::mutex> lock(ctx.mutex);
    if (globalId.empty() || ctx.assignsNotLanded.count(item.employeeId)) return;
  }
  StepDetail detail;
  detail.rule = item.rule;
  detail.lock = item.lockNumber;
  detail.assetIds = item.assetIds;
  const auto step = store_.journalPlanned(ctx.run, {item.key, "lend", lowerAscii(item.account),
                                                    item.employeeId, globalId,
                                                    encodeDetail(detail)});
  store_.journalSent(step);
  const auto result = client_.lendAssets(globalId, item.lockNumber, item.assetIds);
  if (!result.ok()) {
    recordCallFailure(ctx, item, step, result,
                      withHint("lending " + joined(item.assetIds) + " of " + item.account +
                                   " to lock " + item.lockNumber + " (rule " + item.rule + ")",
                               result.error()));
    return;
  }
  store_.transaction([&] {
    store_.journalSucceeded(step, std::nullopt);
    store_.saveLending({globalId, item.lockNumber, item.rule, 0});
    store_.clearItem(item.key);
  });
  {
    std::lock_guard<std::mutex> lock(ctx.mutex);
    ++ctx.result.counts.lent;
  }
  noteCall(ctx, true, nullptr);
}

void Applier::applyEnrolments(Context& ctx, const std::vector<const Item*>& items) {
  if (items.empty() || stopping(ctx)) return;
  if (!activities_) {
    std::lock_guard<std::mutex> lock(ctx.mutex);
    ctx.result.failures.push_back({"enrolments", "", ItemStatus::RetryLater,
                                   std::to_string(items.size()) +
                                       " enrolment(s) not sent: no activity service client"});
    ++ctx.result.counts.failed;
    return;
  }
  progress_.phase("enrolments", items.size());
  // One person of each rule first, the rest after: an activity that does not exist (3001) is
  // then met once per rule and run, not once per person.
  std::vector<const Item*> first, rest;
  std::set<std::string> seen;
  for (const Item* item : items) (seen.insert(item->rule).second ? first : rest).push_back(item);
  for (const auto* batch : {&first, &rest}) {
    parallelFor(
        batch->size(), settings_.workers,
        [&](std::size_t i) {
          if (!stopping(ctx)) applyEnrol(ctx, *(*batch)[i]);
          progress_.advance();
        },
        &ctx.stop);
    if (stopping(ctx)) break;
  }
  progress_.endPhase();
}

void Applier::applyEnrol(Context& ctx, const Item& item) {
  {
    std::lock_guard<std::mutex> lock(ctx.mutex);
    if (ctx.brokenRules.count(item.rule)) return;
    // A person added in this run is a participant only once the add landed.
    if (ctx.plannedAdds.count(item.employeeId) && !ctx.addedGlobalIds.count(item.employeeId)) {
      return;
    }
  }
  const std::string globalId = memberFor(ctx, item);
  StepDetail detail;
  detail.rule = item.rule;
  detail.activityLabel = item.activityLabel;
  detail.identity = item.identity;
  detail.inputHash = item.inputHash;
  state::Enrolment record{item.employeeId, item.rule,       item.activityLabel,
                          state::EnrolmentStatus::Unknown, item.inputHash, "",
                          "sent; no answer recorded (the run was cut off)", 0};
  state::StepId step = 0;
  // Recorded as unknown before it is sent: B1 has no read call, so an enrolment whose answer a
  // crash loses must never be sent again on its own.
  store_.transaction([&] {
    step = store_.journalPlanned(ctx.run, {item.key, "enrol", lowerAscii(item.account),
                                           item.employeeId, globalId, encodeDetail(detail)});
    store_.journalSent(step);
    store_.saveEnrolment(record);
  });
  center::EnrolRequest request;
  request.identity = item.identity;
  request.activityLabel = item.activityLabel;
  request.source = item.source;
  request.branch = item.branch;
  const auto result = activities_->enrol(request);

  if (result.ok()) {
    record.status = state::EnrolmentStatus::Enrolled;
    record.productsJson = productsJson(result.value().products);
    record.message = result.value().resultMessage;
    store_.transaction([&] {
      store_.journalSucceeded(step, std::nullopt);
      store_.saveEnrolment(record);
      store_.clearItem(item.key);
    });
    {
      std::lock_guard<std::mutex> lock(ctx.mutex);
      ++ctx.result.counts.enrolled;
    }
    noteCall(ctx, true, nullptr);
    return;
  }

  const center::Error& e = result.error();
  const std::string what = "enrolling " + item.identity + " in \"" + item.activityLabel +
                           "\" (rule " + item.rule + ")";
  if (result.unknown()) {
    record.message = what + ": no answer (" + e.describe() +
                     "); B1 cannot be read back, so it is not sent again on its own: check "
                     "the activity service";
    store_.transaction([&] {
      store_.journalUnknown(step, record.message);
      store_.saveEnrolment(record);
    });
    recordFailure(ctx, item, ItemStatus::Unknown, e.code, record.message);
    noteCall(ctx, false, nullptr);
    return;
  }

  if (e.code == "3001") {
    // The rule's activity does not exist: a configuration error of the rule, not of the person
    // or of the service. Reported once; the rule's other people wait for the next run.
    bool first = false;
    {
      std::lock_guard<std::mutex> lock(ctx.mutex);
      first = ctx.brokenRules.insert(item.rule).second;
    }
    record.status = state::EnrolmentStatus::RetryLater;
    record.message = "activity rule " + item.rule + ": the activity \"" + item.activityLabel +
                     "\" does not exist (3001); create it on the activity service or correct "
                     "the rule's label. Nobody is enrolled by this rule until then";
    state::ItemRecord history;
    history.key = item.key;
    history.status = ItemStatus::RetryLater;
    const auto previous = ctx.snapshot.items.find(item.key);
    history.attempts = (previous != ctx.snapshot.items.end() ? previous->second.attempts : 0) + 1;
    history.nextAttemptAt = nextAttemptAt(ctx.now, history.attempts);
    history.inputHash = item.inputHash;
    history.code = e.code;
    history.message = record.message;
    store_.transaction([&] {
      store_.journalFailed(step, e.code, e.describe(), ItemStatus::RetryLater);
      store_.saveEnrolment(record);
      store_.saveItem(history);
      if (first) {
        store_.recordProblems(ctx.run, {{ctx.run, "problem:activity:" + item.rule, record.message}});
      }
    });
    if (first) {
      std::lock_guard<std::mutex> lock(ctx.mutex);
      ctx.result.failures.push_back(
          {"activity-rule:" + item.rule, "", ItemStatus::RetryLater, record.message});
      ++ctx.result.counts.failed;
    }
    noteCall(ctx, true, nullptr);  // says nothing about the service's health
    return;
  }

  const ItemStatus status = detail::statusOf(e);
  std::string message;
  if (e.code == "3002") {
    record.status = state::EnrolmentStatus::NotQualified;
    record.message = reasonsOf(e);
    message = what + ": not qualified (3002): " + record.message +
              "; not tried again until the rule or the person's identity changes";
  } else {
    record.status = status == ItemStatus::Refused ? state::EnrolmentStatus::Refused
                                                  : state::EnrolmentStatus::RetryLater;
    record.message = e.describe();
    message = what + ": " + e.describe();
  }
  const ItemStatus itemStatus = e.code == "3002" ? ItemStatus::Refused : status;
  store_.transaction([&] {
    store_.journalFailed(step, e.code, message, itemStatus);
    store_.saveEnrolment(record);
  });
  recordFailure(ctx, item, itemStatus, e.code, message);
  noteCall(ctx, false, &e);
}

// One failed (or unanswered) A9 / A10 call: the journal, the item's history, the run's list.
void Applier::recordCallFailure(Context& ctx, const Item& item, state::StepId step,
                                const center::Status& result, const std::string& message) {
  const center::Error& e = result.error();
  if (result.unknown()) {
    store_.journalUnknown(step, message);
    recordFailure(ctx, item, ItemStatus::Unknown, e.code,
                  message + "; the next sync reads the assets back before sending anything");
  } else {
    const auto status = detail::statusOf(e);
    store_.journalFailed(step, e.code, message, status);
    recordFailure(ctx, item, status, e.code, message);
  }
  noteCall(ctx, false, &e);
}

// What a landed A9 means for the state: the added assets are membersync's (under the rule that
// granted each), the withdrawn ones no longer are. Also used when settling a step in doubt.
void recordAssets(state::StateStore& store, const std::string& globalId, const StepDetail& d) {
  store.transaction([&] {
    for (const auto& assetNum : d.withdraw) store.dropOwnedAsset(assetNum);
    for (std::size_t i = 0; i < d.add.size(); ++i) {
      const std::string& rule = i < d.addRules.size() && !d.addRules[i].empty() ? d.addRules[i]
                                                                                : d.rule;
      store.saveOwnedAsset({d.add[i], globalId, rule, 0});
    }
  });
}

}  // namespace membersync::apply
