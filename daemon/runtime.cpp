#include "daemon/runtime.h"

#include <stdexcept>

#include "daemon/wiring.h"
#include "jobs/center/poco_transport.h"
#include "jobs/state/sqlite_store.h"

namespace membersync::cli {
namespace {

plan::Departed departedOf(config::DepartedAction a) {
  switch (a) {
    case config::DepartedAction::WithdrawThenDelete: return plan::Departed::WithdrawThenDelete;
    case config::DepartedAction::Withdraw: return plan::Departed::Withdraw;
    case config::DepartedAction::Delete: return plan::Departed::Delete;
    case config::DepartedAction::Report: return plan::Departed::Report;
  }
  return plan::Departed::Report;
}

}  // namespace

Runtime::Runtime(const config::Config& config) : config_(config) {
  const center::ClientOptions options = clientOptions(config.center);
  if (auto problems = center::optionProblems(options); !problems.empty()) {
    throw config::ConfigError(config.sourceFile + ": [center] " + problems.front());
  }
  try {
    transport_ = std::make_unique<center::PocoTransport>(options);
  } catch (const std::invalid_argument& e) {
    throw config::ConfigError(config.sourceFile + ": [center] " + e.what());
  }
  session_ = std::make_unique<center::Session>(options, *transport_, clock_, random_);
  client_ = std::make_unique<center::MemberCenterClient>(*session_);
  activities_ = std::make_unique<center::ActivityClient>(*session_);
  outbox_ = std::make_unique<apply::FileOutbox>(config.sync.passwordOutbox);
}

Runtime::~Runtime() = default;

state::StateStore& Runtime::store() {
  if (!store_) store_ = state::SqliteStore::open(config_.state.database, clock_);
  return *store_;
}

plan::PlanSettings Runtime::planSettings() const {
  const auto& s = config_.sync;
  plan::PlanSettings p;
  p.accountSuffix = config_.center.expandedSuffix();
  p.departed = departedOf(s.departed);
  p.graceRuns = s.graceRuns;
  p.deleteAfterDays = s.deleteAfterDays;
  p.maxDeletes = s.maxDeletes;
  p.maxDeletePercent = s.maxDeletePercent;
  p.deleteFloor = s.deleteFloor;
  p.minExportRatio = s.minExportRatio;
  p.orphans = s.orphans == config::OrphanAction::Delete ? plan::Orphans::Delete : plan::Orphans::Report;
  return p;
}

apply::SyncJob Runtime::syncJob(apply::Progress& progress) {
  return apply::SyncJob(client(), store(), outbox(), random(), clock(), progress, &activities());
}

apply::SyncRequest Runtime::syncRequest(state::RunKind kind, bool applyChanges) const {
  apply::SyncRequest req;
  req.kind = kind;
  req.apply = applyChanges;
  req.settings.plan = planSettings();
  req.settings.apply = applySettings();
  req.settings.keepRunsDays = config_.sync.keepRunsDays;
  req.settings.productCacheHours = config_.policy.productCacheHours;
  return req;
}

apply::ApplySettings Runtime::applySettings() const {
  apply::ApplySettings a;
  a.accountSuffix = config_.center.expandedSuffix();
  a.passwordLength = static_cast<std::size_t>(config_.sync.passwordLength);
  a.workers = config_.center.maxConcurrency;
  return a;
}

}  // namespace membersync::cli
