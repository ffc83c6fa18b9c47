#include "jobs/report/run_text.h"

namespace membersync::report {

std::vector<RunCount> runCountFields(const state::RunCounts& c) {
  // Keys are what monitoring reads from /healthz: keep them stable ("edited" and "unknown"
  // predate the words "changed" and "in doubt").
  return {{"added", "added", c.added},
          {"edited", "changed", c.edited},
          {"adopted", "adopted", c.adopted},
          {"withdrawn", "withdrawn", c.withdrawn},
          {"deleted", "deleted", c.deleted},
          {"assigned", "asset changes", c.assigned},
          {"lent", "lent", c.lent},
          {"enrolled", "enrolled", c.enrolled},
          {"held", "held", c.held},
          {"failed", "failed", c.failed},
          {"unknown", "in doubt", c.unknown}};
}

std::string runCountsText(const state::RunCounts& counts) {
  std::string out;
  for (const RunCount& c : runCountFields(counts)) {
    if (c.n == 0) continue;
    out += (out.empty() ? "" : ", ") + std::to_string(c.n) + " " + c.words;
  }
  return out.empty() ? "no changes" : out;
}

}  // namespace membersync::report
