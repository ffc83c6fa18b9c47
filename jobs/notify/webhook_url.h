#pragma once

// The group robot's URL is a secret: its query (WeCom's key, DingTalk's access_token) or its
// last path segment (Feishu's hook token) lets anyone post to the group. These helpers are the
// only places the URL is taken apart; nothing else prints it.

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "jobs/core/secret.h"

namespace membersync::notify {

// Why `url` cannot be a robot's URL, in words that never repeat the URL (it is a secret); nullopt
// when it can: https://, or plain http:// only to this machine (a test's robot), with a host.
std::optional<std::string> webhookUrlProblem(const std::string& url);

// "https://qyapi.weixin.qq.com": scheme and host (and a port other than the scheme's), what a
// person may read about the robot. Never the path or the query.
std::string webhookOrigin(const std::string& url);

// Every piece of the URL that carries its credential, for the scrubber: the URL whole, its path
// and query, each query value, and each path segment long enough to be a token (16 bytes or
// more: Feishu's hook id; "send" or "robot" are not secrets and would strike ordinary words).
std::vector<Secret> webhookUrlSecrets(const std::string& url);

// `url` with name=value pairs appended to its query ('?' or '&' as the URL needs); the values
// must be encoded already.
std::string withQuery(std::string url,
                      const std::vector<std::pair<std::string, std::string>>& pairs);

// True for the URL of a host on this machine (localhost, 127.x.x.x, [::1]).
bool isLoopbackUrl(const std::string& url);

}  // namespace membersync::notify
