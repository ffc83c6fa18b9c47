#pragma once

// The one entry point of run reports: after a run is recorded, report it on every channel of
// [report] (each mail_to address, the group robot) as the rules decide (report_rules.h),
// record each send in the state, and say what happened for the log. A report never changes the
// run's exit code: every failure is a result, recorded, and sent again by the next run.

#include <optional>
#include <string>
#include <vector>

#include "jobs/center/options.h"
#include "jobs/center/transport.h"
#include "jobs/core/clock.h"
#include "jobs/core/scrubber.h"
#include "jobs/deliver/mail_sender.h"
#include "jobs/deliver/smtp_sender.h"
#include "jobs/i18n/message.h"
#include "jobs/i18n/translator.h"
#include "jobs/notify/report_content.h"
#include "jobs/notify/report_settings.h"
#include "jobs/report/attention.h"
#include "jobs/state/store.h"

namespace membersync::notify {

// What a report needs, lent by the caller for the call.
struct ReportTools {
  // The HTTPS client for the robot, made with robotTransportOptions(); may be null when
  // [report] has no webhook_url_file.
  center::Transport* robot = nullptr;
  // The SMTP sender, made with reportSmtpSettings(); may be null when [report] has no mail_to.
  deliver::MailSender* mail = nullptr;
  state::StateStore& store;
  Clock& clock;        // now: the rules' time, the robots' timestamps, the records' time
  Scrubber& scrubber;  // every failure's text passes it (the robot's URL and secret are in it)
};

// How one channel went.
struct ChannelReport {
  enum class Action { Sent, Failed, Skipped };
  std::string channel;  // as recorded: "wecom", "dingtalk", "feishu", "json", "mail:ADDRESS"
  std::string name;     // for people: "the WeCom robot (https://qyapi.weixin.qq.com)"
  Action action = Action::Skipped;
  std::optional<SendReason> reason;  // Sent and Failed: why it went
  std::string detail;                // Failed: why not (scrubbed); Skipped: why not sent
  i18n::Message why;                 // Failed: why not, as recorded (its texts scrubbed)

  // One line for the log (Sent: info, Failed: warning, Skipped: debug), never a secret, in
  // `tr`'s language ([report] language); without one, English.
  std::string text(state::RunId run, const i18n::Translator& tr) const;
  std::string text(state::RunId run) const;
};

struct ReportResult {
  std::vector<ChannelReport> channels;  // the robot first, then each address in mail_to order
  std::vector<std::string> problems;    // what kept reports from being judged at all (scrubbed)
};

// Reports `run` (already recorded, with `attention` computed from the state) on each channel of
// `settings`. A channel without its tool (robot or mail null) fails with that said. Never
// throws for a failed send or a state database that cannot be read or written: those are in
// the result (a report the state could not record is sent again by a later run).
// Every word of the reports, of their mails and of the result's lines is in `tr`'s language
// ([report] language: the caller makes it once); without one, English.
ReportResult reportRun(const ReportSettings& settings, const ReportTools& tools,
                       const RunFacts& run, const report::Attention& attention,
                       const i18n::Translator& tr);
ReportResult reportRun(const ReportSettings& settings, const ReportTools& tools,
                       const RunFacts& run, const report::Attention& attention);

// The options of the robot's HTTPS client: the center's client (peer verification against
// [center] ca_file or the system's CAs), with [report] timeout_s for a call as a whole, [report]
// proxy (else [center] proxy), one connection, and answers capped at 1 MiB.
center::ClientOptions robotTransportOptions(const center::ClientOptions& center,
                                            const ReportSettings& report);

// [delivery]'s SMTP settings with [report] timeout_s for each step: a report's mail never waits
// as long as a password's may.
deliver::SmtpSettings reportSmtpSettings(const deliver::SmtpSettings& smtp,
                                         const ReportSettings& report);

}  // namespace membersync::notify
