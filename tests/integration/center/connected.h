#pragma once

#include <memory>
#include <string>

#include "jobs/center/activity_client.h"
#include "jobs/center/member_center_client.h"
#include "jobs/center/poco_transport.h"
#include "jobs/center/session.h"
#include "jobs/core/manual_clock.h"
#include "jobs/core/random_source.h"
#include "tests/support/emulator_process.h"

namespace membersync::center::integration {

// The demo fixture's credentials at the emulator `emu`; short backoffs (the clock is manual anyway).
ClientOptions emulatorOptions(const membersync::testing::EmulatorProcess& emu);

// A fixture of tests/emulator/fixtures by file name ("strict.json").
std::string fixture(const std::string& name);

// Both clients over the real PocoTransport (or `transport`), a ManualClock (backoffs take no
// time; cached tokens never expire on the client's side) and the system's random source (or
// `random`).
struct Connected {
  explicit Connected(ClientOptions o, std::unique_ptr<Transport> t = nullptr,
                     std::unique_ptr<RandomSource> r = nullptr)
      : options(std::move(o)),
        transport(t ? std::move(t) : std::make_unique<PocoTransport>(options)),
        random(r ? std::move(r) : std::make_unique<SystemRandom>()),
        session(options, *transport, clock, *random, scrubber),
        members(session),
        activity(session) {}

  ClientOptions options;
  std::unique_ptr<Transport> transport;
  std::unique_ptr<RandomSource> random;
  ManualClock clock;
  Scrubber scrubber;
  Session session;
  MemberCenterClient members;
  ActivityClient activity;
};

// The globalId of the live member whose userName is `userName`; "" when there is none.
std::string globalIdOf(MemberCenterClient& members, const std::string& userName);

// Calls the emulator counted for `endpoint` ("A1", "B1", "token"), for one `outcome` ("0",
// "dropped", ...) or all when empty; read from GET /_emulator/stats.
long long emulatorCalls(const membersync::testing::EmulatorProcess& emu, const std::string& endpoint,
                        const std::string& outcome = "");

// A random source that returns the same bytes every time: every g_nonce repeats.
class RepeatingRandom final : public RandomSource {
 public:
  void fill(std::uint8_t* out, std::size_t n) override;
};

}  // namespace membersync::center::integration
