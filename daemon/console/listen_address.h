#pragma once

#include <optional>
#include <string>

#include "config/config.h"
#include "jobs/i18n/message.h"

namespace membersync::console {

// The console's [console] listen, checked before anything is bound: a port of 1024 or more (no
// capabilities needed), and without TLS a loopback address only (a reverse proxy in front with
// TLS). Returns the problem for people, naming the key and what to do; nullopt when it is fine.
std::optional<i18n::Message> listenProblem(const config::ConsoleConfig& console);

// The origins a browser sends for pages served at `bound` ("127.0.0.1:8480"): with `localhost`
// too for a loopback address, and public_url's origin. POSTs from any other are refused.
std::vector<std::string> allowedOrigins(const config::ConsoleConfig& console,
                                        const std::string& bound);

}  // namespace membersync::console
