#pragma once

// What needs a person, for people: grouped by kind, each item by account and name, a reason
// shared by a group said once, and the command that resolves it. `status` opens with it; `sync`
// and `apply` end with it.

#include <cstddef>
#include <iosfwd>
#include <string>

#include "jobs/report/attention.h"

namespace membersync::report {

// Nothing when `attention` is empty. `firstOfEach` > 0 lists at most that many items of each kind
// and says how many more, and where all are listed: `seeAll`, a command ("membersync status").
// In the reader's language (`tr`).
void writeAttentionText(std::ostream& out, const i18n::Translator& tr, const Attention& attention,
                        std::size_t firstOfEach, const std::string& seeAll);

// In English.
void writeAttentionText(std::ostream& out, const Attention& attention, std::size_t firstOfEach,
                        const std::string& seeAll);

// The heading of each kind, in English (the msgid; tr.tr() translates it): "held by a safety
// guard", "rows skipped as invalid", ...
const char* headingOf(AttentionKind kind);

}  // namespace membersync::report
