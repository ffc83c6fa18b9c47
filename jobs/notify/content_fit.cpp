#include "jobs/notify/content_fit.h"

#include <algorithm>

namespace membersync::notify {

Shown showFirst(const ReportContent& content, std::size_t perGroup) {
  Shown shown;
  for (const auto& g : content.groups) shown.items.push_back(std::min(g.items.size(), perGroup));
  return shown;
}

Shown fitted(const ReportContent& content, std::size_t perGroup, std::size_t limit,
             const std::function<std::size_t(const Shown&)>& sizeOf) {
  Shown shown = showFirst(content, perGroup);
  while (sizeOf(shown) > limit) {
    // The group showing the most gives up its last item shown; ties: the later (less serious).
    auto most = shown.items.end();
    for (auto it = shown.items.begin(); it != shown.items.end(); ++it)
      if (*it > 0 && (most == shown.items.end() || *it >= *most)) most = it;
    if (most != shown.items.end()) {
      --*most;
    } else if (shown.reasons) {
      shown.reasons = false;
    } else if (shown.commands) {
      shown.commands = false;
    } else if (shown.message) {
      shown.message = false;
    } else {
      break;
    }
  }
  return shown;
}

std::string moreLine(const ReportGroup& group, std::size_t shown, const i18n::Translator& tr) {
  if (shown >= group.items.size()) return "";
  const std::size_t more = group.items.size() - shown;
  return i18n::format(tr.trn("and {count} more", "and {count} more", more),
                      {{"count", std::to_string(more)}});
}

}  // namespace membersync::notify
