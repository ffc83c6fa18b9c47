#pragma once

#include "tests/emulator/http_types.h"

// --echo-requests: a hostile server that quotes its request back in its error answers, as some
// gateways and frameworks do. membersync must scrub every secret from such text before it logs,
// stores or shows it; this mode puts the secrets there for the tests to look for.
namespace membersync::emulator {

// The request as the echo shows it: method, path and raw query string, the credential headers
// (Authorization, clientToken, userToken) and the body, as received.
std::string requestEcho(const Request& request);

// Appends requestEcho() to the text of an error answer: a member-center error's `cause` (and,
// for 60027, each failed row's `message`), a B1 answer's `resultMessage` unless it is 0000, and
// a token endpoint's (or a 401's) `error_description`. Successful answers are left alone.
void echoRequest(Reply& reply, const Request& request);

}  // namespace membersync::emulator
