#include "tests/bench/sync_step.h"

#include <Poco/JSON/Object.h>
#include <Poco/JSON/Parser.h>

#include <chrono>
#include <memory>
#include <mutex>

#include "jobs/deliver/password_outbox.h"
#include "jobs/center/activity_client.h"
#include "jobs/center/member_center_client.h"
#include "jobs/center/poco_transport.h"
#include "jobs/center/session.h"
#include "jobs/center/read_ahead.h"
#include "jobs/core/clock.h"
#include "jobs/core/random_source.h"
#include "jobs/directory/reader.h"
#include "jobs/policy/loader.h"
#include "jobs/state/sqlite_store.h"
#include "tests/bench/bench_support.h"

namespace membersync::bench {
namespace {

using Seconds = std::chrono::duration<double>;

// The enterprise and credentials of the emulator's demo fixture.
constexpr const char* kSuffix = "@acme";

}  // namespace

center::ClientOptions clientOptions(const SyncSetup& setup) {
  center::ClientOptions o;
  o.baseUrl = setup.emulator.baseUrl();
  o.tokenUrl = setup.emulator.tokenUrl();
  o.enterpriseGlobalId = "ENT-ACME-0001";
  o.clientId = "membersync-demo";
  o.clientSecret = Secret("demo-client-secret");
  o.adminUser = "admin@acme";
  o.adminPassword = Secret("demo-admin-pass1");
  o.maxConcurrency = setup.concurrency;
  o.pageSize = setup.pageSize;
  return o;
}

namespace {

// Adds up the time the applier spends in its phases.
class TimedProgress final : public apply::Progress {
 public:
  void phase(const std::string&, std::size_t) override {
    std::lock_guard<std::mutex> lock(mutex_);
    started_ = std::chrono::steady_clock::now();
  }
  void advance(std::size_t) override {}
  void endPhase() override {
    std::lock_guard<std::mutex> lock(mutex_);
    total_ += std::chrono::steady_clock::now() - started_;
  }
  double seconds() const { return Seconds(total_).count(); }

 private:
  std::mutex mutex_;
  std::chrono::steady_clock::time_point started_;
  std::chrono::steady_clock::duration total_{};
};

std::uint64_t retriesOf(const center::Session& session) {
  std::uint64_t n = 0;
  for (const auto& row : session.stats().snapshot()) n += row.stats.retries + row.stats.renewals;
  return n;
}

}  // namespace

CenterCalls CenterCalls::of(const testing::EmulatorProcess& emulator) {
  auto root = Poco::JSON::Parser().parse(emulator.stats()).extract<Poco::JSON::Object::Ptr>();
  CenterCalls c;
  auto totals = root->getObject("totals");
  c.writes = totals->getValue<Poco::Int64>("writes");
  c.reads = totals->getValue<Poco::Int64>("reads");
  auto endpoints = root->getObject("endpoints");
  for (const auto& name : endpoints->getNames()) {
    c.byEndpoint[name] = endpoints->getObject(name)->getValue<Poco::Int64>("calls");
  }
  c.tokens = c.byEndpoint["token"];
  return c;
}

CenterCalls CenterCalls::since(const CenterCalls& before) const {
  CenterCalls d;
  d.writes = writes - before.writes;
  d.reads = reads - before.reads;
  d.tokens = tokens - before.tokens;
  for (const auto& [name, calls] : byEndpoint) {
    const auto it = before.byEndpoint.find(name);
    d.byEndpoint[name] = calls - (it == before.byEndpoint.end() ? 0 : it->second);
  }
  return d;
}

StepResult syncOnce(const SyncSetup& setup, const std::string& csv, state::RunId revertRun) {
  const CenterCalls before = CenterCalls::of(setup.emulator);
  resetPeakRss();
  const double cpuBefore = cpuSeconds();
  const double emulatorCpuBefore = childrenCpuSeconds();
  const auto start = std::chrono::steady_clock::now();

  // What the `sync` verb does: read the policy, wire the job and open the state, then read the
  // export while the token grants and the first member pages are out (daemon/sync_verbs.cpp),
  // then run the job.
  const policy::Policy policy = policy::loadPolicy(setup.policy);

  StepResult r;
  {
    const center::ClientOptions options = clientOptions(setup);
    SystemClock clock;
    SystemRandom random;
    Scrubber scrubber;
    center::PocoTransport transport(options);
    center::Session session(options, transport, clock, random, scrubber);
    center::MemberCenterClient client(session);
    center::ActivityClient activities(session);
    const auto store = state::SqliteStore::open(setup.database, clock);
    center::ReadAhead ahead(session, client, store->linkCount());
    directory::DirectorySettings directory;
    directory.path = csv;
    const directory::Export hr = directory::readExport(directory, kSuffix);
    deliver::FileOutbox outbox(setup.outbox);
    TimedProgress progress;

    apply::SyncRequest request;
    request.kind = revertRun != 0 ? state::RunKind::Revert : state::RunKind::Sync;
    request.apply = true;
    request.settings.plan.accountSuffix = kSuffix;
    request.settings.apply.accountSuffix = kSuffix;
    request.settings.apply.workers = setup.concurrency;
    request.readAhead = &ahead;
    // The renames step is an intended mass edit: the edit guard would hold it (exit 4).
    request.settings.plan.maxEdits = 10000000;
    request.settings.plan.maxEditPercent = 100;
    apply::SyncJob job(client, *store, outbox, random, clock, progress, &activities);
    const apply::SyncReport report =
        revertRun != 0 ? job.revert(revertRun, hr, policy, request) : job.run(hr, policy, request);

    r.applySeconds = progress.seconds();
    r.retries = retriesOf(session);
    r.outcome = report.outcome;
    r.message = report.message;
    r.run = report.run;
    if (report.applied) r.counts = report.applied->counts;
  }  // the store closes (and checkpoints) inside the timed part, as at the end of a real run
  r.seconds = Seconds(std::chrono::steady_clock::now() - start).count();
  r.cpuSeconds = cpuSeconds() - cpuBefore;
  r.emulatorCpuSeconds = childrenCpuSeconds() - emulatorCpuBefore;
  r.peakRssKb = peakRssKb();
  r.calls = CenterCalls::of(setup.emulator).since(before);
  return r;
}

}  // namespace membersync::bench
