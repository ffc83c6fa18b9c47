#pragma once

#include <optional>
#include <set>
#include <string>
#include <vector>

#include "jobs/apply/applier.h"
#include "jobs/apply/apply_settings.h"
#include "jobs/apply/entitlement_reads.h"
#include "jobs/apply/settle.h"
#include "jobs/center/activity_client.h"
#include "jobs/directory/person.h"
#include "jobs/plan/planner.h"
#include "jobs/policy/policy.h"
#include "jobs/report/attention.h"

namespace membersync::center {
class ReadAhead;
}

namespace membersync::apply {

struct SyncRequest {
  state::RunKind kind = state::RunKind::Sync;
  bool apply = true;          // false: plan only (`plan`, `sync --dry-run`); nothing is written
                              // to the center, the outbox or the state beyond the run record
                              // (with its problems) and the product cache
  // The configuration's (config::Config::sync), plus what one run adds: plan.onlyAccount for
  // `sync --only`, apply.cancel for the daemon's stop.
  SyncSettings settings;
  // The tokens and member pages read ahead while the export was read (null: none); the run's
  // member list takes the pages that came.
  center::ReadAhead* readAhead = nullptr;
  // "--config FILE" when the configuration is not the default one: the commands people are
  // told (what needs a person) carry it.
  std::string configArgument;
  // How the plan's reasons write times (plan::PlanInputs::times): the verbs pass LocalTimes.
  const TimeWriter* times = nullptr;
};

// How a run ended, most serious first; the command line maps it to an exit code.
enum class SyncOutcome {
  Failed,        // the run could not be completed (members unreadable, a systemic failure)
  Stale,         // a saved plan no longer matches the export, the policy or the members
  Held,          // a safety guard held back the destructive part
  PartlyFailed,  // applied, but some items failed, were refused or are in doubt, or HR rows
                 // were skipped as invalid
  Changes,       // plan only: there are changes to make
  Attention,     // applied; only passwords waiting too long or a pool run dry need a person
  Done,          // nothing left to do
};
const char* toString(SyncOutcome outcome);

struct SyncReport {
  state::RunId run = 0;
  SyncOutcome outcome = SyncOutcome::Done;
  std::string message;            // one line for people, e.g. why the run failed (English)
  // The same, kept untranslated: what the state stores as the run's message (encodeMessage), so
  // `status` shows it in the reader's language. say() sets both.
  i18n::Message said;
  // Failed because the center refused membersync's credentials or settings (the enterprise, a
  // scope, a certificate): the message names the key to correct. The verbs exit 78; the daemon
  // backs off and tries again (a person may fix the configuration and reload it).
  bool configuration = false;
  std::optional<plan::Plan> plan;  // absent when the run failed before planning
  std::optional<ApplyResult> applied;
  SettleResult settled;
  std::set<std::string> releasedBefore;  // released item keys the run started with
  std::vector<std::string> readNotes;    // what reading assets and products noted (stale cache)
  int productReads = 0;                  // A7 calls made (the rest came from the cache)
  report::Attention attention;           // applying runs: what needs a person once it ended

  // Sets the message: `said`, and `message` in English.
  void say(i18n::Message m) {
    message = i18n::english(m);
    said = std::move(m);
  }
  // What the run said, to show in a reader's language: `said`, or a bare `message` as it is.
  i18n::Message saying() const { return said.empty() ? i18n::verbatim(message) : said; }
};

// Why a member list must not be acted on, or nullopt when it may: a list that lost most of the
// members membersync manages (fewer than half of them, once it manages at least
// kMinLinkedForListCheck) is far more likely a glitch of the service (an empty page, another
// enterprise's view) than half the company leaving overnight; acting on it would drop links,
// reset absences and try to re-add everyone. Skipped under --only. Pure.
inline constexpr std::size_t kMinLinkedForListCheck = 10;
std::optional<std::string> incompleteMemberList(const state::Snapshot& snapshot,
                                                const std::vector<center::MemberListItem>& members,
                                                const SyncRequest& request);

// The entitlements fingerprint a saved plan's staleness is judged on: over what the policy reads
// given what the state owns (not what steps in doubt made a run read), plus `extra`.
std::string savedPlanEntitlements(const policy::Policy& policy, const state::Snapshot& owned,
                                  const EntitlementReads& reads, ReadNeeds extra);
// What a revert's plan reads besides the policy's needs: the assets (A6), when it assigns.
ReadNeeds revertReadNeeds(const plan::Plan& plan);

// One run: reads the member list and, when the policy has asset or lock rules, the assets (A6),
// borrowed locks (A8) and product trees (A7, cached in the state); settles calls left in doubt
// by earlier runs; plans; and (when asked) applies, recording the run, its steps, its problems
// and its outcome in the store. The HR export and policy are read by the caller. Throws
// StateError when the store fails. `activities` sends enrolments (B1); without one they are
// reported as not sent.
class SyncJob {
 public:
  SyncJob(center::MemberCenterClient& client, state::StateStore& store, deliver::PasswordOutbox& outbox,
          RandomSource& random, Clock& clock, Progress& progress,
          center::ActivityClient* activities = nullptr);

  SyncReport run(const directory::Export& hr, const policy::Policy& policy,
                 const SyncRequest& request);

  // `apply PLANFILE`: carries out exactly `saved`, unless it is stale — the export's or the
  // policy's hash, or a member, asset, lock or product field it was computed from, changed
  // since (then Stale, and nothing is sent).
  SyncReport applySaved(const plan::Plan& saved, const directory::Export& hr,
                        const policy::Policy& policy, const SyncRequest& request);

  // `revert RUN`: the plan that takes run `run` back (plan::planRevert), from the run's journal
  // and the members and assets as read now; carried out when request.apply, through the same
  // applier. Failed, naming why, when the run is unknown (never made, or purged) or was
  // journaled without the values before. request.kind is RunKind::Revert.
  SyncReport revert(state::RunId run, const directory::Export& hr, const policy::Policy& policy,
                    const SyncRequest& request);

 private:
  SyncOutcome finish(SyncReport& report, const SyncRequest& request, const directory::Export& hr);
  void keepAfterApply(const SyncReport& report, const SyncRequest& request, SyncOutcome outcome);
  // A revert's end: the items a guard held and the run's outcome. Its plan covers a few items
  // only, so no release, failure record or export baseline of the syncs is touched.
  SyncOutcome finishRevert(SyncReport& report, const SyncRequest& request,
                           const directory::Export& hr);
  SyncOutcome attend(SyncReport& report, const SyncRequest& request, const directory::Export& hr,
                     SyncOutcome outcome);
  // What a run starts from: the members as listed, and the state as it stood then.
  struct Started {
    std::vector<center::MemberListItem> members;
    state::Snapshot state;
  };
  // Starts the run and reads the members; nullopt (the report says why) when they are unreadable
  // or look incomplete.
  std::optional<Started> start(SyncReport& report, const directory::Export& hr,
                               const policy::Policy& policy, const SyncRequest& request);
  // Reads what the policy's entitlement rules and the steps in doubt need (A6, A8, A7 through
  // the product cache, which it refreshes); nullopt (the run failed, the report says why) when
  // a needed read failed.
  // `extra`: what the caller needs read besides (a revert: the assets its run changed).
  // `owned`: the state as start() read it (nothing was written since).
  std::optional<EntitlementReads> readEntitlementsFor(SyncReport& report,
                                                      const state::Snapshot& owned,
                                                      const policy::Policy& policy,
                                                      const SyncRequest& request,
                                                      ReadNeeds extra = {});
  // Settles what earlier runs left in doubt (applying runs only).
  void settle(SyncReport& report, const std::vector<center::MemberListItem>& members,
              const SyncRequest& request, const EntitlementReads& reads);

  state::Millis wallMillis() const;
  // The applier of this job for a run of `request` under `policy`.
  Applier applierFor(const SyncRequest& request, const policy::Policy& policy);

  center::MemberCenterClient& client_;
  state::StateStore& store_;
  deliver::PasswordOutbox& outbox_;
  RandomSource& random_;
  Clock& clock_;
  Progress& progress_;
  center::ActivityClient* activities_;
};

}  // namespace membersync::apply
