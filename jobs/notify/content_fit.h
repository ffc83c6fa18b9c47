#pragma once

// How much of a report a format can show within its size limit. Items are cut from the end of
// the longest lists first, whole: every group keeps its heading and says "and N more", and a
// cut never falls inside an item (or a character).

#include <cstddef>
#include <functional>
#include <vector>

#include "jobs/notify/report_content.h"

namespace membersync::notify {

// What one rendering shows of a ReportContent.
struct Shown {
  std::vector<std::size_t> items;  // per group: its first items shown; the rest "and N more"
  bool reasons = true;             // the groups' shared reasons
  bool commands = true;            // the groups' shared commands
  bool message = true;             // the run's message (summary lines after the first)
};

// At most `perGroup` items of every group, everything else shown.
Shown showFirst(const ReportContent& content, std::size_t perGroup);

// The most of `content` whose size (as `sizeOf` measures a rendering, in bytes) is at most
// `limit`: starting from showFirst(perGroup), one item at a time leaves the group showing the
// most; with no item left, the reasons go, then the commands, then the message. Returns the
// last tried when even that is too large (the caller checks, and cuts lines). Pure.
Shown fitted(const ReportContent& content, std::size_t perGroup, std::size_t limit,
             const std::function<std::size_t(const Shown&)>& sizeOf);

// "and 12 more": the line a group ends with when it shows fewer items than it has; "" when it
// shows them all. In `tr`'s language.
std::string moreLine(const ReportGroup& group, std::size_t shown, const i18n::Translator& tr);

}  // namespace membersync::notify
