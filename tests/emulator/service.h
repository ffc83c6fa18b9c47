#pragma once

#include <cstdint>
#include <string>

#include "jobs/core/clock.h"
#include "tests/emulator/model.h"
#include "tests/emulator/options.h"
#include "tests/emulator/seeded_random.h"
#include "tests/emulator/state.h"
#include "tests/emulator/stats.h"
#include "tests/emulator/tokens.h"

// Internal to the emulator: everything an endpoint may read or change, handed to it by the
// Emulator while it holds the one mutex. Endpoints get this and the request, nothing global.
namespace membersync::emulator {

struct Service {
  Service(Fixture initial, ServiceOptions opts, const Clock& clk);

  const Fixture fixture;  // the data as loaded; /_emulator/reset goes back to it
  const ServiceOptions options;
  const Clock& clock;
  State state;
  SeededRandom dataRandom;   // global ids and tokens
  SeededRandom faultRandom;  // fault choices, so they do not shift when more data is drawn
  TokenStore tokens;
  LoginGuard logins;
  Stats stats;
  // POST /_emulator/empty-lists: A6 and A8 answer success with an empty list, as a glitching
  // backend might, until /_emulator/reset. The data itself is kept.
  bool emptyLists = false;
  // --move-member-at-page has moved its member (once until /_emulator/reset); the members
  // --move-member-at-page and --add-member-at-page added so far (they name them).
  bool memberMoved = false;
  int membersAddedByHand = 0;

  const App* app(const std::string& clientId) const;
  const Admin* admin(const std::string& username) const;  // ignoring ASCII case
  const Activity* activity(const std::string& label) const;
  std::int64_t nowMs() const;  // wall clock, epoch milliseconds
  std::string expandedSuffix() const;
  // 32 lower-case hex digits from the seeded source.
  std::string newGlobalId();
};

}  // namespace membersync::emulator
