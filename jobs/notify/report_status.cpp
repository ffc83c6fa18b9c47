#include "jobs/notify/report_status.h"

#include <chrono>

#include "jobs/core/text.h"
#include "jobs/i18n/message.h"

namespace membersync::notify {
namespace {

// One channel's newest send. The channel is the recorded name ("wecom", "mail:ADDRESS"); why it
// failed was stored as a message and is shown in the reader's language.
std::string sendText(const state::ReportSend& send, const i18n::Translator& tr) {
  const Clock::WallPoint at{std::chrono::milliseconds(send.at)};
  const bool failed = send.state == state::ReportSendState::Failed;
  const bool recorded = send.runId != 0;
  const i18n::Arguments args{{"channel", send.channel},
                             {"time", localTimeText(at, "%Y-%m-%d %H:%M %Z")},
                             {"run", std::to_string(send.runId)},
                             {"why", i18n::render(tr, i18n::decodeMessage(send.why))}};
  if (!failed)
    return i18n::format(recorded ? tr.tr("{channel} sent {time} (run {run})")
                                 : tr.tr("{channel} sent {time} (a run that failed)"),
                        args);
  return i18n::format(recorded ? tr.tr("{channel} failed {time} (run {run}): {why}; the next run "
                                       "sends it again")
                               : tr.tr("{channel} failed {time} (a run that failed): {why}; the "
                                       "next run sends it again"),
                      args);
}

}  // namespace

std::string reportStatusLine(const std::vector<state::ReportSend>& last) {
  return reportStatusLine(last, i18n::Translator());
}

std::string reportStatusLine(const std::vector<state::ReportSend>& last,
                             const i18n::Translator& tr) {
  if (last.empty()) return "";
  std::vector<std::string> parts;
  for (const auto& send : last) parts.push_back(sendText(send, tr));
  // TRANSLATORS: what separates the channels of the status line ("wecom sent ...; mail:...").
  return i18n::format(tr.tr("Reports: {channels}"), {{"channels", joinedText(parts, tr.tr("; "))}});
}

}  // namespace membersync::notify
