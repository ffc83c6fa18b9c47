#pragma once

#include <string>

#include <mstch/mstch.hpp>

#include "config/config.h"
#include "jobs/i18n/translator.h"
#include "jobs/state/types.h"

namespace membersync::console {

// One run as the pages list it: id, kind, local start time with the zone, outcome, counts, and
// its message in the reader's language.
mstch::map runRow(const state::RunSummary& run, const i18n::Translator& tr);
// The words of templates/run_table.mustache (its headings), for a page that shows one.
mstch::map runTableWords(const i18n::Translator& tr);

// A state's word for an outcome ("done", "failed", "held", "not-done" ...) in the reader's
// language; a word the catalogue does not know shows as it is.
std::string outcomeWord(const i18n::Translator& tr, const std::string& word);

// The values of templates/not_found.mustache for `path`.
mstch::map notFoundData(const i18n::Translator& tr, const std::string& path);

// "membersync --config PATH": how commands shown on a page reach this configuration.
std::string commandPrefix(const config::Config& config);

}  // namespace membersync::console
