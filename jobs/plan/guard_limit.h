#pragma once

#include <cstddef>
#include <string>

#include "jobs/i18n/message.h"

namespace membersync::plan::detail {

// The names of a guard's three [sync] keys, for its reason.
struct GuardKeys {
  const char* floor;    // always allowed
  const char* count;    // at most this many
  const char* percent;  // at most this share of the managed members
};

// max(floor, min(count, floor(percent% of managed))), and how to say it.
struct GuardLimit {
  std::size_t allowed = 0;
  i18n::Message formula;     // "max(delete_floor 10, min(max_deletes 200, max_delete_percent 5% of
                             // 100 managed members = 5))"
  const char* binding = "";  // the key that decided `allowed`: the one to raise
};

GuardLimit guardLimit(const GuardKeys& keys, int floor, int count, double percent,
                      std::size_t managed);

// `reason` ("{planned} edits exceed the limit of {allowed} ({formula}); raise [sync] {key}, or
// review them and release them with `membersync allow {run}`") with its values filled; {run}
// is kRunPlaceholder until the run is known (namingRun).
i18n::Message guardReason(i18n::Message reason, std::size_t planned, const GuardLimit& limit);

}  // namespace membersync::plan::detail
