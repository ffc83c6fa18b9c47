#include "jobs/report/run_text.h"

namespace membersync::report {

std::string runCountsText(const state::RunCounts& c) {
  std::string out;
  auto add = [&](int n, const char* what) {
    if (n == 0) return;
    out += (out.empty() ? "" : ", ") + std::to_string(n) + " " + what;
  };
  add(c.added, "added");
  add(c.edited, "changed");
  add(c.adopted, "adopted");
  add(c.withdrawn, "withdrawn");
  add(c.deleted, "deleted");
  add(c.assigned, "asset changes");
  add(c.lent, "lent");
  add(c.enrolled, "enrolled");
  add(c.held, "held");
  add(c.failed, "failed");
  add(c.unknown, "in doubt");
  return out.empty() ? "no changes" : out;
}

}  // namespace membersync::report
