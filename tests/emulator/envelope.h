#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "tests/emulator/http_types.h"

// The answers' outer shapes. Member center: HTTP 200 {"code":0,"message":"success","data":...}
// or HTTP 299 {"code":"60002","message":...,"cause":...,"data":...} (the code a string).
// Activity: HTTP 200 {"resultCode":"1001","resultMessage":...}. Token endpoint: OAuth2 JSON.
namespace membersync::emulator {

// `dataJson` is JSON text placed as is.
Reply memberCenterSuccess(const std::string& dataJson = "null");

// The spec's text for `code` as message, `cause` as the detail.
Reply memberCenterError(const std::string& code, const std::string& cause,
                        const std::string& dataJson = "null");

// 50003 and 60009: the message keeps its literal {0}/{1} and `data` holds the numbers.
Reply memberCenterTemplatedError(const std::string& code, const std::string& cause,
                                 const std::vector<std::int64_t>& args);

// The message the emulator uses for a member-center code ("" for an unknown code).
std::string memberCenterMessage(const std::string& code);

// B1 answers other than 0000 and 3002 (which carry more and are built by the endpoint).
Reply activityResult(const std::string& resultCode, const std::string& resultMessage);

// Any JSON answer: the token endpoint, 401/404/405 and the inspection endpoints.
Reply jsonReply(int status, const std::string& reason, const std::string& body,
                const std::string& outcome);
// {"error": error} with that status; the outcome counted is `error`.
Reply oauthError(int status, const std::string& error, const std::string& description = "");

}  // namespace membersync::emulator
