#pragma once

#include <string>

#include "jobs/center/decode.h"
#include "jobs/center/endpoint.h"
#include "jobs/center/result.h"
#include "jobs/center/retry.h"
#include "jobs/center/transport.h"

namespace membersync::center {

// One attempt of a call, read: how it ended for the retry decision, and its result.
struct Attempt {
  AttemptClass cls;
  Result<Envelope> result;
};

// Reads a member-center exchange. HTTP 200 and 299 carry an envelope; code 0 (and 60027 when
// `acceptPartial`) is Success; 500 and 80001 MayHaveActed (a gateway can fail after the backend
// acted); 60000 and 60005 TokenRejected; any other code Refused with the table's kind. HTTP 503
// and 429 are DidNotAct, 502 and 504 (a gateway that may have forwarded the request) NoAnswer,
// any other status a Protocol error. `service` names where the request went, for a person to
// fix when it did not get there: "https://mc.example.com ([center] base_url)"; empty: "the
// service".
Attempt readMemberCenterAttempt(Endpoint endpoint, bool acceptPartial,
                                const TransportResult& answer, const std::string& service = {});

// Reads a B1 exchange: resultCode "0000" is Success; 1002 and any HTTP 5xx are MayHaveActed (B1 is
// not safe to repeat: in doubt); any other code is Refused, 3002 with its activities; HTTP 401 is
// TokenRejected.
Attempt readActivityAttempt(const TransportResult& answer, const std::string& service = {});

}  // namespace membersync::center
