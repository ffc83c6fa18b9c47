#pragma once

// A member-center answer body read the way a call reads it (HTTP 200, the envelope, the code),
// for the decoder targets: each then decodes `data` of a successful envelope.

#include <optional>
#include <string>

#include "jobs/center/attempt.h"
#include "tests/fuzz/fuzz_support.h"

namespace membersync::fuzz {

// The envelope of a successful answer to `endpoint`, or nullopt when the call would fail (then
// its error must say so, naming the endpoint).
inline std::optional<center::Envelope> successfulEnvelope(center::Endpoint endpoint,
                                                          const std::string& body,
                                                          bool acceptPartial = false) {
  using namespace center;
  Attempt attempt =
      readMemberCenterAttempt(endpoint, acceptPartial, TransportResult::answered(200, body));
  FUZZ_CHECK((attempt.cls == AttemptClass::Success) == attempt.result.ok());
  if (!attempt.result.ok()) {
    const std::string described = attempt.result.error().describe();
    FUZZ_CHECK(described.rfind(std::string(endpointLabel(endpoint)), 0) == 0);
    return std::nullopt;
  }
  return std::move(attempt.result).value();
}

}  // namespace membersync::fuzz
