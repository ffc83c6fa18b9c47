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

void eachItem(const WriteTools& tools, ApplyRun& run, const std::string& phase, const Items& items,
              const std::function<void(const Item&)>& one) {
  if (items.empty() || run.stopping()) return;
  tools.progress.phase(phase, items.size());
  parallelFor(
      items.size(), tools.settings.workers,
      [&](std::size_t i) {
        if (!run.stopping()) one(*items[i]);
        tools.progress.advance();
      },
      &run.stopFlag());
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
  auto each = [&](const char* phase, ItemKind kind,
                  void (*one)(const WriteTools&, ApplyRun&, const Item&)) {
    eachItem(tools, run, phase, byKind[kind], [&](const Item& item) { one(tools, run, item); });
  };
  // Adds before assignments (a new member's assets need its globalId), assignments before
  // lendings (a lending may lend what an assignment adds), withdrawals before deletes.
  applyAdds(tools, run, byKind[ItemKind::Add]);
  each("edits", ItemKind::Edit, applyEdit);
  each("assignments", ItemKind::Assign, applyAssign);
  each("lendings", ItemKind::Lend, applyLend);
  applyEnrolments(tools, run, byKind[ItemKind::Enrol]);
  each("withdrawals", ItemKind::Withdraw, applyWithdraw);
  each("deletes", ItemKind::Delete, applyDelete);
  return run.takeResult();
}

}  // namespace membersync::apply
