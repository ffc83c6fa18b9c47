#pragma once

#include <functional>
#include <memory>
#include <string>

#include "jobs/deliver/password_outbox.h"
#include "jobs/apply/progress.h"
#include "jobs/center/activity_client.h"
#include "jobs/center/member_center_client.h"
#include "jobs/center/session.h"
#include "jobs/center/transport.h"
#include "jobs/core/manual_clock.h"
#include "jobs/core/random_source.h"
#include "jobs/state/sqlite_store.h"
#include "tests/emulator/emulator.h"
#include "tests/support/temp_dir.h"

namespace membersync::apply::testing {

// The emulator's logic behind a center::Transport, no sockets: the real clients, retries and
// decoding against the real endpoints, in microseconds. A dropped connection (the emulator's
// --drop-after-commit) comes back as NoAnswer.
class EmulatorTransport final : public center::Transport {
 public:
  explicit EmulatorTransport(emulator::Emulator& emulator) : emulator_(emulator) {}
  center::TransportResult send(const center::HttpRequest& request) override;

  // Called with every request before the emulator sees it (on the sending thread), when set.
  std::function<void(const center::HttpRequest&)> beforeSend;

 private:
  emulator::Emulator& emulator_;
};

// A demo-fixture emulator, the member-center and activity clients logged in to it, a state
// database and a password outbox in a temporary folder, all on one ManualClock.
struct EmulatedCenter {
  explicit EmulatedCenter(emulator::ServiceOptions options = {},
                          const std::string& fixture = "demo.json");

  // GET /_emulator/state and /_emulator/stats, as JSON text.
  std::string state() const;
  std::string stats() const;
  // How many calls an endpoint ("A9", "B1", ...) answered, by the emulator's statistics.
  int calls(const std::string& endpoint) const;
  // The global id of a live member of the emulator, by account.
  std::string globalIdOf(const std::string& account);
  // Who holds an asset number on the emulator (A6's cloudAccountGlobalId; "" for nobody).
  std::string holderOf(const std::string& assetNum);

  membersync::testing::TempDir dir;
  ManualClock clock;
  SystemRandom random;
  Scrubber scrubber;
  std::unique_ptr<emulator::Emulator> emulator;
  std::unique_ptr<EmulatorTransport> transport;
  std::unique_ptr<center::Session> session;
  std::unique_ptr<center::MemberCenterClient> client;
  std::unique_ptr<center::ActivityClient> activities;
  std::unique_ptr<state::SqliteStore> store;
  std::unique_ptr<deliver::FileOutbox> outbox;
  NoProgress progress;
};

}  // namespace membersync::apply::testing
