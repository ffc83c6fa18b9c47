#include "jobs/notify/report_run.h"

#include <algorithm>
#include <chrono>
#include <map>

#include "jobs/i18n/message.h"
#include "jobs/notify/content_fit.h"
#include "jobs/notify/render_text.h"
#include "jobs/notify/report_rules.h"
#include "jobs/notify/robot_answer.h"
#include "jobs/notify/robot_request.h"
#include "jobs/notify/webhook_url.h"

namespace membersync::notify {
namespace {

using Action = ChannelReport::Action;

constexpr std::size_t kMailItemsPerKind = 50;  // a mail has room; `status` lists them all
constexpr int kRobotAnswerMb = 1;              // the robots answer a few dozen bytes

// "the WeCom robot (https://qyapi.weixin.qq.com)"
std::string robotName(WebhookFormat format, const std::string& origin, const i18n::Translator& tr) {
  std::string text;
  switch (format) {
    case WebhookFormat::WeCom:
      text = tr.tr("the WeCom robot ({origin})");
      break;
    case WebhookFormat::DingTalk:
      text = tr.tr("the DingTalk robot ({origin})");
      break;
    case WebhookFormat::Feishu:
      text = tr.tr("the Feishu robot ({origin})");
      break;
    case WebhookFormat::Json:
      text = tr.tr("the webhook ({origin})");
      break;
  }
  return i18n::format(text, {{"origin", origin}});
}

ReportLanguage languageOf(const i18n::Translator& tr) {
  return tr.language() == i18n::Language::ZhCN ? ReportLanguage::ZhCN : ReportLanguage::En;
}

state::Millis millisOf(Clock::WallPoint at) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(at.time_since_epoch()).count();
}

// Everything one run's reports share: the situation, the last record of each channel, and the
// content of each reason, made once.
class RunReporter {
 public:
  RunReporter(const ReportSettings& s, const ReportTools& t, const RunFacts& run,
              const report::Attention& attention, const i18n::Translator& tr)
      : s_(s), t_(t), run_(run), attention_(attention), tr_(tr) {
    situation_ = situationOf(run, !attention.empty(), attention.fingerprint());
    for (auto& send : t.store.lastReportSends()) last_[send.channel] = send;
  }

  ChannelReport robot() {
    ChannelReport c =
        start(toString(s_.webhookFormat),
              robotName(s_.webhookFormat, webhookOrigin(s_.webhookUrl.reveal()), tr_));
    if (!c.reason) return c;
    if (!t_.robot) return fail(c, i18n::msg("no HTTPS client was given for it"));
    if (const auto problem = webhookUrlProblem(s_.webhookUrl.reveal()))
      return fail(c, i18n::msg("not sent: [report] webhook_url_file: {problem}")
                         .with("problem", scrubbed(*problem)));
    const auto refusal = robotRefusal(s_.webhookFormat, t_.robot->send(request(*c.reason)));
    return refusal ? fail(c, i18n::msg("{refusal}; check [report] webhook_url_file, "
                                       "webhook_secret_file and webhook_keyword against the "
                                       "robot's settings")
                                 .with("refusal", scrubbed(*refusal)))
                   : succeed(c);
  }

  // Each address of mail_to; after a failure of the server itself the rest are not tried.
  std::vector<ChannelReport> mails() {
    std::vector<ChannelReport> out;
    std::optional<i18n::Message> serverDown;
    for (const auto& address : s_.mailTo) {
      ChannelReport c = start("mail:" + address,
                              i18n::format(tr_.tr("mail to {address}"), {{"address", address}}));
      if (!c.reason) {
        out.push_back(c);
        continue;
      }
      if (!t_.mail) {
        out.push_back(fail(c, i18n::msg("no mail sender was given for it")));
      } else if (serverDown) {
        out.push_back(fail(c, i18n::msg("not tried: {why}").with("why", *serverDown)));
      } else {
        const deliver::MailResult r = t_.mail->send(mail(address, *c.reason), [] {});
        if (r.outcome == deliver::MailResult::Outcome::Delivered) {
          out.push_back(succeed(c));
          continue;
        }
        const i18n::Message why = mailFailure(r);
        out.push_back(fail(c, why));
        if (r.systemic) serverDown = why;
      }
    }
    return out;
  }

 private:
  // The channel's decision: a reason to send, or Skipped with why not.
  ChannelReport start(std::string channel, std::string name) {
    ChannelReport c;
    c.channel = std::move(channel);
    c.name = std::move(name);
    const auto found = last_.find(c.channel);
    const std::optional<state::ReportSend> last =
        found == last_.end() ? std::nullopt : std::optional<state::ReportSend>(found->second);
    c.reason = decide(s_.on, s_.remindHours, situation_, last, t_.clock.wallNow());
    if (!c.reason) c.detail = skipText(s_.on, s_.remindHours, situation_, last, tr_);
    return c;
  }

  ChannelReport succeed(ChannelReport c) {
    c.action = Action::Sent;
    record(c);
    return c;
  }

  // `why`'s own texts (a robot's or a mail server's words) are scrubbed already (scrubbed());
  // the whole is scrubbed again, as shown and as stored, to be sure.
  ChannelReport fail(ChannelReport c, const i18n::Message& why) {
    c.action = Action::Failed;
    c.detail = t_.scrubber.scrub(i18n::render(tr_, why));
    c.why = why;
    record(c);
    return c;
  }

  std::string scrubbed(const std::string& text) const { return t_.scrubber.scrub(text); }

  void record(const ChannelReport& c) {
    state::ReportSend send;
    send.runId = run_.run;
    send.channel = c.channel;
    send.at = millisOf(t_.clock.wallNow());
    send.state =
        c.action == Action::Sent ? state::ReportSendState::Sent : state::ReportSendState::Failed;
    send.reason = toString(*c.reason);
    send.situation = situation_.key;
    // Stored as a message, shown by `status` in its reader's language.
    send.why = c.action == Action::Failed ? t_.scrubber.scrub(i18n::encodeMessage(c.why)) : "";
    t_.store.recordReportSend(send);
  }

  const ReportContent& content(SendReason reason) {
    auto found = contents_.find(reason);
    if (found == contents_.end())
      found =
          contents_.emplace(reason, reportContent(run_, attention_, reason, s_.webhookKeyword, tr_))
              .first;
    return found->second;
  }

  center::HttpRequest request(SendReason reason) {
    const ReportContent& c = content(reason);
    const std::string& url = s_.webhookUrl.reveal();
    const Clock::WallPoint now = t_.clock.wallNow();
    switch (s_.webhookFormat) {
      case WebhookFormat::WeCom:
        return weComRequest(url, c);
      case WebhookFormat::DingTalk:
        return dingTalkRequest(url, c, s_.webhookSecret, now);
      case WebhookFormat::Feishu:
        return feishuRequest(url, c, s_.webhookSecret, now, languageOf(tr_));
      case WebhookFormat::Json:
        break;
    }
    return jsonRequest(url, c, JsonFacts{run_, reason, now}, s_.webhookSecret);
  }

  deliver::Mail mail(const std::string& to, SendReason reason) {
    const ReportContent& c = content(reason);
    deliver::Mail m;
    m.from = s_.mailFrom;
    m.to = to;
    m.subject = c.title;
    m.body = plainText(c, showFirst(c, kMailItemsPerKind));
    return m;
  }

  // Why a mail was not delivered; the server's reply is its own words, shown as they are.
  i18n::Message mailFailure(const deliver::MailResult& r) const {
    const bool replied = !r.reply.empty();
    i18n::Message m;
    switch (r.outcome) {
      case deliver::MailResult::Outcome::Refused:
        m = replied ? i18n::msg(
                          "the mail server refused it: {reply}; check [report] mail_to and "
                          "[delivery] from")
                    : i18n::msg(
                          "the mail server refused it; check [report] mail_to and "
                          "[delivery] from");
        break;
      case deliver::MailResult::Outcome::InDoubt:
        m = replied ? i18n::msg(
                          "no answer after the message was sent (it may have arrived): "
                          "{reply}")
                    : i18n::msg("no answer after the message was sent (it may have arrived)");
        break;
      case deliver::MailResult::Outcome::TryLater:
      case deliver::MailResult::Outcome::Delivered:
        m = replied ? i18n::msg(
                          "not delivered: {reply}; check [delivery] smtp_host, smtp_port "
                          "and smtp_tls")
                    : i18n::msg(
                          "not delivered; check [delivery] smtp_host, smtp_port and "
                          "smtp_tls");
        break;
    }
    if (replied) m.with("reply", scrubbed(r.reply));
    return m;
  }

  const ReportSettings& s_;
  const ReportTools& t_;
  const RunFacts& run_;
  const report::Attention& attention_;
  const i18n::Translator& tr_;
  Situation situation_;
  std::map<std::string, state::ReportSend> last_;
  std::map<SendReason, ReportContent> contents_;
};

}  // namespace

std::string ChannelReport::text(state::RunId run) const {
  return text(run, i18n::Translator());
}

namespace {

// Why a report went, in the reader's words ("new", "reminder", ... in English: the recorded word).
std::string reasonText(SendReason reason, const i18n::Translator& tr) {
  switch (reason) {
    case SendReason::New:
      return tr.tr(i18n::translateLater("new"));
    case SendReason::Changed:
      return tr.tr(i18n::translateLater("changed"));
    case SendReason::Reminder:
      return tr.tr(i18n::translateLater("reminder"));
    case SendReason::Retry:
      return tr.tr(i18n::translateLater("retry"));
    case SendReason::Resolved:
      return tr.tr(i18n::translateLater("resolved"));
    case SendReason::Always:
      return tr.tr(i18n::translateLater("always"));
  }
  return toString(reason);
}

}  // namespace

std::string ChannelReport::text(state::RunId run, const i18n::Translator& tr) const {
  const bool recorded = run != 0;
  std::string format;
  switch (action) {
    case Action::Sent:
      format = recorded ? tr.tr("report of run {run} sent to {channel} ({reason})")
                        : tr.tr("report of a run that failed sent to {channel} ({reason})");
      break;
    case Action::Failed:
      format = recorded ? tr.tr(
                              "report of run {run} not sent to {channel}: {why}; the next run "
                              "sends it again")
                        : tr.tr(
                              "report of a run that failed not sent to {channel}: {why}; the "
                              "next run sends it again");
      break;
    case Action::Skipped:
      format = recorded ? tr.tr("report of run {run} to {channel}: {why}")
                        : tr.tr("report of a run that failed to {channel}: {why}");
      break;
  }
  return i18n::format(format, {{"run", std::to_string(run)},
                               {"channel", name},
                               {"reason", reason ? reasonText(*reason, tr) : ""},
                               {"why", detail}});
}

ReportResult reportRun(const ReportSettings& settings, const ReportTools& tools,
                       const RunFacts& run, const report::Attention& attention) {
  return reportRun(settings, tools, run, attention, i18n::Translator());
}

ReportResult reportRun(const ReportSettings& settings, const ReportTools& tools,
                       const RunFacts& run, const report::Attention& attention,
                       const i18n::Translator& tr) {
  ReportResult result;
  if (!settings.anyChannel()) return result;
  try {
    RunReporter reporter(settings, tools, run, attention, tr);
    if (!settings.webhookUrl.empty()) result.channels.push_back(reporter.robot());
    for (auto& mail : reporter.mails()) result.channels.push_back(std::move(mail));
  } catch (const std::exception& e) {
    // The state database, most likely: the run itself is recorded already, and its exit code
    // stands. Whatever was not recorded as sent is sent again by a later run.
    result.problems.push_back(
        tools.scrubber.scrub(i18n::format(tr.tr("reports: {error}"), {{"error", e.what()}})));
  }
  return result;
}

center::ClientOptions robotTransportOptions(const center::ClientOptions& center,
                                            const ReportSettings& report) {
  center::ClientOptions o;
  o.caFile = center.caFile;
  o.proxy = report.proxy ? *report.proxy : center.proxy;
  o.timeout = std::chrono::seconds(report.timeoutS);
  o.maxAnswerMb = kRobotAnswerMb;
  o.maxConcurrency = 1;
  return o;
}

deliver::SmtpSettings reportSmtpSettings(const deliver::SmtpSettings& smtp,
                                         const ReportSettings& report) {
  deliver::SmtpSettings s = smtp;
  s.timeoutS = std::min(smtp.timeoutS, report.timeoutS);
  return s;
}

}  // namespace membersync::notify
