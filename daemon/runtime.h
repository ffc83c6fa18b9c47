#pragma once

#include <memory>

#include "config/config.h"
#include "jobs/deliver/password_outbox.h"
#include "jobs/center/member_center_client.h"
#include "jobs/center/activity_client.h"
#include "jobs/center/session.h"
#include "jobs/core/clock.h"
#include "jobs/core/random_source.h"
#include "jobs/core/scrubber.h"
#include "jobs/core/text.h"
#include "jobs/plan/planner.h"
#include "jobs/apply/applier.h"
#include "jobs/apply/sync_job.h"
#include "jobs/deliver/delivery.h"
#include "jobs/state/store.h"
#include "daemon/state_open.h"

namespace membersync::cli {

// The real collaborators, wired from the configuration at the edge: the clock, the random
// source, the scrubber of secrets, the HTTP transport, one Session with its member-center and
// activity clients, and, when asked, the state store and the password outbox. Everything in
// jobs/ receives these. The configuration's secrets join the scrubber here, before anything
// is sent.
class Runtime {
 public:
  // Throws config::ConfigError for unusable [center] settings (a CA file that cannot be loaded,
  // a bad proxy) naming the config file. This runtime owns its scrubber (a one-shot verb).
  // `use`: whether the verb writes the state (then it claims an unclaimed database for its
  // enterprise; see openState).
  Runtime(const config::Config& config, StateUse use);
  // The same with the caller's scrubber, which outlives this runtime: the daemon's, shared by
  // its logging, its health endpoint and the runtimes its reloads make. The daemon writes.
  Runtime(const config::Config& config, Scrubber& scrubber);
  ~Runtime();

  Clock& clock() { return clock_; }
  // How times are written for people: local time with its zone (personTime).
  const TimeWriter& times() const { return times_; }
  RandomSource& random() { return random_; }
  Scrubber& scrubber() { return scrubber_; }
  center::Session& session() { return *session_; }
  center::MemberCenterClient& client() { return *client_; }
  center::ActivityClient& activities() { return *activities_; }
  // Opened on first use. Throws state::StateError.
  state::StateStore& store();
  deliver::PasswordOutbox& outbox() { return *outbox_; }
  // The mail sender of [delivery] (made on first use; the server is contacted only on a send)
  // and everything mailing passwords needs. Only with [delivery] method = smtp.
  deliver::DeliveryTools deliveryTools();

  // A run's request with the configuration's sync settings (config::Config::sync). A SyncJob for
  // it also needs &activities(), or enrolments are not sent.
  apply::SyncRequest syncRequest(state::RunKind kind, bool applyChanges) const;
  // A sync job wired with every collaborator (the activity client included), reporting to
  // `progress`. Opens the store.
  apply::SyncJob syncJob(apply::Progress& progress);

 private:
  void wire();

  const config::Config& config_;
  const StateUse stateUse_;
  std::unique_ptr<Scrubber> ownScrubber_;  // null when the caller lent one
  Scrubber& scrubber_;
  SystemClock clock_;
  LocalTimes times_;
  SystemRandom random_;
  std::unique_ptr<center::Transport> transport_;
  std::unique_ptr<center::Session> session_;
  std::unique_ptr<center::MemberCenterClient> client_;
  std::unique_ptr<center::ActivityClient> activities_;
  std::unique_ptr<state::StateStore> store_;
  std::unique_ptr<deliver::PasswordOutbox> outbox_;
  std::unique_ptr<deliver::MailSender> mailSender_;
};

}  // namespace membersync::cli
