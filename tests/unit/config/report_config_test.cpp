// [report]: every key with its default, the robot's URL and secret read as secret files (and
// never repeated in a message), mail_to needing the [delivery] mail server whatever its method,
// and the mistakes refused with the key named.

#include <catch2/catch.hpp>

#include "config/loader.h"
#include "jobs/core/scrubber.h"
#include "tests/support/temp_dir.h"
#include "tests/unit/config/config_files.h"

using membersync::config::ConfigError;
using membersync::config::loadConfig;
using membersync::config::LoadEnvironment;
using membersync::notify::ReportOn;
using membersync::notify::WebhookFormat;
using membersync::testing::TempDir;

using membersync::config::testing::errorOf;
using membersync::config::testing::kCenterSection;

namespace {

const std::string kBase = std::string(kCenterSection) +
    "proxy = center-proxy.acme.example:3128\n"
    "[directory]\n"
    "path = hr.csv\n";

const char* kWeComUrl = "https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=693a91f6-7aoc-4bc4";

struct Fixture {
  TempDir dir;
  Fixture() {
    dir.write("client-secret", "s3cr3t-value\n");
    dir.write("admin-password", "p4ss-value\n");
    dir.write("robot-url", std::string(kWeComUrl) + "\n");
    dir.write("robot-secret", "SEC0123456789abcdef\n");
  }
  std::string config(const std::string& sections) const {
    return dir.write("membersync.ini", std::string(kBase) + sections).string();
  }
};

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

}  // namespace

TEST_CASE("report config: without [report] nothing is reported, and the defaults hold",
          "[config]") {
  Fixture f;
  const auto c = loadConfig(f.config(""), {});
  CHECK_FALSE(c.report.anyChannel());
  CHECK(c.report.on == ReportOn::Attention);
  CHECK(c.report.remindHours == 24);
  CHECK(c.report.timeoutS == 10);
  CHECK(c.report.passwordWaitDays == 3);
  CHECK_FALSE(c.report.proxy);  // [center] proxy
}

TEST_CASE("report config: a robot's URL and signing secret come from secret files", "[config]") {
  Fixture f;
  f.dir.write("robot-url", "https://oapi.dingtalk.com/robot/send?access_token=abc123token0001\n");
  const auto c = loadConfig(f.config("[report]\n"
                                     "webhook_url_file = robot-url\n"
                                     "webhook_format = dingtalk\n"
                                     "webhook_secret_file = robot-secret\n"
                                     "webhook_keyword = membersync\n"
                                     "on = always\n"
                                     "remind_hours = 0\n"
                                     "timeout_s = 5\n"
                                     "proxy =\n"
                                     "language = en\n"
                                     "password_wait_days = 7\n"),
                            {});
  CHECK(c.report.webhookUrl.reveal() ==
        "https://oapi.dingtalk.com/robot/send?access_token=abc123token0001");
  CHECK(c.report.webhookFormat == WebhookFormat::DingTalk);
  CHECK(c.report.webhookSecret.reveal() == "SEC0123456789abcdef");
  CHECK(c.report.webhookKeyword == "membersync");
  CHECK(c.report.on == ReportOn::Always);
  CHECK(c.report.remindHours == 0);
  CHECK(c.report.timeoutS == 5);
  REQUIRE(c.report.proxy);
  CHECK(c.report.proxy->empty());  // none, though [center] has one
  CHECK(c.report.passwordWaitDays == 7);
  membersync::Scrubber scrubber;
  membersync::config::registerSecrets(c, scrubber);
  CHECK(scrubber.scrub("token abc123token0001, sign SEC0123456789abcdef") ==
        "token [redacted], sign [redacted]");
}

TEST_CASE("report config: a relative secret path resolves in $CREDENTIALS_DIRECTORY", "[config]") {
  Fixture f;
  TempDir credentials;
  credentials.write("client-secret", "s3cr3t-value\n");
  credentials.write("admin-password", "p4ss-value\n");
  credentials.write("report-webhook-url", std::string(kWeComUrl) + "\n");
  const auto c = loadConfig(
      f.config("[report]\nwebhook_url_file = report-webhook-url\nwebhook_format = wecom\n"),
      LoadEnvironment{credentials.path().string(), {}});
  CHECK(c.report.webhookUrl.reveal() == kWeComUrl);
}

TEST_CASE("report config: mail_to needs the [delivery] mail server and sender whatever its method",
          "[config]") {
  Fixture f;
  const std::string report = "[report]\nmail_to = it@acme.example, ops@acme.example\n";
  const std::string error = errorOf(f.config("[delivery]\nmethod = none\n" + report));
  CHECK(has(error, "[delivery] smtp_host: is required by [report] mail_to"));
  CHECK(has(errorOf(f.config("[delivery]\nsmtp_host = mail.acme.example\n" + report)),
            "[delivery] from: is required by [report] mail_to"));
  const auto c = loadConfig(
      f.config("[delivery]\nsmtp_host = mail.acme.example\nfrom = membersync@acme.example\n" +
               report),
      {});
  CHECK_FALSE(c.delivery.mail);  // passwords are still handed out by hand
  CHECK(c.delivery.smtp.host == "mail.acme.example");
  CHECK(c.report.mailTo == std::vector<std::string>{"it@acme.example", "ops@acme.example"});
  CHECK(c.report.mailFrom == "membersync@acme.example");
  // Without mail_to, method = none still refuses the server's keys as unused.
  CHECK(has(errorOf(f.config("[delivery]\nsmtp_host = mail.acme.example\n")), "unknown key"));
}

TEST_CASE("report config: mistakes name the key, and never repeat the robot's URL", "[config]") {
  Fixture f;
  const std::string url = "[report]\nwebhook_url_file = robot-url\n";
  CHECK(has(errorOf(f.config(url)), "[report] webhook_format: is required with webhook_url_file"));
  CHECK(has(errorOf(f.config(url + "webhook_format = slack\n")), "[report] webhook_format"));
  CHECK(has(errorOf(f.config(url + "webhook_format = wecom\nwebhook_secret_file = robot-secret\n")),
            "a WeCom group robot has no signing secret"));
  CHECK(has(errorOf(f.config(url + "webhook_format = json\nwebhook_keyword = x\n")),
            "[report] webhook_keyword"));
  CHECK(has(errorOf(f.config("[report]\nwebhook_format = wecom\n")), "needs webhook_url_file"));
  CHECK(has(errorOf(f.config("[report]\nwebhook_secret_file = robot-secret\n")),
            "needs webhook_url_file"));
  CHECK(has(errorOf(f.config("[report]\nmail_to = not-an-address\n")), "[report] mail_to"));
  CHECK(has(errorOf(f.config("[report]\non = sometimes\n")), "[report] on"));
  CHECK(has(errorOf(f.config("[report]\nremind_hours = -1\n")), "[report] remind_hours"));
  CHECK(has(errorOf(f.config("[report]\ntimeout_s = 0\n")), "[report] timeout_s"));
  CHECK(has(errorOf(f.config("[report]\nlanguage = fr\n")), "[report] language"));
  CHECK(has(errorOf(f.config("[report]\nproxy = nohostport\n")), "[report] proxy"));
  CHECK(has(errorOf(f.config("[report]\ncolour = red\n")), "[report] colour: unknown key"));
  f.dir.write("robot-url", "http://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=plain-http-key\n");
  const std::string plain = errorOf(f.config(url + "webhook_format = wecom\n"));
  CHECK(has(plain, "[report] webhook_url_file: the URL in the file cannot be used"));
  CHECK(has(plain, "plain http://"));
  CHECK_FALSE(has(plain, "plain-http-key"));
  f.dir.write("robot-url", "http://127.0.0.1:8080/cgi-bin/webhook/send?key=k\n");
  CHECK(errorOf(f.config(url + "webhook_format = wecom\n")).empty());  // a robot on this machine
}

TEST_CASE("report config: language is zh_CN or en, unset is the environment's, and nothing else",
          "[config][i18n]") {
  using membersync::notify::ReportLanguage;
  Fixture f;
  CHECK_FALSE(loadConfig(f.config(""), {}).report.language);  // the environment's, at the edge
  CHECK(loadConfig(f.config("[report]\nlanguage = zh_CN\n"), {}).report.language ==
        ReportLanguage::ZhCN);
  CHECK(loadConfig(f.config("[report]\nlanguage = en\n"), {}).report.language ==
        ReportLanguage::En);
  const std::string bad = errorOf(f.config("[report]\nlanguage = zh_TW\n"));
  CHECK(has(bad, "[report] language: 'zh_TW' is not zh_CN or en"));
}
