#include "tests/bench/held_memory.h"

#include "tests/bench/bench_support.h"

#include <filesystem>
#include <functional>
#include <set>
#include <stdexcept>

#include "jobs/apply/run_people.h"
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

// What a sync builds before it applies, kept alive together as a sync keeps them.
struct RunInputs {
  policy::Policy policy;
  directory::Export hr;
  std::vector<center::MemberListItem> members;
  std::vector<center::AssetNumber> assets;
  std::vector<center::BorrowedLock> locks;
  state::Snapshot snapshot;
  std::set<std::string> managed;
  plan::Plan plan;
};

using Took = std::function<void(std::string what, std::string why)>;

// Builds `in` in the order a sync does, calling `took` after each part; the snapshot is `store`'s.
void buildInputs(RunInputs& in, const SyncSetup& setup, const std::string& csv,
                 const std::string& policyPath, state::StateStore& store, const Took& took) {
  const center::ClientOptions o = clientOptions(setup);
  SystemClock clock;
  SystemRandom random;
  Scrubber scrubber;
  center::PocoTransport transport(o);
  center::Session session(o, transport, clock, random, scrubber);
  center::MemberCenterClient client(session);
  in.policy = policy::loadPolicy(policyPath);
  took("policy", "the rules; a pool rule lists its asset numbers");
  directory::DirectorySettings directory;
  directory.path = csv;
  in.hr = directory::readExport(directory, "@acme");
  took("HR export", "every row, its columns for policy rules, to diff and to hand passwords out");
  in.members = valueOr(client.listAllMembers(), "listing members");
  took("member list (A5)", "every member, to diff against the export");
  in.assets = valueOr(client.listAssetNumbers(), "listing asset numbers");
  in.locks = valueOr(client.listBorrowedLocks(), "listing borrowed locks");
  took("asset numbers and locks (A6, A8)", "who holds what, for the asset and lock rules");
  in.snapshot = store.load();
  took("state snapshot", "links, owned assets, lendings, histories: what membersync did before");
  for (const auto& [number, owned] : in.snapshot.ownedAssets) in.managed.insert(number);
  plan::PlanSettings settings;
  settings.accountSuffix = "@acme";
  settings.maxEdits = 10000000;
  settings.maxEditPercent = 100;
  const std::map<std::string, std::vector<std::string>> products;
  const plan::PlanInputs planInputs{in.hr, in.members,  in.policy,  in.snapshot, settings,
                                    0,     &in.managed, &in.assets, &in.locks,   &products};
  in.plan = plan::makePlan(planInputs);
  took("plan",
       "its items (a first sync: an add and an assignment a person), with the planner's "
       "indexes freed");
}

}  // namespace

namespace {

// `scratch` as a copy of `database` (absent when it is), and gone again when this ends.
class ScratchCopy {
 public:
  ScratchCopy(const std::string& database, std::string scratch) : path_(std::move(scratch)) {
    remove();
    for (const std::string suffix : {"", "-wal"})  // a database in WAL mode may hold both
      if (std::filesystem::exists(database + suffix))
        std::filesystem::copy_file(database + suffix, path_ + suffix);
  }
  ~ScratchCopy() { remove(); }
  ScratchCopy(const ScratchCopy&) = delete;
  ScratchCopy& operator=(const ScratchCopy&) = delete;
  const std::string& path() const { return path_; }

 private:
  void remove() {
    std::error_code ignored;
    for (const std::string suffix : {"", "-wal", "-shm"})
      std::filesystem::remove(path_ + suffix, ignored);
  }
  std::string path_;
};

// The records a sync writes after its last call, written into `store` as a run does.
RecordsCost recordsCost(state::StateStore& store, const RunInputs& in) {
  const state::RunId run = store.beginRun({state::RunKind::Sync, "", 0, "", ""});
  RecordsCost cost;
  double start = cpuSeconds();
  const auto itemPeople = apply::itemPeopleOf(in.plan, in.hr);
  store.recordItemPeople(run, [&](const std::function<void(state::ItemPerson &&)>& sink) {
    itemPeople([&](state::ItemPerson&& p) {
      ++cost.items;
      sink(std::move(p));
    });
  });
  cost.itemPeopleCpu = cpuSeconds() - start;
  start = cpuSeconds();
  cost.peopleWritten =
      store
          .recordPeople(run, apply::peopleRecordsOf(in.hr, in.policy, ""), in.hr.skippedEmployeeIds)
          .written;
  cost.peopleCpu = cpuSeconds() - start;
  return cost;
}

}  // namespace

RunMeasures measureRun(const SyncSetup& setup, const std::string& csv,
                       const std::string& policyPath, const std::string& scratch) {
  const ScratchCopy copy(setup.database, scratch);
  SystemClock clock;
  const auto store = state::SqliteStore::open(copy.path(), clock);
  RunMeasures measures;
  double before = residentBytes();
  RunInputs in;
  buildInputs(in, setup, csv, policyPath, *store, [&](std::string what, std::string why) {
    const double now = residentBytes();
    measures.held.push_back({std::move(what), std::move(why), now - before});
    before = now;
  });
  measures.records = recordsCost(*store, in);
  return measures;
}

}  // namespace membersync::bench
