#pragma once

// [report]: who hears of a run that needs a person, and how. The defaults live here (the loader
// reads the INI straight into this struct); nothing else holds one.

#include <optional>
#include <string>
#include <vector>

#include "jobs/core/secret.h"

namespace membersync::notify {

// What the group robot's URL expects (webhook_format).
enum class WebhookFormat {
  WeCom,     // 企业微信 group robot: {"msgtype":"markdown","markdown":{"content":...}}
  DingTalk,  // 钉钉 custom robot: {"msgtype":"markdown","markdown":{"title","text"}}, signed in the
             // URL
  Feishu,  // 飞书 custom bot: {"timestamp","sign","msg_type":"post","content":{"post":...}}
  Json,    // membersync's own object (docs/report-json.md), for anything else
};
const char* toString(WebhookFormat format);  // "wecom", "dingtalk", "feishu", "json"

// Which runs are reported (on).
enum class ReportOn {
  Attention,  // a run that failed or left something that needs a person
  Failed,     // only a run that failed
  Always,     // every run
};
const char* toString(ReportOn on);  // "attention", "failed", "always"

// The language of the reports' words, of their mails and of the log lines a person reads.
enum class ReportLanguage { En, ZhCN };
const char* toString(ReportLanguage language);  // "en", "zh_CN"

struct ReportSettings {
  std::vector<std::string> mailTo;  // mail_to: addresses; empty: no mail
  // From [delivery]: the sender (`from`), stored here by the loader as it stores the account
  // suffix in both plan and apply settings; the SMTP settings themselves stay in [delivery].
  std::string mailFrom;

  Secret webhookUrl;  // read from webhook_url_file; empty: no robot. Carries the robot's key.
  WebhookFormat webhookFormat = WebhookFormat::Json;  // required with a URL (no guess)
  Secret webhookSecret;        // webhook_secret_file: DingTalk's or Feishu's signing secret
  std::string webhookKeyword;  // a robot secured by a keyword: put in every message

  // An HTTP proxy "host:port" for the robot; nullopt: [center] proxy; "": none.
  std::optional<std::string> proxy;

  ReportOn on = ReportOn::Attention;
  int remindHours = 24;  // the same situation is reported again after this long; 0: never
  int timeoutS = 10;     // one robot call as a whole; each step of a mail
  // language; nullopt (unset): the environment's, as gettext chooses (a systemd service, the
  // nightly timer's `sync` included, has no LANG: English). Resolved where the Translator of
  // reports is made (cli::Runtime).
  std::optional<ReportLanguage> language;
  // A confirmed password not handed out for longer than this needs a person (report::attention
  // takes it); here because [report] holds it.
  int passwordWaitDays = 3;

  bool anyChannel() const { return !mailTo.empty() || !webhookUrl.empty(); }
};

}  // namespace membersync::notify
