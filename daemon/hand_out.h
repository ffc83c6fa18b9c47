#pragma once

// After a run that set passwords: mail the confirmed ones ([delivery] method = smtp). Shared by
// the one-shot verbs and the daemon.

#include <optional>
#include <string>
#include <vector>

#include "daemon/runtime.h"
#include "jobs/directory/person.h"

namespace membersync::cli {

// nullopt without mail delivery. Throws state::StateError (the journal cannot be written) and
// std::runtime_error (the outbox cannot be read).
std::optional<deliver::DeliveryReport> mailPasswords(Runtime& rt, const config::Config& config,
                                                     const directory::Export& hr);

// One line for people ("passwords mailed: 3; not delivered, tried again later: 1 ..."), then the
// report's notes; empty when there was nothing to mail.
std::vector<std::string> describeDelivery(const deliver::DeliveryReport& report);

}  // namespace membersync::cli
