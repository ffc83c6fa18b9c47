#include "tests/bench/held_memory.h"

#include "tests/bench/bench_support.h"

#include <set>
#include <stdexcept>

#include "jobs/center/member_center_client.h"
#include "jobs/center/poco_transport.h"
#include "jobs/center/session.h"
#include "jobs/core/clock.h"
#include "jobs/core/random_source.h"
#include "jobs/core/scrubber.h"
#include "jobs/directory/reader.h"
#include "jobs/plan/planner.h"
#include "jobs/policy/loader.h"
#include "jobs/state/sqlite_store.h"

namespace membersync::bench {
namespace {

// Resident memory, not the heap's count: room a vector reserves and never writes (the plan's
// items are reserved for two a person) costs nothing until it is written.
double residentBytes() {
  return static_cast<double>(currentRssKb()) * 1024;
}

template <class T>
T valueOr(center::Result<T> result, const char* what) {
  if (!result.ok()) throw std::runtime_error(std::string(what) + ": " + result.error().describe());
  return std::move(result).value();
}

}  // namespace

std::vector<HeldPart> measureHeld(const SyncSetup& setup, const std::string& csv,
                                  const std::string& policyPath) {
  const center::ClientOptions o = clientOptions(setup);
  SystemClock clock;
  SystemRandom random;
  Scrubber scrubber;
  center::PocoTransport transport(o);
  center::Session session(o, transport, clock, random, scrubber);
  center::MemberCenterClient client(session);
  const auto store = state::SqliteStore::open(setup.database, clock);

  std::vector<HeldPart> parts;
  double before = residentBytes();
  auto took = [&](std::string what, std::string why) {
    const double now = residentBytes();
    parts.push_back({std::move(what), std::move(why), now - before});
    before = now;
  };
  const policy::Policy policy = policy::loadPolicy(policyPath);
  took("policy", "the rules; a pool rule lists its asset numbers");
  directory::DirectorySettings directory;
  directory.path = csv;
  const directory::Export hr = directory::readExport(directory, "@acme");
  took("HR export", "every row, its columns for policy rules, to diff and to hand passwords out");
  const auto members = valueOr(client.listAllMembers(), "listing members");
  took("member list (A5)", "every member, to diff against the export");
  const auto assets = valueOr(client.listAssetNumbers(), "listing asset numbers");
  const auto locks = valueOr(client.listBorrowedLocks(), "listing borrowed locks");
  took("asset numbers and locks (A6, A8)", "who holds what, for the asset and lock rules");
  const state::Snapshot snapshot = store->load();
  took("state snapshot", "links, owned assets, lendings, histories: what membersync did before");
  std::set<std::string> managed;
  for (const auto& [number, owned] : snapshot.ownedAssets) managed.insert(number);
  plan::PlanSettings settings;
  settings.accountSuffix = "@acme";
  settings.maxEdits = 10000000;
  settings.maxEditPercent = 100;
  const std::map<std::string, std::vector<std::string>> products;
  const plan::PlanInputs in{hr, members,  policy,  snapshot, settings,
                            0,  &managed, &assets, &locks,   &products};
  const plan::Plan plan = plan::makePlan(in);
  took("plan",
       "its items (a first sync: an add and an assignment a person), with the planner's "
       "indexes freed");
  return parts;
}

}  // namespace membersync::bench
