#include "daemon/runtime.h"

#include <stdexcept>

#include "daemon/state_open.h"
#include "jobs/center/poco_transport.h"
#include "jobs/deliver/smtp_sender.h"
#include "jobs/i18n/message.h"
#include "jobs/state/sqlite_store.h"

namespace membersync::cli {

Runtime::Runtime(const config::Config& config, StateUse use)
    : config_(config),
      stateUse_(use),
      ownScrubber_(std::make_unique<Scrubber>()),
      scrubber_(*ownScrubber_) {
  wire();
}

Runtime::Runtime(const config::Config& config, Scrubber& scrubber)
    : config_(config), stateUse_(StateUse::Write), scrubber_(scrubber) {
  wire();
}

void Runtime::wire() {
  const config::Config& config = config_;
  const center::ClientOptions& options = config.center;
  config::registerSecrets(config, scrubber_);
  if (auto problems = center::optionProblems(options); !problems.empty()) {
    throw config::ConfigError(i18n::msg("{file}: [center] {problem}")
                                  .with("file", config.sourceFile)
                                  .with("problem", problems.front()));
  }
  try {
    transport_ = std::make_unique<center::PocoTransport>(options);
  } catch (const std::invalid_argument& e) {
    throw config::ConfigError(i18n::msg("{file}: [center] {problem}")
                                  .with("file", config.sourceFile)
                                  .with("problem", std::string(e.what())));
  }
  session_ = std::make_unique<center::Session>(options, *transport_, clock_, random_, scrubber_);
  client_ = std::make_unique<center::MemberCenterClient>(*session_);
  activities_ = std::make_unique<center::ActivityClient>(*session_);
  outbox_ = std::make_unique<deliver::FileOutbox>(config.state.passwordOutbox);
}

Runtime::~Runtime() = default;

state::StateStore& Runtime::store() {
  if (!store_) store_ = openState(config_, clock_, stateUse_);
  return *store_;
}

apply::SyncJob Runtime::syncJob(apply::Progress& progress) {
  return apply::SyncJob(client(), store(), outbox(), random(), clock(), progress, &activities());
}

deliver::DeliveryTools Runtime::deliveryTools() {
  if (!mailSender_) mailSender_ = deliver::makeSmtpSender(config_.delivery.smtp);
  return {store(), outbox(), *mailSender_, clock_, scrubber_, config_.delivery};
}

apply::SyncRequest Runtime::syncRequest(state::RunKind kind, bool applyChanges) const {
  apply::SyncRequest request;
  request.kind = kind;
  request.apply = applyChanges;
  request.settings = config_.sync;
  request.times = &times_;
  return request;
}

}  // namespace membersync::cli
