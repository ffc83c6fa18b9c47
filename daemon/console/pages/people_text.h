#pragma once

// What the people and passwords pages share: links, times and commands as the pages write them.

#include <string>

#include "config/config.h"
#include "jobs/i18n/translator.h"
#include "jobs/state/store.h"

namespace membersync::console {

// `text` percent-encoded for a URL's path segment or query value (UTF-8 bytes as %XX): an
// account or a name in a link. The page's HTML escaping comes on top, from the template.
std::string urlEncoded(const std::string& text);

// "/people/zhangwei", "/runs/12".
std::string personLink(const std::string& account);
std::string runLink(state::RunId run);

// "membersync --config /etc/membersync/acme.ini explain zhangwei": the live look at a person,
// as text a person copies to a shell (the configuration named unless there is none).
std::string explainCommand(const config::Config& config, const std::string& account);

// "run 12, 2026-11-21 09:52:06 +0800": a run as the pages date what they show ("run 12" alone
// when it was purged).
std::string runAndTime(state::StateStore& store, state::RunId run, const i18n::Translator& tr);

}  // namespace membersync::console
