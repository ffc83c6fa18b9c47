#include "daemon/host/run_summary.h"

#include <algorithm>
#include <map>

#include "daemon/schedule.h"
#include "jobs/i18n/message.h"
#include "jobs/report/run_text.h"

namespace membersync::daemon {
namespace {

// How many items of a kind succeeded, as the applier counts them; -1: it keeps no count.
int succeededOf(plan::ItemKind kind, const state::RunCounts& c) {
  switch (kind) {
    case plan::ItemKind::Add:
      return c.added;
    case plan::ItemKind::Edit:
      return c.edited;
    case plan::ItemKind::Withdraw:
      return c.withdrawn;
    case plan::ItemKind::Delete:
      return c.deleted;
    default:
      return -1;
  }
}

// Plan items by (kind, outcome). Writes: succeeded, retry-later, refused, unknown, or not-sent
// (a run stopped before sending them); the rest: adopt "done", a held item "held" under the
// kind it would have been (so /metrics tells held edits from held deletes), others "reported".
void tallyItems(const apply::SyncReport& report, FinishedRun& run) {
  if (!report.plan) return;
  std::map<std::string, std::string> failedKeys;
  if (report.applied) {
    for (const auto& f : report.applied->failures) failedKeys[f.key] = state::toString(f.status);
  }
  std::map<plan::ItemKind, int> writes;
  for (const auto& item : report.plan->items) {
    const std::string kind = plan::toString(item.kind);
    switch (item.kind) {
      case plan::ItemKind::Adopt:
        ++run.items[{kind, "done"}];
        break;
      case plan::ItemKind::Held:
        ++run.items[{plan::toString(item.heldKind), "held"}];
        break;
      case plan::ItemKind::Orphan:
      case plan::ItemKind::Rename:
      case plan::ItemKind::Problem:
        ++run.items[{kind, "reported"}];
        break;
      default: {
        auto failed = failedKeys.find(item.key);
        if (failed != failedKeys.end()) {
          ++run.items[{kind, failed->second}];
        } else {
          ++writes[item.kind];
        }
      }
    }
  }
  const bool stopped = report.applied && report.applied->stoppedEarly;
  for (const auto& [kind, n] : writes) {
    int ok = report.applied ? succeededOf(kind, report.applied->counts) : 0;
    if (ok < 0) ok = stopped ? 0 : n;  // no count kept: sent unless the run stopped early
    ok = std::min(ok, n);
    if (ok > 0) run.items[{plan::toString(kind), "succeeded"}] += static_cast<std::uint64_t>(ok);
    if (n > ok) run.items[{plan::toString(kind), "not-sent"}] += static_cast<std::uint64_t>(n - ok);
  }
}

// Asset rules whose pool (or product) ran dry: the planner reports each as one Problem item
// keyed "problem:assets:<rule>", naming the people left without.
int poolShortagesOf(const apply::SyncReport& report) {
  if (!report.plan) return 0;
  int n = 0;
  for (const auto& item : report.plan->items) {
    if (item.kind == plan::ItemKind::Problem && item.key.rfind(report::kPoolDryPrefix, 0) == 0) ++n;
  }
  return n;
}

// What needs a person, for journald: up to 10 lines, by person, with what to do.
void logAttention(const report::Attention& attention,
                  std::vector<std::pair<LogLevel, std::string>>& log, const i18n::Translator& tr) {
  const std::size_t shown = std::min<std::size_t>(attention.items.size(), 10);
  for (std::size_t n = 0; n < shown; ++n) {
    const report::AttentionItem& i = attention.items[n];
    std::string who = i.account.empty() ? i.key : i.account;
    if (!i.name.empty()) who += " " + i.name;
    // The kind and the action are the machine's words (status --format json has them too).
    log.emplace_back(LogLevel::Warning,
                     i18n::format(tr.tr("needs a person: {kind} {action} {who}: {reason}; to do: "
                                        "{command}"),
                                  {{"kind", report::toString(i.kind)},
                                   {"action", i.action},
                                   {"who", who},
                                   {"reason", i18n::render(tr, i.reason)},
                                   {"command", i18n::render(tr, i.command)}}));
  }
  if (attention.items.size() > shown) {
    const std::size_t more = attention.items.size() - shown;
    log.emplace_back(LogLevel::Warning,
                     i18n::format(tr.trn("needs a person: ... and {count} more (`membersync "
                                         "status` lists them)",
                                         "needs a person: ... and {count} more (`membersync "
                                         "status` lists them)",
                                         more),
                                  {{"count", std::to_string(more)}}));
  }
}

}  // namespace

RunSummary summarize(const apply::SyncReport& report, bool cancelled, Clock::WallPoint started,
                     Clock::WallPoint finished) {
  return summarize(report, cancelled, started, finished, i18n::Translator());
}

RunSummary summarize(const apply::SyncReport& report, bool cancelled, Clock::WallPoint started,
                     Clock::WallPoint finished, const i18n::Translator& tr) {
  RunSummary s;
  FinishedRun& run = s.board;
  run.id = report.run;
  run.started = started;
  run.finished = finished;
  run.outcome = apply::toString(report.outcome);
  run.poolShortages = poolShortagesOf(report);
  run.message = report.message;
  if (report.applied) run.counts = report.applied->counts;
  tallyItems(report, run);
  if (report.applied && report.outcome != apply::SyncOutcome::Failed)
    run.attention = attentionCounts(report.attention);

  if (report.outcome == apply::SyncOutcome::Failed) {
    if (cancelled && report.applied && report.applied->stoppedEarly) {
      s.verdict = RunVerdict::Cancelled;
      run.outcome = "cancelled";
    } else {
      s.verdict = RunVerdict::SystemicFailure;
      run.failed = true;
    }
  }
  const std::string took =
      durationText(std::chrono::duration_cast<Clock::Duration>(finished - started));
  std::uint64_t notSent = 0;
  for (const auto& [key, n] : run.items) {
    if (key.second == "not-sent") notSent += n;
  }
  // The outcome word is the machine's (/metrics, status --format json); the counts' words are
  // jobs/report's (report::runCountsText).
  const i18n::Arguments args{{"run", std::to_string(report.run)},
                             {"outcome", run.outcome},
                             {"took", took},
                             {"counts", report::runCountsText(tr, run.counts)},
                             {"count", std::to_string(notSent)}};
  std::string line =
      notSent > 0
          ? i18n::format(tr.trn("run {run} {outcome} after {took}: {counts}, {count} not sent",
                                "run {run} {outcome} after {took}: {counts}, {count} not sent",
                                static_cast<unsigned long>(notSent)),
                         args)
          : i18n::format(tr.tr("run {run} {outcome} after {took}: {counts}"), args);
  if (!report.message.empty()) {
    const std::string message = i18n::render(tr, report.saying());
    line += " — " + message;  // a dash, in both languages (msgids stay ASCII)
  }
  s.log.emplace_back(run.failed ? LogLevel::Error : LogLevel::Notice, line);
  for (const auto& note : report.settled.notes)
    s.log.emplace_back(LogLevel::Info, i18n::format(tr.tr("settled: {note}"), {{"note", note}}));
  logAttention(report.attention, s.log, tr);
  return s;
}

std::map<std::string, int> attentionCounts(const report::Attention& attention) {
  std::map<std::string, int> counts;
  for (const auto& item : attention.items) ++counts[report::toString(item.kind)];
  return counts;
}

}  // namespace membersync::daemon
