// The order of the phases. Each write kind lives in its own file (write_kinds.h), and every write
// goes through runJournaled() (journaled_write.h).

#include "jobs/apply/applier.h"

#include <algorithm>
#include <map>

#include "jobs/apply/apply_run.h"
#include "jobs/apply/parallel.h"
#include "jobs/apply/write_kinds.h"
#include "jobs/core/text.h"

namespace membersync::apply {
namespace {

using plan::Item;
using plan::ItemKind;

state::Millis toMillis(Clock::WallPoint t) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(t.time_since_epoch()).count();
}

// What the run remembers whether or not any call is made: adoptions, absences, people back.
void applyStateChanges(state::StateStore& store, const plan::StateChanges& changes) {
  store.transaction([&] {
    for (const auto& id : changes.droppedLinks) store.dropLink(id);
    if (!changes.links.empty()) store.saveLinks(changes.links);
    for (const auto& a : changes.absences) store.saveAbsence(a);
    for (const auto& id : changes.clearedAbsences) store.clearAbsence(id);
    for (const auto& gid : changes.endedLendings) store.dropLending(gid);
    for (const auto& num : changes.droppedOwnedAssets) store.dropOwnedAsset(num);
    for (const auto& key : changes.liftedReverts) {
      const auto bar = key.rfind('|');
      if (bar != std::string::npos) store.dropRevertedField(key.substr(0, bar), key.substr(bar + 1));
    }
  });
}

}  // namespace

state::Millis nextAttemptAt(state::Millis now, int attempts) {
  const state::Millis quarterHour = 15 * 60 * 1000;
  const state::Millis day = 24 * 60 * 60 * 1000;
  state::Millis delay = quarterHour;
  for (int i = 1; i < attempts && delay < day; ++i) delay *= 2;
  return now + std::min(delay, day);
}

namespace {

// A group's calls on up to `workers` threads; a call not yet sent when the run began stopping
// is not sent (every index gets an outcome, so the journal records each step of the group).
std::vector<WriteOutcome> sendGroup(const WriteTools& tools, ApplyRun& run,
                                    const std::vector<PreparedWrite>& group) {
  std::vector<WriteOutcome> outcomes(group.size());
  parallelFor(group.size(), tools.settings.workers, [&](std::size_t i) {
    if (!run.stopping()) {
      outcomes[i] = group[i].send();
      return;
    }
    outcomes[i] = WriteOutcome::notSent(run.cancelled() ? kCancelled : "", run.notSentReason());
  });
  return outcomes;
}

void runGroup(const WriteTools& tools, ApplyRun& run, const std::vector<PreparedWrite>& group) {
  std::vector<WriteStep> batch;
  batch.reserve(group.size());
  for (const auto& write : group) batch.push_back(write.step);
  // Each write's hooks see its own index and outcome, as if it were journaled alone.
  WriteHooks hooks;
  hooks.journaled = [&](std::size_t i) {
    if (group[i].hooks.journaled) group[i].hooks.journaled(0);
  };
  auto each = [&](auto member) {
    return [&group, member](const std::vector<WriteOutcome>& outcomes) {
      for (std::size_t i = 0; i < group.size(); ++i)
        if (group[i].hooks.*member) (group[i].hooks.*member)({outcomes[i]});
    };
  };
  hooks.answered = each(&WriteHooks::answered);
  hooks.recorded = each(&WriteHooks::recorded);
  const auto outcomes = runJournaled(
      tools.store, run.run, batch,
      [&](const std::vector<state::StepId>&) { return sendGroup(tools, run, group); }, hooks, &run);
  for (std::size_t i = 0; i < group.size(); ++i)
    if (group[i].then) group[i].then(outcomes[i]);
}

}  // namespace

void eachGrouped(const WriteTools& tools, ApplyRun& run, const std::string& phase,
                 const Items& items, PrepareWrite prepare) {
  if (items.empty() || run.stopping()) return;
  tools.progress.phase(phase, items.size());
  // Eight calls a worker: a transaction pair per 64 calls instead of per call, and the group's
  // last round of calls is the only one that waits for its slowest.
  const std::size_t groupSize = 8 * static_cast<std::size_t>(std::max(1, tools.settings.workers));
  std::vector<PreparedWrite> group;
  for (std::size_t next = 0; next < items.size() && !run.stopping();) {
    group.clear();
    const std::size_t start = next, end = std::min(items.size(), next + groupSize);
    for (; next < end; ++next)
      if (auto write = prepare(tools, run, *items[next])) group.push_back(std::move(*write));
    if (!group.empty()) runGroup(tools, run, group);
    tools.progress.advance(end - start);
  }
  tools.progress.endPhase();
}

state::StepInfo stepOf(const Item& item, const char* kind, const std::string& globalId,
                       const std::string& detail) {
  return {item.key, kind, lowerAscii(item.account), item.employeeId, globalId, detail};
}

WriteHooks onSuccess(std::function<void()> records) {
  WriteHooks hooks;
  hooks.recorded = [records = std::move(records)](const std::vector<WriteOutcome>& outcomes) {
    if (outcomes.front().kind == WriteOutcome::Kind::Succeeded) records();
  };
  return hooks;
}

WriteOutcome answerOf(ApplyRun& run, const center::Status& result) {
  run.noteCall(result);
  return WriteOutcome::of(result, result.ok() ? "" : result.error().describe());
}

WriteOutcome writeOne(const WriteTools& tools, ApplyRun& run, const Item& item,
                      const state::StepInfo& info, const std::function<WriteOutcome()>& send,
                      const WriteHooks& hooks) {
  const auto outcomes = runJournaled(
      tools.store, run.run, {{info, &item}},
      [&](const std::vector<state::StepId>&) { return std::vector<WriteOutcome>{send()}; }, hooks,
      &run);
  return outcomes.front();
}

Applier::Applier(center::MemberCenterClient& client, state::StateStore& store,
                 deliver::PasswordOutbox& outbox, RandomSource& random, Clock& clock, Progress& progress,
                 ApplySettings settings, center::ActivityClient* activities)
    : settings_(std::move(settings)),
      tools_(
          new WriteTools{client, store, outbox, random, clock, progress, settings_, activities}) {}

Applier::~Applier() = default;

ApplyResult Applier::apply(const plan::Plan& plan, const state::Snapshot& snapshot,
                           state::RunId runId) {
  const WriteTools& tools = *tools_;
  ApplyRun run(plan, snapshot, runId, toMillis(tools.clock.wallNow()), settings_);
  applyStateChanges(tools.store, plan.stateChanges);

  std::map<ItemKind, Items> byKind;
  for (const auto& item : plan.items) byKind[item.kind].push_back(&item);
  auto each = [&](const char* phase, ItemKind kind, PrepareWrite prepare) {
    eachGrouped(tools, run, phase, byKind[kind], prepare);
  };
  // Adds before assignments (a new member's assets need its globalId), assignments before
  // lendings (a lending may lend what an assignment adds), withdrawals before deletes.
  applyAdds(tools, run, byKind[ItemKind::Add]);
  each("edits", ItemKind::Edit, prepareEdit);
  each("assignments", ItemKind::Assign, prepareAssign);
  each("lendings", ItemKind::Lend, prepareLend);
  applyEnrolments(tools, run, byKind[ItemKind::Enrol]);
  each("withdrawals", ItemKind::Withdraw, prepareWithdraw);
  each("deletes", ItemKind::Delete, prepareDelete);
  return run.takeResult();
}

}  // namespace membersync::apply
