#include "jobs/report/run_text.h"

namespace membersync::report {

std::vector<RunCount> runCountFields(const state::RunCounts& c) {
  using i18n::msgn;
  auto n = [](int count) { return static_cast<unsigned long>(count < 0 ? 0 : count); };
  // Keys are what monitoring reads from /healthz: keep them stable ("edited" and "unknown"
  // predate the words "changed" and "in doubt").
  return {
      {"added", "added", c.added, msgn("{count} added", "{count} added", n(c.added))},
      {"edited", "changed", c.edited, msgn("{count} changed", "{count} changed", n(c.edited))},
      {"adopted", "adopted", c.adopted, msgn("{count} adopted", "{count} adopted", n(c.adopted))},
      {"withdrawn", "withdrawn", c.withdrawn,
       msgn("{count} withdrawn", "{count} withdrawn", n(c.withdrawn))},
      {"deleted", "deleted", c.deleted, msgn("{count} deleted", "{count} deleted", n(c.deleted))},
      {"assigned", "asset changes", c.assigned,
       msgn("{count} asset changes", "{count} asset changes", n(c.assigned))},
      {"lent", "lent", c.lent, msgn("{count} lent", "{count} lent", n(c.lent))},
      {"enrolled", "enrolled", c.enrolled,
       msgn("{count} enrolled", "{count} enrolled", n(c.enrolled))},
      {"held", "held", c.held, msgn("{count} held", "{count} held", n(c.held))},
      {"failed", "failed", c.failed, msgn("{count} failed", "{count} failed", n(c.failed))},
      {"unknown", "in doubt", c.unknown,
       msgn("{count} in doubt", "{count} in doubt", n(c.unknown))}};
}

std::string rendered(const i18n::Translator& tr, const i18n::Message& message) {
  return message.empty() ? std::string() : i18n::render(tr, message);
}

std::string joinedList(const i18n::Translator& tr, const std::vector<std::string>& items) {
  std::string out;
  for (const std::string& item : items)
    out =
        out.empty() ? item : i18n::format(tr.tr("{list}, {item}"), {{"list", out}, {"item", item}});
  return out;
}

std::string runCountsText(const i18n::Translator& tr, const state::RunCounts& counts) {
  std::vector<std::string> parts;
  for (const RunCount& c : runCountFields(counts))
    if (c.n != 0) parts.push_back(i18n::render(tr, c.text));
  return parts.empty() ? tr.tr("no changes") : joinedList(tr, parts);
}

std::string runCountsText(const state::RunCounts& counts) {
  return runCountsText(i18n::Translator(), counts);
}

}  // namespace membersync::report
