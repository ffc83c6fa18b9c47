#pragma once

#include <optional>

#include "tests/emulator/http_types.h"
#include "tests/emulator/router.h"
#include "tests/emulator/service.h"

// The gates in front of the endpoints. Each returns the refusal to send, or nothing when the
// request may proceed to validation and business logic.
namespace membersync::emulator {

// A1-A10, in this order: g_nonce missing or seen before (70001; the nonce is consumed either
// way); Authorization "Bearer <t>" with t a live client_credentials token of an app holding
// auth_me and header clientToken equal to t (60000); header userToken a live password-grant
// token (60005); the path's enterprise is the fixture's (60000); then --fail-rate (500) and,
// for A1-A5, --uc-fail-rate (80001).
std::optional<Reply> admitMemberCenter(Service& service, const Request& request,
                                       const Route& route);

// B1, in this order: Authorization "Bearer <t>" with t a live token of an app holding
// auth_activity (HTTP 401 invalid_token); g_nonce missing or seen before (resultCode 1001);
// --activity-fail-rate (1002).
std::optional<Reply> admitActivity(Service& service, const Request& request);

}  // namespace membersync::emulator
