#include "jobs/apply/sync_job.h"

#include <string_view>
#include <unordered_set>

#include "jobs/apply/list_consistency.h"
#include "jobs/apply/outbox_repair.h"
#include "jobs/apply/run_people.h"
#include "jobs/center/read_ahead.h"

namespace membersync::apply {
namespace {

state::RunCounts planCounts(const plan::Plan& p) {
  state::RunCounts c;
  c.added = static_cast<int>(p.counts.add);
  c.edited = static_cast<int>(p.counts.edit);
  c.adopted = static_cast<int>(p.counts.adopt);
  c.withdrawn = static_cast<int>(p.counts.withdrawals());
  c.deleted = static_cast<int>(p.counts.del);
  c.held = static_cast<int>(p.counts.held);
  c.assigned = static_cast<int>(p.counts.assetChanges());
  c.lent = static_cast<int>(p.counts.lend);
  c.enrolled = static_cast<int>(p.counts.enrol);
  return c;
}

// The plan's problems `status` shows until a later run no longer reports them: rows skipped as
// invalid, pools run dry and pool assets A6 does not have, locks that cannot be lent, lendings
// that should end, identities missing for an activity rule. (Unmapped departments are in every
// plan's output and stay there.)
bool isRecordedProblem(const plan::Item& item) {
  if (item.kind == plan::ItemKind::Problem && report::isInvalidRowKey(item.key)) return true;
  static const char* const kPrefixes[] = {report::kPoolDryPrefix, "problem:pool-assets:",
                                          "problem:lock:", "problem:lending:",
                                          "problem:identity:"};
  if (item.kind != plan::ItemKind::Problem) return false;
  for (const char* prefix : kPrefixes) {
    if (item.key.rfind(prefix, 0) == 0) return true;
  }
  return false;
}

// The configured apply settings, and what this run's policy says about departments.
ApplySettings applySettingsFor(const SyncRequest& request, const policy::Policy& policy) {
  ApplySettings settings = request.settings.apply;
  settings.policyMapsDepartments = !policy.departments.empty();
  return settings;
}

// The run's message as the state keeps it: untranslated (encodeMessage), so that `status` shows
// it in the reader's language.
std::string stored(const SyncReport& report) {
  return i18n::encodeMessage(report.saying());
}

}  // namespace

const char* toString(SyncOutcome outcome) {
  // In the enum's order, most serious first.
  static const char* const kNames[] = {"failed",  "stale",     "held", "partly-failed",
                                       "changes", "attention", "done"};
  const auto i = static_cast<std::size_t>(outcome);
  return i < std::size(kNames) ? kNames[i] : "?";
}

SyncJob::SyncJob(center::MemberCenterClient& client, state::StateStore& store,
                 deliver::PasswordOutbox& outbox, RandomSource& random, Clock& clock, Progress& progress,
                 center::ActivityClient* activities)
    : client_(client),
      store_(store),
      outbox_(outbox),
      random_(random),
      clock_(clock),
      progress_(progress),
      activities_(activities) {}

state::Millis SyncJob::wallMillis() const {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             clock_.wallNow().time_since_epoch())
      .count();
}

Applier SyncJob::applierFor(const SyncRequest& request, const policy::Policy& policy) {
  return Applier(client_, store_, outbox_, random_, clock_, progress_,
                 applySettingsFor(request, policy), activities_);
}

std::optional<SyncJob::Started> SyncJob::start(SyncReport& report, const directory::Export& hr,
                                               const policy::Policy& policy,
                                               const SyncRequest& request) {
  report.run = store_.beginRun({request.kind, hr.contentHash,
                                 static_cast<std::int64_t>(hr.rowCount), policy.contentHash,
                                 request.settings.plan.onlyAccount});
  auto fail = [&](i18n::Message message) {
    report.outcome = SyncOutcome::Failed;
    report.say(std::move(message));
    store_.finishRun(report.run, toString(report.outcome), {}, stored(report));
  };
  Started started;
  started.state = store_.load();
  // The members linked last time say roughly how many pages to read at once.
  auto listing =
      client_.readMemberList({}, static_cast<std::int64_t>(started.state.linksByEmployee.size()),
                             request.readAhead ? request.readAhead->members() : nullptr);
  if (!listing.ok()) {
    report.configuration = listing.error().kind == center::ErrorKind::Configuration;
    fail(i18n::msg("cannot read the member list: {error}")
             .with("error", listing.error().describe()));
    return std::nullopt;
  }
  const auto& members = listing.value().members;
  auto problem = membersLostBetweenReads(listing.value(), hr, started.state, request.settings.plan);
  if (!problem) problem = incompleteMemberList(started.state, members, request);
  if (problem) {
    fail(i18n::verbatim(*problem));
    return std::nullopt;
  }
  started.members = std::move(listing.value().members);
  return started;
}

std::optional<EntitlementReads> SyncJob::readEntitlementsFor(SyncReport& report,
                                                             const state::Snapshot& owned,
                                                             const policy::Policy& policy,
                                                             const SyncRequest& request,
                                                             ReadNeeds extra) {
  const std::vector<state::Step> unsettled =
      request.apply ? store_.unsettledSteps() : std::vector<state::Step>{};
  const ReadNeeds needs = readNeedsOf(policy, unsettled, &owned) | extra;
  if (!needs.assets && !needs.locks && !needs.products) return EntitlementReads{};
  const auto cache = needs.products ? owned.productCache
                                    : std::map<std::string, state::ProductCacheEntry>{};
  EntitlementReads reads =
      readEntitlements(client_, needs, cache, wallMillis(),
                       request.settings.productCacheHours, request.settings.apply.workers);
  report.readNotes = reads.notes;
  report.productReads = reads.productReads;
  const auto implausible = reads.error.empty() ? implausibleEntitlements(owned, reads) : std::nullopt;
  if (!reads.error.empty() || implausible) {
    report.outcome = SyncOutcome::Failed;
    report.say(i18n::verbatim(implausible ? plan::namingRun(implausible->message, report.run)
                                          : reads.error));
    report.configuration = !implausible && reads.errorIsConfiguration;
    // `allow` on this run lets the next one forget what the center no longer lists.
    if (implausible)
      for (const auto& key : implausible->keys) store_.recordHeld(report.run, key, report.message);
    store_.finishRun(report.run, toString(report.outcome), {}, stored(report));
    return std::nullopt;
  }
  for (const char* key : {kAssetOwnershipKey, kLockOwnershipKey})
    if (owned.releasedItems.count(key) && request.apply) store_.consumeRelease(key);
  // A cache of the center's own data, not a decision: kept by plan-only runs too.
  store_.saveProductCaches(reads.refreshed);
  return reads;
}

void SyncJob::settle(SyncReport& report, const std::vector<center::MemberListItem>& members,
                     const SyncRequest& request, const EntitlementReads& reads) {
  if (!request.apply) return;
  // Before settling writes to the outbox: a torn last line is only known while it is last.
  std::vector<std::string> repaired = repairOutbox(store_, outbox_, clock_);
  const SettleTools tools{store_, client_, outbox_, random_, clock_, request.settings.apply,
                          report.run};
  report.settled = settleInDoubt(tools, members, reads.assets ? &*reads.assets : nullptr,
                                 reads.locks ? &*reads.locks : nullptr);
  report.settled.notes.insert(report.settled.notes.begin(), repaired.begin(), repaired.end());
}

std::optional<std::string> incompleteMemberList(const state::Snapshot& snapshot,
                                                const std::vector<center::MemberListItem>& members,
                                                const SyncRequest& request) {
  const std::size_t linked = snapshot.linksByEmployee.size();
  if (linked < kMinLinkedForListCheck || !request.settings.plan.onlyAccount.empty()) {
    return std::nullopt;
  }
  std::unordered_set<std::string_view> live;
  live.reserve(members.size());
  for (const auto& m : members) {
    if (!m.deleted) live.insert(m.globalId);
  }
  std::size_t found = 0;
  for (const auto& [employeeId, link] : snapshot.linksByEmployee)
    found += live.count(link.globalId);
  if (found * 2 >= linked) return std::nullopt;
  return "the member list holds only " + std::to_string(found) + " of the " +
         std::to_string(linked) +
         " members membersync manages; refusing to act on what looks like an incomplete list "
         "(check the enterprise id and the service; if they were really deleted on the center, "
         "remove the state database's links for them)";
}

SyncReport SyncJob::run(const directory::Export& hr, const policy::Policy& policy,
                        const SyncRequest& request) {
  SyncReport report;
  const auto started = start(report, hr, policy, request);
  if (!started) return report;
  const auto& members = started->members;
  const auto reads = readEntitlementsFor(report, started->state, policy, request);
  if (!reads) return report;
  settle(report, members, request, *reads);

  const state::Snapshot snapshot = store_.load();
  report.releasedBefore = snapshot.releasedItems;
  plan::PlanInputs inputs{
      hr, members, policy, snapshot, request.settings.plan, wallMillis()};
  inputs.times = request.times;
  inputs.addsInDoubt = &report.settled.addsInDoubt;
  const PlanEntitlements entitlements(snapshot, *reads);
  entitlements.fill(inputs);
  report.plan = plan::makePlan(inputs);
  // Plan-only runs check too, so that `plan` shows what `sync` would do. A run asked to stop
  // calls nothing more: the applier sends nothing and ends it as stopped.
  const auto* cancel = request.settings.apply.cancel;
  const bool stopping = cancel && cancel->load();
  if (auto missed = stopping ? std::nullopt
                             : missedLinkedMembers(client_, *report.plan, snapshot, members,
                                                   request.settings.apply.accountSuffix,
                                                   request.settings.apply.workers)) {
    report.plan.reset();
    report.outcome = SyncOutcome::Failed;
    report.say(i18n::verbatim(*missed));
    store_.finishRun(report.run, toString(report.outcome), {}, stored(report));
    return report;
  }

  if (request.apply) {
    report.plan->nameRun(report.run);
    report.applied = applierFor(request, policy).apply(*report.plan, snapshot, report.run);
    // What the console's people pages show: only rows changed since the last run are written.
    store_.recordPeople(report.run, peopleRecordsOf(hr, policy, request.settings.emailColumn),
                        hr.skippedEmployeeIds);
  }
  report.outcome = finish(report, request, hr);
  return report;
}

SyncReport SyncJob::applySaved(const plan::Plan& saved, const directory::Export& hr,
                               const policy::Policy& policy, const SyncRequest& request) {
  SyncReport report;
  const auto started = start(report, hr, policy, request);
  if (!started) return report;
  const auto& members = started->members;
  // Reading sends nothing: the assets, locks and products the plan was made from are compared
  // as the members are.
  const ReadNeeds extra = revertReadNeeds(saved);
  const auto reads = readEntitlementsFor(report, started->state, policy, request, extra);
  if (!reads) return report;

  i18n::Message changed;  // what changed, as one list: "the HR export, the policy"
  auto add = [&changed](i18n::Message what) {
    changed = changed.empty()
                  ? std::move(what)
                  : i18n::msg("{list}, {item}").with("list", changed).with("item", what);
  };
  if (hr.contentHash != saved.exportHash) add(i18n::msg("the HR export"));
  if (policy.contentHash != saved.policyHash) add(i18n::msg("the policy"));
  if (plan::membersFingerprint(members) != saved.membersFingerprint) {
    add(i18n::msg("the member list"));
  }
  const state::Snapshot owned = store_.load();
  if (savedPlanEntitlements(policy, owned, *reads, extra) != saved.entitlementsFingerprint) {
    add(i18n::msg("the assets or locks"));
  }
  if (!changed.empty()) {
    report.outcome = SyncOutcome::Stale;
    report.say(i18n::msg("the saved plan is stale: {what} changed since it was made; make a new "
                         "one with `membersync plan --out`")
                   .with("what", changed));
    store_.finishRun(report.run, toString(report.outcome), {}, stored(report));
    return report;
  }
  // Only now that the plan is known to be current may anything be sent, settling included.
  settle(report, members, request, *reads);
  const state::Snapshot snapshot = store_.load();
  report.releasedBefore = snapshot.releasedItems;
  report.plan = saved;
  report.plan->nameRun(report.run);
  report.applied = applierFor(request, policy).apply(*report.plan, snapshot, report.run);
  // As run() does.
  store_.recordPeople(report.run, peopleRecordsOf(hr, policy, request.settings.emailColumn),
                      hr.skippedEmployeeIds);
  report.outcome = saved.revertsRun != 0 ? finishRevert(report, request, hr)
                                          : finish(report, request, hr);
  return report;
}

std::string savedPlanEntitlements(const policy::Policy& policy, const state::Snapshot& owned,
                                  const EntitlementReads& reads, ReadNeeds extra) {
  // Over what the policy reads, as `plan` computed it (a step in doubt may make a run read more,
  // for settling only).
  const ReadNeeds n = readNeedsOf(policy, {}, &owned) | extra;
  return plan::entitlementsFingerprint(
      n.assets && reads.assets ? &*reads.assets : nullptr,
      n.locks && reads.locks ? &*reads.locks : nullptr,
      n.products && reads.productsByAssetId ? &*reads.productsByAssetId : nullptr);
}

// Records the run's end: held items, the export as the new baseline when nothing held it back,
// old runs purged; and decides the outcome.
namespace {

// How the run ended, from the plan and what applying it did; fills report.message when the
// outcome needs a word.
SyncOutcome judgeOutcome(SyncReport& report) {
  const plan::Plan& p = *report.plan;
  SyncOutcome outcome = SyncOutcome::Done;
  if (report.applied) {
    const ApplyResult& a = *report.applied;
    if (a.stoppedEarly) {
      outcome = SyncOutcome::Failed;
      report.say(i18n::msg("stopped early: {reason}").with("reason", a.stopReason));
      report.configuration = a.stoppedByConfiguration;
    } else if (p.guarded()) {
      outcome = SyncOutcome::Held;
    } else if (a.counts.failed > 0 || a.counts.unknown > 0 || report.settled.failed > 0) {
      // A password reset that settling could not confirm is left to do, like a failed item.
      outcome = SyncOutcome::PartlyFailed;
      if (report.settled.failed > 0 && report.message.empty()) {
        const auto n = static_cast<unsigned long>(report.settled.failed);
        report.say(i18n::msgn(
            "{count} password reset was not confirmed; the next sync tries again",
            "{count} password resets were not confirmed; the next sync tries again", n));
      }
    }
  } else if (p.guarded()) {
    outcome = SyncOutcome::Held;
  } else if (p.hasChanges()) {
    outcome = SyncOutcome::Changes;
  }
  if (p.guarded() && report.message.empty()) report.say(p.guardReasons());
  return outcome;
}

// What needs a person once an applying run ended decides its outcome too: a guard's holds are
// `held` (4), rows skipped as invalid and items refused, failed or in doubt `partly-failed` (3),
// and passwords waiting or a pool run dry `attention` (0: the run did its work). A failed run
// stays failed.
SyncOutcome withAttention(SyncOutcome outcome, SyncReport& report) {
  const report::Attention& a = report.attention;
  if (a.empty() || outcome == SyncOutcome::Failed || outcome == SyncOutcome::Stale) return outcome;
  SyncOutcome needs = SyncOutcome::Attention;
  if (a.worst() == report::AttentionClass::Guard) needs = SyncOutcome::Held;
  if (a.worst() == report::AttentionClass::NotDone) needs = SyncOutcome::PartlyFailed;
  i18n::Message said = i18n::msg("needs a person: {counts}").with("counts", a.countsMessage());
  if (!report.message.empty()) {
    said = i18n::msg("{message}; {more}").with("message", report.saying()).with("more", said);
  }
  report.say(std::move(said));
  return std::min(outcome, needs);  // the enum runs from the most serious
}

// The items a guard held, under this run: `allow RUN` releases them.
void recordGuardHolds(state::StateStore& store, const SyncReport& report) {
  for (const auto& item : report.plan->items) {
    if (item.kind == plan::ItemKind::Held && item.heldByGuard) {
      // As a message: `status` and the console show it in their reader's language.
      store.recordHeld(report.run, plan::releaseKey(item), i18n::encodeMessage(item.reason));
    }
  }
}

}  // namespace

SyncOutcome SyncJob::finish(SyncReport& report, const SyncRequest& request,
                           const directory::Export& hr) {
  const plan::Plan& p = *report.plan;
  SyncOutcome outcome = judgeOutcome(report);
  std::vector<state::RunProblem> problems;
  for (const auto& item : p.items) {
    if (isRecordedProblem(item))
      problems.push_back({report.run, item.key, i18n::encodeMessage(item.reason)});
  }
  store_.recordProblems(report.run, problems);
  if (request.apply) {
    store_.transaction([&] { keepAfterApply(report, request, outcome); });
    store_.purgeRuns(request.settings.keepRunsDays);
    outcome = attend(report, request, hr, outcome);
  }
  store_.finishRun(report.run, toString(outcome),
                   report.applied ? report.applied->counts : planCounts(p), stored(report));
  return outcome;
}

// What needs a person once an applying run has recorded what it did: who its items are about,
// then attention() from the state, which may make the outcome more serious (withAttention).
SyncOutcome SyncJob::attend(SyncReport& report, const SyncRequest& request,
                            const directory::Export& hr, SyncOutcome outcome) {
  store_.recordItemPeople(report.run, itemPeopleOf(*report.plan, hr));
  store_.recordPoolCounts(report.run, report.plan->poolCounts);  // the console's pool pages
  report.attention = report::attention(
      report::attentionInputs(store_, report.run, wallMillis(),
                              request.settings.passwordWaitDays, request.configArgument));
  return withAttention(outcome, report);
}

SyncOutcome SyncJob::finishRevert(SyncReport& report, const SyncRequest& request,
                                  const directory::Export& hr) {
  SyncOutcome outcome = judgeOutcome(report);
  if (report.applied) {
    store_.transaction([&] { recordGuardHolds(store_, report); });
    outcome = attend(report, request, hr, outcome);
  }
  store_.finishRun(report.run, toString(outcome),
                   report.applied ? report.applied->counts : planCounts(*report.plan),
                   stored(report));
  return outcome;
}

// What an applying run leaves for the next: the items a guard held, releases and failure records
// that no longer match an item, and the export as the new yardstick when it may be one.
void SyncJob::keepAfterApply(const SyncReport& report, const SyncRequest& request,
                             SyncOutcome outcome) {
  const plan::Plan& p = *report.plan;
  recordGuardHolds(store_, report);
  // A release for an item this plan no longer holds (the person came back, the member is gone,
  // an edit now sets other values than those reviewed) must not linger and fire on some later,
  // unrelated run. A revert's releases wait for the second `revert RUN --apply`, not for a sync;
  // under --only, only that account's releases are this run's to judge.
  std::unordered_set<std::string> plannedReleases;
  plannedReleases.reserve(p.items.size());
  for (const auto& item : p.items) plannedReleases.insert(plan::releaseKey(item));
  for (const auto& key : report.releasedBefore) {
    if (plannedReleases.count(key) || plan::revertedRunOf(key) != 0 || !p.inScope(key)) continue;
    store_.consumeRelease(key);
  }
  // Likewise an item's failure record outlives its item only as noise: the add that became an
  // adoption, the edit whose difference vanished. Records are by item key (a release's carries
  // the content too). Under --only the plan covers one account.
  if (request.settings.plan.onlyAccount.empty() && outcome != SyncOutcome::Failed) {
    std::unordered_set<std::string> plannedItems;
    plannedItems.reserve(p.items.size());
    for (const auto& item : p.items) plannedItems.insert(item.key);
    for (const auto& record : store_.openItems()) {
      if (!plannedItems.count(record.key)) store_.clearItem(record.key);
    }
  }
  // A guarded, short or failed run must not make a shrunken export the new yardstick: during the
  // grace runs a short export holds nothing yet, and would otherwise become the baseline that the
  // next run's deletions are measured against.
  if (!p.guarded() && !p.guard.shortExport && outcome != SyncOutcome::Failed) {
    store_.recordGoodExport({p.exportHash, p.exportRows, 0});
  }
}

}  // namespace membersync::apply
