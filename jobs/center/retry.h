#pragma once

#include "jobs/center/options.h"
#include "jobs/core/clock.h"
#include "jobs/core/random_source.h"

namespace membersync::center {

// How one attempt of a call ended, as far as repeating it is concerned.
enum class AttemptClass {
  Success,        // done (code 0, 0000, or A1's 60027)
  Refused,        // any other answer: a business error or a Protocol problem; repeating won't help
  NotSent,        // the request never reached the service (or no token could be obtained)
  DidNotAct,      // the service says it did not act: HTTP 503 or 429 from the member center
  MayHaveActed,   // a failure a gateway gives after the backend acted: code 500, 80001; for B1
                  // resultCode 1002 and any HTTP 5xx
  NoAnswer,       // sent, no answer (dropped connection, time-out, HTTP 502/504)
  TokenRejected,  // 60000, 60005, or HTTP 401 from B1
  Withheld,       // not sent: the caller's CallSlots refused it (the run is stopping)
};

enum class NextStep {
  Return,                 // hand the attempt's result to the caller
  RetryAfterBackoff,      // sleep backoffDelay(), then send again with a fresh nonce
  RenewTokensAndRepeat,   // renew the tokens, then send again at once
  ReturnAsConfiguration,  // tokens were renewed and still refused: a Configuration error
  ReturnUnknown,          // an unsafe call lost its answer: Outcome::Unknown
};

// The retry decision, pure. `attemptsMade` counts the sends so far that count against
// policy.maxAttempts (a repeat after token renewal does not); `renewed` is true once the tokens
// were renewed for this call.
// - A call that is not safe to repeat (A1, A4, A9, A10, B1) is re-sent only when it provably did
//   not reach or did not change the service (NotSent, DidNotAct); a lost answer, or a failure
//   that may follow the service acting (MayHaveActed), is Unknown: settled by reading, never
//   re-sent blindly.
// - A call safe to repeat is re-sent after a lost answer too; when its attempts run out it fails.
NextStep decideNextStep(AttemptClass attempt, bool safeToRepeat, int attemptsMade,
                        const RetryPolicy& policy, bool renewed);

// The sleep before retry number `retry` (1 for the first retry): a ceiling of
// baseDelay * 2^(retry-1), capped at maxDelay, and a jittered delay in [ceiling/2, ceiling].
Clock::Duration backoffCeiling(const RetryPolicy& policy, int retry);
Clock::Duration backoffDelay(const RetryPolicy& policy, int retry, RandomSource& random);

}  // namespace membersync::center
