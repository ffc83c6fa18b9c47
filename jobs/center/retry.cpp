#include "jobs/center/retry.h"

#include <algorithm>

namespace membersync::center {

NextStep decideNextStep(AttemptClass attempt, bool safe, int attemptsMade, const RetryPolicy& policy,
                        bool renewed) {
  const bool attemptsLeft = attemptsMade < policy.maxAttempts;
  switch (attempt) {
    case AttemptClass::Success:
    case AttemptClass::Refused:
    case AttemptClass::Withheld:
      return NextStep::Return;
    case AttemptClass::TokenRejected:
      return renewed ? NextStep::ReturnAsConfiguration : NextStep::RenewTokensAndRepeat;
    case AttemptClass::NotSent:
    case AttemptClass::DidNotAct:
      return attemptsLeft ? NextStep::RetryAfterBackoff : NextStep::Return;
    case AttemptClass::NoAnswer:
    case AttemptClass::MayHaveActed:
      if (!safe) return NextStep::ReturnUnknown;
      return attemptsLeft ? NextStep::RetryAfterBackoff : NextStep::Return;
  }
  return NextStep::Return;
}

Clock::Duration backoffCeiling(const RetryPolicy& policy, int retry) {
  using std::chrono::milliseconds;
  milliseconds ceiling = policy.baseDelay;
  for (int i = 1; i < retry && ceiling < policy.maxDelay; ++i) ceiling *= 2;
  return std::min(ceiling, policy.maxDelay);
}

Clock::Duration backoffDelay(const RetryPolicy& policy, int retry, RandomSource& random) {
  const auto ceiling = std::chrono::duration_cast<std::chrono::microseconds>(backoffCeiling(policy, retry));
  const auto half = ceiling / 2;
  const auto spread = static_cast<std::uint64_t>((ceiling - half).count()) + 1;
  return half + std::chrono::microseconds(static_cast<std::int64_t>(random.uniform(spread)));
}

}  // namespace membersync::center
