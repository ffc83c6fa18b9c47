#include "jobs/notify/report_status.h"

#include <chrono>

#include "jobs/core/text.h"

namespace membersync::notify {

std::string reportStatusLine(const std::vector<state::ReportSend>& last) {
  if (last.empty()) return "";
  std::vector<std::string> parts;
  for (const auto& send : last) {
    const Clock::WallPoint at{std::chrono::milliseconds(send.at)};
    std::string part =
        send.channel + " " + state::toString(send.state) + " " +
        localTimeText(at, "%Y-%m-%d %H:%M %Z") + " (" +
        (send.runId == 0 ? std::string("a run that failed") : "run " + std::to_string(send.runId)) +
        ")";
    if (send.state == state::ReportSendState::Failed)
      part += ": " + send.why + "; the next run sends it again";
    parts.push_back(part);
  }
  return "Reports: " + joinedText(parts, "; ");
}

}  // namespace membersync::notify
