#include <unistd.h>

#include <cctype>
#include <fstream>
#include <optional>
#include <set>
#include <ostream>

#include "daemon/hand_out.h"
#include "daemon/inputs.h"
#include "daemon/progress.h"
#include "daemon/run_report.h"
#include "daemon/runtime.h"
#include "daemon/verbs.h"
#include "jobs/apply/sync_job.h"
#include "jobs/center/read_ahead.h"
#include "jobs/core/file_text.h"
#include "jobs/core/text.h"
#include "jobs/directory/platform/call_budget.h"
#include "jobs/directory/platform/platform_client.h"
#include "jobs/directory/platform/platform_reader.h"
#include "jobs/i18n/message.h"
#include "jobs/report/attention_text.h"
#include "jobs/report/plan_json.h"
#include "jobs/report/plan_text.h"
#include "jobs/report/run_text.h"

namespace membersync::cli {
namespace {

// A run the center failed for membersync's credentials or settings is the configuration's to fix:
// 78, as `check` says for the same refusal.
ExitCode exitCodeOf(const apply::SyncReport& r) {
  switch (r.outcome) {
    case apply::SyncOutcome::Failed:
      return r.configuration ? ExitCode::Configuration : ExitCode::Failed;
    case apply::SyncOutcome::Stale: return ExitCode::StalePlan;
    case apply::SyncOutcome::Held: return ExitCode::Held;
    case apply::SyncOutcome::PartlyFailed: return ExitCode::PartlyFailed;
    case apply::SyncOutcome::Changes: return ExitCode::Changes;
    case apply::SyncOutcome::Attention: return ExitCode::Done;  // the run did its work
    case apply::SyncOutcome::Done: return ExitCode::Done;
  }
  return ExitCode::Failed;
}

void printPlan(const VerbContext& ctx, const plan::Plan& plan) {
  if (ctx.invocation.format == "json") {
    ctx.out << report::planToJson(plan) << "\n";
  } else {
    report::writePlanText(ctx.out, plan, ctx.tr, report::PlanTextOptions{ctx.invocation.full});
  }
}

// Writes the plan to --out PLANFILE when asked; false (the reason printed) when it cannot.
bool savePlan(const VerbContext& ctx, const apply::SyncReport& r, const std::string& verb) {
  if (ctx.invocation.out.empty()) return true;
  std::ofstream file(ctx.invocation.out, std::ios::binary | std::ios::trunc);
  file << report::planToJson(*r.plan) << "\n";
  if (!file) {
    ctx.err << i18n::format(ctx.tr.tr("membersync: {verb}: cannot write the plan to {file}"),
                            {{"verb", verb}, {"file", ctx.invocation.out}})
            << "\n";
    return false;
  }
  ctx.err << i18n::format(
                 ctx.tr.tr("plan saved to {file} (run {run}); carry it out with: membersync apply "
                           "{file}"),
                 {{"file", ctx.invocation.out}, {"run", std::to_string(r.run)}})
          << "\n";
  return true;
}

void printApplied(const VerbContext& ctx, const apply::SyncReport& r) {
  if (ctx.invocation.format == "json") return;  // the plan's JSON is the machine's record
  auto& out = ctx.out;
  for (const auto& note : r.readNotes)
    out << i18n::format(ctx.tr.tr("note: {note}"), {{"note", note}}) << "\n";
  for (const auto& note : r.settled.notes)
    out << i18n::format(ctx.tr.tr("settled: {note}"), {{"note", note}}) << "\n";
  if (!r.applied) return;
  out << "\n"
      << i18n::format(ctx.tr.tr("Applied (run {run}): {counts}."),
                      {{"run", std::to_string(r.run)},
                       {"counts", report::runCountsText(ctx.tr, r.applied->counts)}})
      << "\n";
  // What failed, was refused or is in doubt is told by person, with what to do, below; what it
  // does not hold (an answer such as "not qualified") is said here.
  std::set<std::string> told;
  for (const auto& item : r.attention.items) told.insert(item.key);
  for (const auto& f : r.applied->failures) {
    if (told.count(f.key) || f.status == state::ItemStatus::Unknown) continue;
    // The service's words as they came; the frame in the reader's language.
    i18n::Message line =
        f.account.empty()
            ? i18n::msg("{status} {key}: {message}")
            : i18n::msg("{status} {key} ({account}): {message}").with("account", f.account);
    line.with("status", ctx.tr.tr(state::toString(f.status)))
        .with("key", f.key)
        .with("message", i18n::verbatim(f.message));
    out << "  " << i18n::render(ctx.tr, line) << "\n";
  }
  if (!r.attention.empty()) out << "\n";
  const auto& config = ctx.invocation.configArgument;
  report::writeAttentionText(out, ctx.tr, r.attention, 20,
                             "membersync " + (config.empty() ? "" : config + " ") + "status");
}

ExitCode finish(const VerbContext& ctx, const apply::SyncReport& r) {
  const i18n::Message said = r.saying();
  if (!said.empty()) {
    ctx.err << i18n::render(ctx.tr, i18n::msg("membersync: {verb}: {message}")
                                        .with("verb", ctx.invocation.verb)
                                        .with("message", said))
            << "\n";
  }
  return exitCodeOf(r);
}

// After a run that applied: the confirmed passwords are mailed ([delivery] method = smtp). A
// failure to mail is reported; it does not change the run's exit code (the passwords wait in
// the outbox, and `status` counts them).
std::vector<std::string> handOut(const VerbContext& ctx, Runtime& rt, const directory::Export& hr) {
  try {
    return handOutPasswords(rt, ctx.config, hr, nullptr, ctx.tr);
  } catch (const std::exception& e) {
    return {i18n::format(ctx.tr.tr("passwords not mailed: {error}"), {{"error", e.what()}})};
  }
}

void printDelivery(const VerbContext& ctx, const std::vector<std::string>& lines) {
  for (const auto& line : lines) ctx.out << (&line == &lines.front() ? "\n" : "  ") << line << "\n";
}

// `reportTr`: [report] language (reportTranslator), made once by the verb.
void reportTo(const VerbContext& ctx, Runtime& rt, const apply::SyncReport& report,
              const std::string& outcome, const i18n::Translator& reportTr) {
  for (const auto& line :
       reportRun(ctx.config, rt, report, outcome, ctx.invocation.configArgument, reportTr))
    ctx.err << "membersync: " << line.text << "\n";
}

// The HR export; one that cannot be used fails the verb (exit 1), and a run that would have
// applied reports that as a failed run: the nightly unit's people hear of it.
// An organisation platform with [directory] max_calls_month: a walk the month's budget cannot pay
// for (at the newest walk's cost) does not start, and each walk's calls are kept in the state.
directory::Export readBudgeted(const VerbContext& ctx, Runtime& rt, const policy::Policy& policy) {
  const directory::DirectorySettings& d = ctx.config.directory;
  if (!directory::isPlatform(d.format) || d.platform.maxCallsMonth <= 0)
    return readHrExport(ctx.config, policy);
  const std::string month = directory::platform::callMonth(rt.clock().wallNow());
  const state::PlatformCallCount used = rt.store().platformCalls(month);
  if (const auto refusal = directory::platform::budgetRefusal(d.platform.maxCallsMonth, used.month,
                                                              used.lastWalk, month))
    throw directory::platform::PlatformConfigError(directory::platform::platformSourceName(d) +
                                                   ": " + *refusal);
  try {
    directory::Export hr = readHrExport(ctx.config, policy);
    rt.store().recordPlatformCalls(month, hr.calls, true);
    return hr;
  } catch (const directory::ExportError& e) {
    rt.store().recordPlatformCalls(month, e.platformCalls, false);
    throw;
  }
}

directory::Export readExportOrReport(const VerbContext& ctx, Runtime& rt,
                                     const policy::Policy& policy, bool applyChanges,
                                     const i18n::Translator& reportTr) {
  try {
    return readBudgeted(ctx, rt, policy);
  } catch (const directory::ExportError& e) {
    if (applyChanges) {
      apply::SyncReport failed;
      // Stored as a message: the report shows it in [report] language.
      failed.message = i18n::encodeMessage(
          i18n::msg("the HR export cannot be used: {error}").with("error", std::string(e.what())));
      reportTo(ctx, rt, failed, "failed", reportTr);
    }
    throw;
  }
}

// What every verb that runs a SyncJob does first: read the export and the policy, wire the job,
// and hand them to `body` with the request for a run of `kind`. After a run that applied, the
// passwords are mailed; `delivery` receives what to print about it.
template <typename Body>
apply::SyncReport withJob(const VerbContext& ctx, state::RunKind kind, bool applyChanges, Body body,
                          std::vector<std::string>* delivery = nullptr) {
  const auto policy = readPolicy(ctx.config);
  // What the journal keeps of a run (its progress, its reports) is in [report] language.
  const i18n::Translator reportTr = reportTranslator(ctx.config);
  Runtime rt(ctx.config, applyChanges ? StateUse::Write : StateUse::Read);
  // The state first: a configuration for another enterprise stops there, before the center
  // hears of it. Then the token grants and the first member pages go out while the export is
  // read.
  center::ReadAhead ahead(rt.session(), rt.client(), rt.store().linkCount());
  const auto hr = readExportOrReport(ctx, rt, policy, applyChanges, reportTr);
  for (const std::string& notice : hr.notices)
    ctx.err << "membersync: " << ctx.invocation.verb << ": " << notice << "\n";
  StreamProgress progress(ctx.err, isatty(STDERR_FILENO) != 0, reportTr);
  apply::SyncJob job = rt.syncJob(progress);
  apply::SyncRequest request = rt.syncRequest(kind, applyChanges);
  request.settings.plan.onlyAccount = lowerAscii(ctx.invocation.only);
  request.configArgument = ctx.invocation.configArgument;
  request.readAhead = &ahead;
  apply::SyncReport report = body(job, hr, policy, request);
  if (applyChanges && delivery) *delivery = handOut(ctx, rt, hr);
  // Once the run is recorded: a report never changes the exit code, and says so on stderr.
  if (applyChanges) reportTo(ctx, rt, report, apply::toString(report.outcome), reportTr);
  return report;
}

// `plan`, `sync --dry-run` and `sync`: the same code up to the first write.
ExitCode planOrSync(const VerbContext& ctx, bool applyChanges) {
  const auto kind = applyChanges ? state::RunKind::Sync : state::RunKind::Plan;
  std::vector<std::string> delivery;
  const auto r = withJob(
      ctx, kind, applyChanges,
      [](auto& job, auto& hr, auto& policy, auto& request) { return job.run(hr, policy, request); },
      &delivery);
  if (r.plan) {
    printPlan(ctx, *r.plan);
    if (!savePlan(ctx, r, ctx.invocation.verb)) return ExitCode::Failed;
  }
  printApplied(ctx, r);
  printDelivery(ctx, delivery);
  return finish(ctx, r);
}

// The plan `apply` was given, or nullopt once the reason is printed.
std::optional<plan::Plan> readSavedPlan(const VerbContext& ctx, const std::string& path) {
  std::string text;
  try {
    text = readWholeFile(path);
  } catch (const FileReadError&) {
    ctx.err << i18n::format(ctx.tr.tr("membersync: apply: cannot read the plan file {file}"),
                            {{"file", path}})
            << "\n";
    return std::nullopt;
  }
  try {
    return report::planFromJson(text, path);
  } catch (const report::PlanFileError& e) {
    ctx.err << "membersync: apply: " << e.what() << "\n";
    return std::nullopt;
  }
}

}  // namespace

ExitCode runRevert(const VerbContext& ctx) {
  const auto run = runArgument(ctx);
  if (!run) return ExitCode::Usage;
  if (ctx.invocation.apply && !ctx.invocation.out.empty()) {
    ctx.err << ctx.tr.tr(
                   "membersync: revert: --apply and --out exclude each other: save the plan, or "
                   "carry it out")
            << "\n";
    return ExitCode::Usage;
  }
  // Without --apply a revert is a preview, recorded as one (it does not push the runs that
  // changed something out of `status`).
  const auto kind = ctx.invocation.apply ? state::RunKind::Revert : state::RunKind::Plan;
  const auto r = withJob(ctx, kind, ctx.invocation.apply,
                         [&](auto& job, auto& hr, auto& policy, auto& request) {
                           return job.revert(*run, hr, policy, request);
                         });
  if (r.plan) {
    if (r.plan->items.empty() && ctx.invocation.format != "json")
      ctx.out << i18n::format(ctx.tr.tr("Nothing of run {run} to undo."),
                              {{"run", std::to_string(*run)}})
              << "\n";
    else
      printPlan(ctx, *r.plan);
    if (!savePlan(ctx, r, "revert")) return ExitCode::Failed;
  }
  printApplied(ctx, r);
  return finish(ctx, r);
}

ExitCode runPlan(const VerbContext& ctx) {
  return planOrSync(ctx, false);
}

ExitCode runSync(const VerbContext& ctx) {
  return planOrSync(ctx, !ctx.invocation.dryRun);
}

ExitCode runApply(const VerbContext& ctx) {
  const std::optional<plan::Plan> saved = readSavedPlan(ctx, ctx.invocation.argument);
  if (!saved) return ExitCode::Failed;
  // A saved revert is recorded as a revert run, like `revert --apply`.
  const auto kind = saved->revertsRun != 0 ? state::RunKind::Revert : state::RunKind::Apply;
  std::vector<std::string> delivery;
  const auto r = withJob(
      ctx, kind, true,
      [&](auto& job, auto& hr, auto& policy, auto& request) {
        return job.applySaved(*saved, hr, policy, request);
      },
      &delivery);
  printApplied(ctx, r);
  printDelivery(ctx, delivery);
  return finish(ctx, r);
}

}  // namespace membersync::cli
