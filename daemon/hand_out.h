#pragma once

// After a run that applied: tidy what waits to be handed out (deliver::tidyHandOut), then, with
// [delivery] method = smtp, mail the confirmed passwords. Shared by the one-shot verbs and the
// daemon.

#include <atomic>
#include <string>
#include <vector>

#include "daemon/runtime.h"
#include "jobs/directory/person.h"
#include "jobs/i18n/translator.h"

namespace membersync::cli {

// Lines for people, in the reader's language (`tr`; the daemon's log: English): the counts first
// ("passwords mailed: 3; ..."), then notes; empty when there
// was nothing to say. `cancel` set: no new mail is started. Throws state::StateError (the journal
// cannot be written) and std::runtime_error (the outbox cannot be read).
std::vector<std::string> handOutPasswords(Runtime& rt, const config::Config& config,
                                          const directory::Export& hr,
                                          const std::atomic<bool>* cancel = nullptr,
                                          const i18n::Translator& tr = i18n::Translator());

// The counts of one delivery in one line, in the reader's language (`tr`), then its notes (as
// the mail service wrote them); empty when nothing was to be mailed.
std::vector<std::string> describeDelivery(const i18n::Translator& tr,
                                          const deliver::DeliveryReport& report);

}  // namespace membersync::cli
