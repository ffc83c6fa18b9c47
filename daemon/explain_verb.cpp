#include <chrono>
#include <ostream>
#include <string>
#include <vector>

#include "daemon/explain_lookup.h"
#include "daemon/explain_model.h"
#include "daemon/inputs.h"
#include "daemon/runtime.h"
#include "daemon/verbs.h"
#include "jobs/apply/entitlement_reads.h"
#include "jobs/core/text.h"
#include "jobs/plan/account_owners.h"
#include "jobs/report/explanation.h"
#include "jobs/report/run_text.h"

namespace membersync::cli {
namespace {

std::string listed(const i18n::Translator& tr, const std::vector<KnownPerson>& people) {
  std::vector<std::string> items;
  for (const auto& p : people) items.push_back(describePerson(tr, p));
  return report::joinedList(tr, items);
}

// Nobody, or several people, fit what `explain` was asked: it says so and exits 1, naming the
// people it could mean, by account, which explains exactly one.
ExitCode notFound(const VerbContext& ctx, const PersonLookup& whom, const std::string& source) {
  const i18n::Translator& tr = ctx.tr;
  const std::string& query = ctx.invocation.argument;
  if (!whom.matches.empty()) {
    const i18n::Arguments args{{"count", std::to_string(whom.matches.size())},
                               {"query", query},
                               {"people", listed(tr, whom.matches)},
                               {"account", whom.matches.front().account}};
    const bool byName = whom.matchedBy == "name";
    ctx.err << i18n::format(
                   byName ? tr.tr("membersync: explain: {count} people have the name \"{query}\": "
                                  "{people}; ask for one by account: membersync explain {account}")
                          : tr.tr("membersync: explain: {count} people have the employee id "
                                  "\"{query}\": {people}; ask for one by account: membersync "
                                  "explain {account}"),
                   args)
            << "\n";
    return ExitCode::Failed;
  }
  const i18n::Arguments args{{"query", query}, {"source", source}};
  if (whom.suggestions.empty()) {
    ctx.err << i18n::format(tr.tr("membersync: explain: nobody has the account, name or employee "
                                  "id \"{query}\" in {source}, the member list or the state "
                                  "database; check the spelling"),
                            args)
            << "\n";
  } else {
    ctx.err << i18n::format(tr.tr("membersync: explain: nobody has the account, name or employee "
                                  "id \"{query}\" in {source}, the member list or the state "
                                  "database; close matches: {people}; for instance: membersync "
                                  "explain {account}"),
                            {{"query", query},
                             {"source", source},
                             {"people", listed(tr, whom.suggestions)},
                             {"account", whom.suggestions.front().account}})
            << "\n";
  }
  return ExitCode::Failed;
}

}  // namespace

// For one person, asked for by account, name or employee id (lookUpPerson; nobody or several
// people: exit 1, naming whom it could mean): the HR row, the member, what membersync
// remembers, the policy rules that match and why, the assets, lock and enrolments the person has
// and which rule granted each (asked of the planner), and the actions a sync would take now and
// why; as text or JSON, both from one report::Explanation. Read-only.
ExitCode runExplain(const VerbContext& ctx) {
  constexpr int kRecent = 10;
  const auto policy = readPolicy(ctx.config);
  auto hr = readHrExport(ctx.config, policy);
  Runtime rt(ctx.config, StateUse::Read);
  // The state first: a database of another enterprise is refused before anything is sent.
  state::StateStore& store = rt.store();

  auto members = rt.client().listAllMembers();
  if (!members.ok()) {
    ctx.err << i18n::format(ctx.tr.tr("membersync: explain: cannot read the member list: {error}"),
                            {{"error", members.error().describe()}})
            << "\n";
    return exitCodeOf(members.error());
  }
  const auto snapshot = store.load();
  // The row shown is the one the plan acts on: an account's owner among rows sharing it.
  if (auto kept = plan::keepAccountOwners(hr, snapshot)) hr = std::move(*kept);
  const auto whom = lookUpPerson(ctx.invocation.argument, hr, members.value(), snapshot,
                                 ctx.config.accountSuffix());
  std::string account = whom.account.value_or("");
  // Gone from everywhere but the journal (a member deleted, its link dropped): still told.
  const std::string asAccount = lowerAscii(trim(ctx.invocation.argument));
  if (!whom.account && whom.matches.empty() && !store.stepsOfAccount(asAccount, 1).empty())
    account = asAccount;
  if (account.empty()) return notFound(ctx, whom, hr.path);
  const auto now =
      std::chrono::duration_cast<std::chrono::milliseconds>(rt.clock().wallNow().time_since_epoch())
          .count();
  // The same reads a sync makes (A6, A8, product trees from the cache or A7); read-only: the
  // product cache is not written here.
  const auto reads = apply::readEntitlements(
      rt.client(), apply::readNeedsOf(policy, {}, &snapshot), snapshot.productCache, now,
      ctx.config.sync.productCacheHours, ctx.config.center.maxConcurrency);
  if (!reads.error.empty()) {
    ctx.err << "membersync: explain: " << reads.error << "\n";
    return reads.errorIsConfiguration ? ExitCode::Configuration : ExitCode::Failed;
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
    report::writeExplanationText(ctx.out, ctx.tr, explanation);
  }
  return ExitCode::Done;
}

}  // namespace membersync::cli
