#include "jobs/apply/applier.h"

#include <algorithm>
#include <map>

#include "jobs/apply/add_chunks.h"
#include "jobs/apply/applier_context.h"
#include "jobs/apply/parallel.h"
#include "jobs/apply/password.h"
#include "jobs/apply/step_detail.h"
#include "jobs/core/text.h"

namespace membersync::apply {
namespace {

using plan::Item;
using plan::ItemKind;
using state::ItemStatus;

// The code and reason of what a cancelled run (settings.cancel) did not send.
const char* const kCancelled = "cancelled";
const char* const kCancelReason =
    "membersync was asked to stop: nothing new was sent after that; the next run sends the rest";

state::Millis toMillis(Clock::WallPoint t) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(t.time_since_epoch()).count();
}

using detail::statusOf;

}  // namespace

ItemStatus detail::statusOf(const center::Error& e) {
  switch (e.kind) {
    case center::ErrorKind::BadInput:
    case center::ErrorKind::Conflict:
    case center::ErrorKind::NotFound:
      return ItemStatus::Refused;
    default:
      return ItemStatus::RetryLater;
  }
}

state::Millis nextAttemptAt(state::Millis now, int attempts) {
  const state::Millis quarterHour = 15 * 60 * 1000;
  const state::Millis day = 24 * 60 * 60 * 1000;
  state::Millis delay = quarterHour;
  for (int i = 1; i < attempts && delay < day; ++i) delay *= 2;
  return now + std::min(delay, day);
}

Applier::Applier(center::MemberCenterClient& client, state::StateStore& store,
                 PasswordOutbox& outbox, RandomSource& random, Clock& clock, Progress& progress,
                 ApplySettings settings, center::ActivityClient* activities)
    : client_(client),
      store_(store),
      outbox_(outbox),
      random_(random),
      clock_(clock),
      progress_(progress),
      settings_(std::move(settings)),
      activities_(activities) {}

ApplyResult Applier::apply(const plan::Plan& plan, const state::Snapshot& snapshot,
                           state::RunId run) {
  Context ctx{plan, snapshot, run, toMillis(clock_.wallNow()), {}, {}, {}, 0, 0, {}, {}, {}, {}, {}};
  applyStateChanges(plan);

  std::map<ItemKind, std::vector<const Item*>> byKind;
  for (const auto& item : plan.items) byKind[item.kind].push_back(&item);
  ctx.result.counts.adopted = static_cast<int>(byKind[ItemKind::Adopt].size());
  ctx.result.counts.held = static_cast<int>(byKind[ItemKind::Held].size());
  for (const Item* add : byKind[ItemKind::Add]) ctx.plannedAdds.insert(add->employeeId);
  for (const Item* a : byKind[ItemKind::Assign]) ctx.plannedAssigns.insert(a->employeeId);

  // Adds before assignments (a new member's assets need its globalId), assignments before
  // lendings (a lending may lend what an assignment adds), withdrawals before deletes.
  applyAdds(ctx, byKind[ItemKind::Add]);
  applyOneByOne(ctx, "edits", byKind[ItemKind::Edit]);
  applyOneByOne(ctx, "assignments", byKind[ItemKind::Assign]);
  applyOneByOne(ctx, "lendings", byKind[ItemKind::Lend]);
  applyEnrolments(ctx, byKind[ItemKind::Enrol]);
  applyOneByOne(ctx, "withdrawals", byKind[ItemKind::Withdraw]);
  applyOneByOne(ctx, "deletes", byKind[ItemKind::Delete]);
  return std::move(ctx.result);
}

// What the run remembers whether or not any call is made: adoptions, absences, people back.
void Applier::applyStateChanges(const plan::Plan& plan) {
  const auto& changes = plan.stateChanges;
  store_.transaction([&] {
    for (const auto& id : changes.droppedLinks) store_.dropLink(id);
    if (!changes.links.empty()) store_.saveLinks(changes.links);
    for (const auto& a : changes.absences) store_.saveAbsence(a);
    for (const auto& id : changes.clearedAbsences) store_.clearAbsence(id);
    for (const auto& gid : changes.endedLendings) store_.dropLending(gid);
    for (const auto& num : changes.droppedOwnedAssets) store_.dropOwnedAsset(num);
  });
}

void Applier::applyAdds(Context& ctx, const std::vector<const Item*>& adds) {
  if (adds.empty() || stopping(ctx)) return;
  progress_.phase("adds", adds.size());
  std::vector<center::NewMember> members(adds.size());
  std::vector<state::StepId> steps(adds.size());
  // Passwords go to the outbox, durably, chunk by chunk before any of the chunk is sent: a run
  // that dies after sending never loses a password it set.
  for (std::size_t start = 0; start < adds.size(); start += settings_.addChunk) {
    const std::size_t end = std::min(adds.size(), start + settings_.addChunk);
    std::vector<OutboxEntry> entries;
    for (std::size_t i = start; i < end; ++i) {
      const Item& item = *adds[i];
      center::NewMember& m = members[i];
      m.account = item.account;
      m.password = generatePassword(random_, settings_.passwordLength);
      m.name = item.name;
      m.departmentId = item.departmentId;
      m.remark = item.remark && !item.remark->empty() ? item.remark : std::nullopt;
      m.passwordMobile = item.mobile && !item.mobile->empty() ? item.mobile : std::nullopt;
      entries.push_back({lowerAscii(item.account), m.password, isoUtc(clock_.wallNow())});
    }
    try {
      outbox_.append(entries);
    } catch (const std::exception& e) {
      stopRun(ctx, std::string(e.what()) + "; no member is added without its password");
      // Rows after this chunk have no password and no journal step: they are not handed to the
      // sender at all. The prepared ones are, and come back "not sent" (the run is stopping).
      members.resize(start);
      break;
    }
    store_.transaction([&] {
      for (std::size_t i = start; i < end; ++i) {
        const Item& item = *adds[i];
        store_.passwordGenerated(lowerAscii(item.account), ctx.run);
        steps[i] = store_.journalPlanned(
            ctx.run, {item.key, "add", lowerAscii(item.account), item.employeeId, "", item.name});
      }
    });
  }

  AddObserver observer;
  observer.sending = [&](const std::vector<std::size_t>& indices) {
    store_.transaction([&] {
      for (std::size_t i : indices) store_.journalSent(steps[i]);
    });
  };
  // Tell the outbox's reader which passwords are in force and which were never set as each
  // answer arrives, before the journal records it: a run that dies in between leaves the step in
  // doubt, and the next run settles it (with a new password when the member exists), so no line
  // stays `pending` for good. A lost answer stays `pending` until the next run settles it.
  observer.answered = [&](const std::vector<std::size_t>& indices,
                          const std::vector<AddOutcome>& outcomes) {
    std::vector<std::string> set;
    std::vector<std::string> never;
    for (std::size_t k = 0; k < indices.size(); ++k) {
      const auto status = outcomes[k].status;
      const std::string account = lowerAscii(members[indices[k]].account);
      if (status == AddOutcome::Status::Created) set.push_back(account);
      if (status == AddOutcome::Status::Refused || status == AddOutcome::Status::RetryLater) {
        never.push_back(account);
      }
    }
    outbox_.mark(set, OutboxMark::Set, isoUtc(clock_.wallNow()));
    outbox_.mark(never, OutboxMark::Void, isoUtc(clock_.wallNow()));
  };
  observer.finished = [&](std::size_t i, const AddOutcome& o) {
    const Item& item = *adds[i];
    switch (o.status) {
      case AddOutcome::Status::Created:
        // One transaction: a crash between the journal and the link would make the next run
        // adopt the member as not membersync's and reset its password for nothing.
        store_.transaction([&] {
          store_.journalSucceeded(steps[i], o.member->globalId);
          afterSuccess(ctx, item, o.member->globalId);
        });
        break;
      case AddOutcome::Status::Refused:
      case AddOutcome::Status::RetryLater: {
        const auto status = o.status == AddOutcome::Status::Refused ? ItemStatus::Refused
                                                                    : ItemStatus::RetryLater;
        store_.journalFailed(steps[i], o.code, o.message, status);
        // The member was not created: the generated password is owed to no one.
        store_.passwordDelivered(lowerAscii(item.account));
        // Not sent because membersync is stopping: the next run sends it, without a delay.
        if (o.code == kCancelled) break;
        recordFailure(ctx, item, status, o.code, o.message);
        break;
      }
      case AddOutcome::Status::Unknown:
        store_.journalUnknown(steps[i], o.message);
        recordFailure(ctx, item, ItemStatus::Unknown, o.code, o.message);
        break;
    }
    progress_.advance();
  };
  auto send = [&](const std::vector<center::NewMember>& batch) {
    if (stopping(ctx)) {
      center::Error e;
      e.endpoint = "A1 add members";
      e.kind = center::ErrorKind::RetryLater;
      if (settings_.cancel && settings_.cancel->load()) e.code = kCancelled;
      std::lock_guard<std::mutex> lock(ctx.mutex);
      e.message = "not sent: " + ctx.result.stopReason;
      return center::Result<center::AddMembersResult>::failure(e);
    }
    // The systemic-failure rule counts calls: one A1 request is one call, however many rows it
    // carries (counting its rows would let a single lost answer stop the run).
    auto result = client_.addMembers(batch);
    if (result.ok()) {
      noteCall(ctx, true, nullptr);  // a 60027 partial answer too: refused rows are the rows' fault
    } else if (result.unknown()) {
      noteCall(ctx, false, nullptr);
    } else {
      // A refused request, or the trial-member quota (60009), says nothing about the service's
      // health: only other failures count towards stopping the run.
      const center::Error& e = result.error();
      noteCall(ctx, statusOf(e) == ItemStatus::Refused || e.code == "60009", &e);
    }
    return result;
  };
  addInChunks(members, settings_.addChunk, settings_.workers, settings_.accountSuffix, send,
              observer);
  progress_.endPhase();
}

void Applier::applyOneByOne(Context& ctx, const std::string& phase,
                            const std::vector<const Item*>& items) {
  if (items.empty() || stopping(ctx)) return;
  progress_.phase(phase, items.size());
  parallelFor(
      items.size(), settings_.workers,
      [&](std::size_t i) {
        if (!stopping(ctx)) applyOne(ctx, *items[i]);
        progress_.advance();
      },
      &ctx.stop);
  progress_.endPhase();
}

void Applier::applyOne(Context& ctx, const Item& item) {
  if (item.kind == ItemKind::Assign) return applyAssign(ctx, item);
  if (item.kind == ItemKind::Lend) return applyLend(ctx, item);
  // A withdrawal with no asset of membersync's to strip is only a date to remember.
  if (item.kind == ItemKind::Withdraw && item.assetsToWithdraw.empty()) {
    afterSuccess(ctx, item, item.globalId);
    return;
  }
  const char* kind = item.kind == ItemKind::Edit       ? "edit"
                     : item.kind == ItemKind::Delete   ? "delete"
                                                       : "withdraw";
  std::string detail = item.reason;
  if (item.kind == ItemKind::Withdraw) {
    // The assets go along, so a withdrawal left in doubt is settled by reading A6.
    StepDetail withdrawal;
    withdrawal.reason = item.reason;
    withdrawal.withdraw = item.assetsToWithdraw;
    detail = encodeDetail(withdrawal);
  }
  const auto step = store_.journalPlanned(
      ctx.run, {item.key, kind, lowerAscii(item.account), item.employeeId, item.globalId, detail});
  store_.journalSent(step);
  recordOutcome(ctx, item, step, send(item));
}

center::Status Applier::send(const Item& item) {
  switch (item.kind) {
    case ItemKind::Edit: {
      center::MemberEdit edit;
      edit.account = item.account;
      edit.name = item.name;
      edit.departmentId = item.departmentId;
      edit.remark = item.remark;
      edit.passwordMobile = item.mobile;
      return client_.editMember(item.globalId, edit);
    }
    case ItemKind::Delete:
      return client_.deleteMember(item.globalId);
    case ItemKind::Withdraw:
      return client_.configureAssets(item.globalId, item.assetsToWithdraw, {});
    default:
      throw std::logic_error("applier: item " + item.key + " makes no call");
  }
}

void Applier::recordOutcome(Context& ctx, const Item& item, state::StepId step,
                            const center::Status& result) {
  if (result.ok()) {
    store_.transaction([&] {
      store_.journalSucceeded(step, std::nullopt);
      afterSuccess(ctx, item, item.globalId);
    });
    noteCall(ctx, true, nullptr);
    return;
  }
  const center::Error& e = result.error();
  // A member already gone is what a delete wanted.
  if (item.kind == ItemKind::Delete && result.failed() && e.kind == center::ErrorKind::NotFound) {
    store_.transaction([&] {
      store_.journalSucceeded(step, std::nullopt);
      afterSuccess(ctx, item, item.globalId);
    });
    noteCall(ctx, true, nullptr);
    return;
  }
  if (result.unknown()) {
    store_.journalUnknown(step, e.describe());
    recordFailure(ctx, item, ItemStatus::Unknown, e.code, e.describe());
  } else {
    const auto status = statusOf(e);
    store_.journalFailed(step, e.code, e.describe(), status);
    recordFailure(ctx, item, status, e.code, e.describe());
  }
  noteCall(ctx, false, &e);
}

void Applier::recordFailure(Context& ctx, const Item& item, ItemStatus status,
                            const std::string& code, const std::string& message) {
  state::ItemRecord record;
  record.key = item.key;
  record.status = status;
  const auto previous = ctx.snapshot.items.find(item.key);
  record.attempts = (previous != ctx.snapshot.items.end() ? previous->second.attempts : 0) + 1;
  if (status == ItemStatus::RetryLater) record.nextAttemptAt = nextAttemptAt(ctx.now, record.attempts);
  record.inputHash = item.inputHash;
  record.code = code;
  record.message = message;
  store_.saveItem(record);
  std::lock_guard<std::mutex> lock(ctx.mutex);
  ctx.result.failures.push_back({item.key, item.account, status, message});
  if (status == ItemStatus::Unknown) {
    ++ctx.result.counts.unknown;
  } else {
    ++ctx.result.counts.failed;
  }
}

void Applier::afterSuccess(Context& ctx, const Item& item, const std::string& globalId) {
  switch (item.kind) {
    case ItemKind::Add: {
      store_.transaction([&] {
        store_.saveLink({item.employeeId, lowerAscii(item.account), globalId, true, 0});
        store_.passwordDelivered(lowerAscii(item.account));
        store_.clearItem(item.key);
      });
      std::lock_guard<std::mutex> lock(ctx.mutex);
      ctx.addedGlobalIds[item.employeeId] = globalId;  // for its assignments, lending, enrolments
      break;
    }
    case ItemKind::Edit:
      store_.clearItem(item.key);
      break;
    case ItemKind::Withdraw: {
      state::Absence absence;
      absence.employeeId = item.employeeId;
      for (const auto& a : ctx.plan.stateChanges.absences) {
        if (a.employeeId == item.employeeId) absence = a;
      }
      if (absence.distinctExports == 0) {
        auto known = ctx.snapshot.absences.find(item.employeeId);
        if (known != ctx.snapshot.absences.end()) absence = known->second;
      }
      absence.withdrawnAt = ctx.now;
      store_.transaction([&] {
        // The stripped assets are membersync's no more.
        for (const auto& assetNum : item.assetsToWithdraw) store_.dropOwnedAsset(assetNum);
        store_.saveAbsence(absence);
        store_.consumeRelease(item.key);
        store_.clearItem(item.key);
      });
      break;
    }
    case ItemKind::Delete:
      store_.transaction([&] {
        if (!item.employeeId.empty()) {
          store_.dropLink(item.employeeId);
          store_.clearAbsence(item.employeeId);
        }
        // A4 frees the member's assets and lock: what membersync assigned or lent it is over.
        for (const auto& [assetNum, owned] : ctx.snapshot.ownedAssets) {
          if (owned.globalId == item.globalId) store_.dropOwnedAsset(assetNum);
        }
        store_.dropLending(item.globalId);
        store_.consumeRelease(item.key);
        store_.clearItem(item.key);
      });
      break;
    default:
      break;
  }
  std::lock_guard<std::mutex> lock(ctx.mutex);
  auto& c = ctx.result.counts;
  switch (item.kind) {
    case ItemKind::Add: ++c.added; break;
    case ItemKind::Edit: ++c.edited; break;
    case ItemKind::Withdraw: ++c.withdrawn; break;
    case ItemKind::Delete: ++c.deleted; break;
    default: break;
  }
}

// Stops the run when the failures are systemic: the credentials or the enterprise were refused
// (nothing else will succeed either), or most calls fail with transient errors (the service is
// down). A refused row is the row's problem, not the service's.
void Applier::noteCall(Context& ctx, bool ok, const center::Error* error) {
  std::lock_guard<std::mutex> lock(ctx.mutex);
  ++ctx.calls;
  if (settings_.cancel && settings_.cancel->load()) stopLocked(ctx, kCancelReason);
  if (ctx.stop) return;
  if (!ok && error && error->kind == center::ErrorKind::Configuration) {
    stopLocked(ctx, "the service refused membersync's credentials or settings: " +
                        error->describe());
    return;
  }
  if (!ok && (!error || statusOf(*error) != ItemStatus::Refused)) ++ctx.transientFailures;
  if (ctx.calls >= 10 && ctx.transientFailures * 10 >= ctx.calls * 8) {
    stopLocked(ctx, std::to_string(ctx.transientFailures) + " of " + std::to_string(ctx.calls) +
                        " calls failed for a transient cause; the service looks unavailable" +
                        (error ? ": " + error->describe() : std::string()));
  }
}

bool Applier::stopping(Context& ctx) {
  if (settings_.cancel && settings_.cancel->load()) stopRun(ctx, kCancelReason);
  return ctx.stop;
}

void Applier::stopRun(Context& ctx, const std::string& reason) {
  std::lock_guard<std::mutex> lock(ctx.mutex);
  stopLocked(ctx, reason);
}

// The reason is written before the flag, both under the mutex: a worker that sees the flag and
// then takes the mutex reads a complete reason.
void Applier::stopLocked(Context& ctx, const std::string& reason) {
  if (ctx.stop) return;
  ctx.result.stoppedEarly = true;
  ctx.result.stopReason = reason;
  ctx.stop = true;
}

}  // namespace membersync::apply
