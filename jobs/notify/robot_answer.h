#pragma once

// Whether a robot took the report: an HTTP 2xx answer whose errcode (WeCom, DingTalk) or code
// (Feishu) is 0. A refusal in the answer (a bad signature, a missing keyword, a rate limit, a
// message too long) is a failure like a connection that never opened. Pure.

#include <optional>
#include <string>

#include "jobs/center/transport.h"
#include "jobs/notify/report_settings.h"

namespace membersync::notify {

// nullopt when `result` says the robot took the message; else why not, for people (the caller
// scrubs it: the detail of a failed connection may hold part of the URL). json: any 2xx answer
// is taken unless its body is a JSON object with a non-zero errcode or code.
std::optional<std::string> robotRefusal(WebhookFormat format,
                                        const center::TransportResult& result);

}  // namespace membersync::notify
