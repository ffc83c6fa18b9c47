#include "tests/emulator/service.h"

#include <chrono>

#include "tests/emulator/text_rules.h"

namespace membersync::emulator {
namespace {

// Separates the fault stream from the data stream drawn from the same --seed.
constexpr std::uint64_t kFaultStream = 0x9e3779b97f4a7c15ULL;

}  // namespace

Service::Service(Fixture initial, ServiceOptions opts, const Clock& clk)
    : fixture(std::move(initial)),
      options(opts),
      clock(clk),
      state(State::fromFixture(fixture)),
      dataRandom(opts.seed),
      faultRandom(opts.seed ^ kFaultStream),
      tokens(
          clk, [this] { return dataRandom.hex(20); }, opts.tokenTtlS),
      logins(clk) {}

const App* Service::app(const std::string& clientId) const {
  for (const App& a : fixture.apps) {
    if (a.clientId == clientId) return &a;
  }
  return nullptr;
}

const Admin* Service::admin(const std::string& username) const {
  for (const Admin& a : fixture.admins) {
    if (equalsIgnoreCase(a.username, username)) return &a;
  }
  return nullptr;
}

const Activity* Service::activity(const std::string& label) const {
  for (const Activity& a : fixture.activities) {
    if (a.label == label) return &a;
  }
  return nullptr;
}

std::int64_t Service::nowMs() const {
  return std::chrono::duration_cast<std::chrono::milliseconds>(clock.wallNow().time_since_epoch())
      .count();
}

std::string Service::expandedSuffix() const {
  return expandSuffix(state.enterprise().accountSuffix, state.enterprise().code);
}

std::string Service::newGlobalId() {
  return dataRandom.hex(16);
}

}  // namespace membersync::emulator
