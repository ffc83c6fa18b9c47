// [directory] format = dingtalk, wecom and feishu: what the loader accepts, what it refuses
// and why.

#include <catch2/catch.hpp>

#include "config/config.h"
#include "config/loader.h"
#include "jobs/core/scrubber.h"
#include "tests/support/temp_dir.h"
#include "tests/unit/config/config_files.h"

using membersync::config::ConfigError;
using membersync::config::loadConfig;
using membersync::directory::ExportFormat;
using membersync::testing::TempDir;

using membersync::config::testing::errorOf;
using membersync::config::testing::kCenterSection;

namespace {

const std::string kCenter = std::string(kCenterSection) +
    "proxy = proxy.acme.example:3128\n";

struct Fixture {
  TempDir dir;
  Fixture() {
    dir.write("client-secret", "s3cr3t-value\n");
    dir.write("admin-password", "p4ss-value\n");
    dir.write("app-secret", "d1ngtalk-app-secret\n");
  }
  // Another platform's [directory]: its format, the app's keys and `extra`.
  std::string platform(const std::string& keys, const std::string& extra) const {
    return dir.write("membersync.ini", std::string(kCenter) + "[directory]\n" + keys + extra)
        .string();
  }
  std::string config(const std::string& extra = "column.account = {userid|lower}\n") const {
    return dir
        .write("membersync.ini", std::string(kCenter) +
                                     "[directory]\n"
                                     "format = dingtalk\n"
                                     "app_key = dingabc\n"
                                     "app_secret_file = app-secret\n" +
                                     extra)
        .string();
  }
};

}  // namespace

TEST_CASE("config dingtalk: the keys with their defaults, employee_id is the userid", "[config]") {
  Fixture f;
  const auto c = loadConfig(f.config(), {});
  const auto& p = c.directory.platform;
  CHECK(c.directory.format == ExportFormat::DingTalk);
  CHECK(p.baseUrl == "https://oapi.dingtalk.com");
  CHECK(p.appKey == "dingabc");
  CHECK(p.appSecret.reveal() == "d1ngtalk-app-secret");
  CHECK(p.proxy == "proxy.acme.example:3128");
  CHECK(p.maxCallsMonth == 0);
  CHECK(c.directory.columns.at("employee_id") == "userid");
  CHECK(c.directory.columns.at("account") == "{userid|lower}");
}

TEST_CASE("config dingtalk: column.account has no default, and the hint says what to set",
          "[config]") {
  Fixture f;
  CHECK_THAT(errorOf(f.config("")), Catch::Contains("[directory] column.account") &&
                                        Catch::Contains("{org_email|localpart}"));
}

TEST_CASE("config dingtalk: base_url is HTTPS, plain HTTP only to loopback", "[config]") {
  Fixture f;
  CHECK_THAT(errorOf(f.config("column.account = {userid}\nbase_url = http://oapi.dingtalk.com\n")),
             Catch::Contains("[directory] base_url"));
  CHECK(loadConfig(f.config("column.account = {userid}\nbase_url = http://127.0.0.1:8080/\n"), {})
            .directory.platform.baseUrl == "http://127.0.0.1:8080");
}

TEST_CASE("config dingtalk: a file's keys are refused, and the app secret joins the scrubber",
          "[config]") {
  Fixture f;
  CHECK_THAT(errorOf(f.config("column.account = {userid}\npath = staff.csv\n")),
             Catch::Contains("[directory] path"));
  CHECK_THAT(errorOf(f.config("column.account = {userid}\nencoding = utf-8\n")),
             Catch::Contains("[directory] encoding"));
  const auto c = loadConfig(f.config(), {});
  membersync::Scrubber scrubber;
  membersync::config::registerSecrets(c, scrubber);
  CHECK(scrubber.scrub("x d1ngtalk-app-secret y") == "x [redacted] y");
}

TEST_CASE("config dingtalk: the shipped example loads without error", "[config]") {
  const auto c = loadConfig(MEMBERSYNC_SOURCE_DIR "/config/examples/dingtalk.ini", {});
  CHECK(c.directory.format == ExportFormat::DingTalk);
  CHECK(c.directory.platform.baseUrl == "https://oapi.dingtalk.com");
  CHECK(c.directory.platform.maxCallsMonth == 8000);
  CHECK(c.directory.columns.at("account") == "{userid|alnum|lower}");
}

TEST_CASE("config wecom: corp_id and the contacts app's secret, qyapi by default, userid the id",
          "[config]") {
  Fixture f;
  const auto c =
      loadConfig(f.platform("format = wecom\ncorp_id = ww0a1b\ncorp_secret_file = app-secret\n",
                            "column.account = {userid|lower}\nrate_limit_pause_ms = 10\n"),
                 {});
  const auto& p = c.directory.platform;
  CHECK(c.directory.format == ExportFormat::WeCom);
  CHECK(p.baseUrl == "https://qyapi.weixin.qq.com");
  CHECK(p.appKey == "ww0a1b");
  CHECK(p.appSecret.reveal() == "d1ngtalk-app-secret");
  CHECK(p.rateLimitPauseMs == 10);
  CHECK(c.directory.columns.at("employee_id") == "userid");
  // WeCom's status: 1 activated and 4 not yet activated are staff, 2 disabled and 5 left not.
  CHECK(c.directory.activeStatus == std::vector<std::string>{"1", "4"});
}

TEST_CASE("config feishu: app_id and app_secret_file, open.feishu.cn by default, user_id the id",
          "[config]") {
  Fixture f;
  const auto c = loadConfig(
      f.platform("format = feishu\napp_id = cli_a1\napp_secret_file = app-secret\n",
                 "column.account = {user_id|lower}\nbase_url = https://open.larksuite.com/\n"),
      {});
  CHECK(c.directory.format == ExportFormat::Feishu);
  CHECK(c.directory.platform.baseUrl == "https://open.larksuite.com");
  CHECK(c.directory.platform.appKey == "cli_a1");
  CHECK(c.directory.platform.rateLimitPauseMs == 1000);
  CHECK(c.directory.columns.at("employee_id") == "user_id");
  CHECK(c.directory.activeStatus == std::vector<std::string>{"active"});
}

TEST_CASE("config platforms: another platform's app keys are refused naming the right ones",
          "[config]") {
  Fixture f;
  CHECK_THAT(
      errorOf(f.platform("format = wecom\napp_key = x\ncorp_id = ww\n"
                         "corp_secret_file = app-secret\n",
                         "column.account = {userid}\n")),
      Catch::Contains("[directory] app_key") && Catch::Contains("corp_id and corp_secret_file"));
  CHECK_THAT(
      errorOf(f.platform("format = feishu\napp_id = cli\napp_secret_file = app-secret\n", "")),
      Catch::Contains("[directory] column.account") && Catch::Contains("{user_id|lower}") &&
          Catch::Contains("{enterprise_email|localpart}"));
  CHECK_THAT(errorOf(f.platform("format = wecom\ncorp_id = ww\n", "column.account = {userid}\n")),
             Catch::Contains("[directory] corp_secret_file"));
}

TEST_CASE("config wecom and feishu: the shipped examples load without error", "[config]") {
  const auto wecom = loadConfig(MEMBERSYNC_SOURCE_DIR "/config/examples/wecom.ini", {});
  CHECK(wecom.directory.format == ExportFormat::WeCom);
  CHECK(wecom.directory.platform.baseUrl == "https://qyapi.weixin.qq.com");
  CHECK(wecom.directory.columns.at("employee_id") == "userid");
  const auto feishu = loadConfig(MEMBERSYNC_SOURCE_DIR "/config/examples/feishu.ini", {});
  CHECK(feishu.directory.format == ExportFormat::Feishu);
  CHECK(feishu.directory.platform.maxCallsMonth == 8000);
  CHECK(feishu.directory.columns.at("account") == "{enterprise_email|localpart|alnum|lower}");
}
