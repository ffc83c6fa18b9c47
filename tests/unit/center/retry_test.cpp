#include <catch2/catch.hpp>

#include "jobs/center/retry.h"
#include "tests/unit/center/fake_service.h"

using namespace membersync::center;
using namespace std::chrono_literals;

namespace {
RetryPolicy policy() {
  RetryPolicy p;
  p.maxAttempts = 4;
  p.baseDelay = 100ms;
  p.maxDelay = 1000ms;
  return p;
}
}  // namespace

TEST_CASE("retry: a lost answer is retried only for calls safe to repeat", "[center]") {
  CHECK(decideNextStep(AttemptClass::NoAnswer, true, 1, policy(), false) == NextStep::RetryAfterBackoff);
  CHECK(decideNextStep(AttemptClass::NoAnswer, false, 1, policy(), false) == NextStep::ReturnUnknown);
  CHECK(decideNextStep(AttemptClass::NoAnswer, true, 4, policy(), false) == NextStep::Return);
}

TEST_CASE("retry: a request that never left or that the service did not act on is retried", "[center]") {
  for (bool safe : {true, false}) {
    CHECK(decideNextStep(AttemptClass::NotSent, safe, 1, policy(), false) == NextStep::RetryAfterBackoff);
    CHECK(decideNextStep(AttemptClass::DidNotAct, safe, 3, policy(), false) == NextStep::RetryAfterBackoff);
    CHECK(decideNextStep(AttemptClass::DidNotAct, safe, 4, policy(), false) == NextStep::Return);
  }
}

TEST_CASE("retry: a failure that may follow the service acting leaves an unsafe call in doubt",
          "[center]") {
  CHECK(decideNextStep(AttemptClass::MayHaveActed, false, 1, policy(), false) ==
        NextStep::ReturnUnknown);
  CHECK(decideNextStep(AttemptClass::MayHaveActed, true, 1, policy(), false) ==
        NextStep::RetryAfterBackoff);
  CHECK(decideNextStep(AttemptClass::MayHaveActed, true, 4, policy(), false) == NextStep::Return);
}

TEST_CASE("retry: refused tokens are renewed once, then the call is a configuration error", "[center]") {
  CHECK(decideNextStep(AttemptClass::TokenRejected, false, 0, policy(), false) == NextStep::RenewTokensAndRepeat);
  CHECK(decideNextStep(AttemptClass::TokenRejected, false, 1, policy(), true) == NextStep::ReturnAsConfiguration);
}

TEST_CASE("retry: success and refusals are returned at once", "[center]") {
  CHECK(decideNextStep(AttemptClass::Success, true, 1, policy(), false) == NextStep::Return);
  CHECK(decideNextStep(AttemptClass::Refused, true, 1, policy(), false) == NextStep::Return);
}

TEST_CASE("retry: backoff ceilings double from the base and stop at the cap", "[center]") {
  CHECK(backoffCeiling(policy(), 1) == 100ms);
  CHECK(backoffCeiling(policy(), 2) == 200ms);
  CHECK(backoffCeiling(policy(), 4) == 800ms);
  CHECK(backoffCeiling(policy(), 5) == 1000ms);
  CHECK(backoffCeiling(policy(), 60) == 1000ms);
}

TEST_CASE("retry: jittered backoff lies between half the ceiling and the ceiling", "[center]") {
  membersync::SystemRandom random;
  for (int retry = 1; retry <= 6; ++retry) {
    const auto ceiling = backoffCeiling(policy(), retry);
    for (int i = 0; i < 200; ++i) {
      const auto d = backoffDelay(policy(), retry, random);
      CHECK(d >= ceiling / 2);
      CHECK(d <= ceiling);
    }
  }
}
