#include <chrono>
#include <ostream>
#include <string>
#include <vector>

#include "daemon/explain_model.h"
#include "daemon/inputs.h"
#include "daemon/runtime.h"
#include "daemon/verbs.h"
#include "jobs/apply/entitlement_reads.h"
#include "jobs/core/text.h"
#include "jobs/plan/account_owners.h"
#include "jobs/report/explanation.h"

namespace membersync::cli {

// For one account: the HR row, the member, what membersync remembers, the policy rules that
// match and why, the assets, lock and enrolments the person has and which rule granted each
// (asked of the planner), and the actions a sync would take now and why; as text or JSON, both
// from one report::Explanation. Read-only.
ExitCode runExplain(const VerbContext& ctx) {
  constexpr int kRecent = 10;
  const std::string account = lowerAscii(ctx.invocation.argument);
  const auto policy = readPolicy(ctx.config);
  auto hr = readHrExport(ctx.config, policy);
  Runtime rt(ctx.config, StateUse::Read);
  // The state first: a database of another enterprise is refused before anything is sent.
  state::StateStore& store = rt.store();

  auto members = rt.client().listAllMembers();
  if (!members.ok()) {
    ctx.err << "membersync: explain: cannot read the member list: " << members.error().describe()
            << "\n";
    return ExitCode::Failed;
  }
  const auto snapshot = store.load();
  // The row shown is the one the plan acts on: an account's owner among rows sharing it.
  if (auto kept = plan::keepAccountOwners(hr, snapshot)) hr = std::move(*kept);
  const auto now = std::chrono::duration_cast<std::chrono::milliseconds>(
                       rt.clock().wallNow().time_since_epoch()).count();
  // The same reads a sync makes (A6, A8, product trees from the cache or A7); read-only: the
  // product cache is not written here.
  const auto reads = apply::readEntitlements(rt.client(), apply::readNeedsOf(policy, {}, &snapshot),
                                             snapshot.productCache, now,
                                             ctx.config.sync.productCacheHours,
                                             ctx.config.center.maxConcurrency);
  if (!reads.error.empty()) {
    ctx.err << "membersync: explain: " << reads.error << "\n";
    return ExitCode::Failed;
  }
  const auto steps = store.stepsOfAccount(account, kRecent);

  plan::PlanSettings settings = ctx.config.sync.plan;
  settings.onlyAccount = account;
  plan::PlanInputs inputs{hr, members.value(), policy, snapshot, settings, now};
  inputs.times = &rt.times();
  const apply::PlanEntitlements entitlements(snapshot, reads);
  entitlements.fill(inputs);

  const report::Explanation explanation =
      explainAccount({account, inputs, ctx.config.directory, steps, kRecent});
  if (ctx.invocation.format == "json") {
    report::writeExplanationJson(ctx.out, explanation);
  } else {
    report::writeExplanationText(ctx.out, explanation);
  }
  return ExitCode::Done;
}

}  // namespace membersync::cli
