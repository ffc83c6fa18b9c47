#include "config/loader.h"

#include <catch2/catch.hpp>
#include <chrono>
#include <fstream>
#include <regex>
#include <string>
#include <vector>

#include "jobs/core/scrubber.h"
#include "tests/support/temp_dir.h"
#include "tests/unit/config/config_files.h"

using membersync::config::ConfigError;
using membersync::config::LoadEnvironment;
using membersync::config::loadConfig;
using membersync::testing::TempDir;

using membersync::config::testing::errorOf;
using membersync::config::testing::kCenterSection;

namespace {

const std::string kMinimal = std::string(kCenterSection) +
    "[directory]\n"
    "path = export/hr.csv\n";

struct Fixture {
  TempDir dir;
  Fixture() {
    dir.write("client-secret", "s3cr3t-value\n");
    dir.write("admin-password", "p4ss-value\r\n");
  }
  std::string config(const std::string& extra) const {
    return dir.write("membersync.ini", std::string(kMinimal) + extra).string();
  }
};

}  // namespace

TEST_CASE("config: a minimal file gets every documented default", "[config]") {
  Fixture f;
  auto c = loadConfig(f.config(""), {});
  CHECK(c.center.baseUrl == "https://center.example.com");
  CHECK(c.accountSuffix() == "@acme");
  CHECK(c.center.timeout == std::chrono::seconds(30));
  CHECK(c.center.maxConcurrency == 8);
  CHECK(c.center.maxRequestsPerSecond == 0);
  CHECK(c.center.pageSize == 100);
  CHECK(c.directory.format == membersync::directory::ExportFormat::Csv);
  CHECK(c.directory.delimiter == ',');
  CHECK(c.directory.columns.at("employee_id") == "employee_id");
  CHECK(c.directory.activeStatus == std::vector<std::string>{"active"});
  CHECK(c.sync.plan.departed == membersync::plan::Departed::WithdrawThenDelete);
  CHECK(c.sync.plan.graceRuns == 2);
  CHECK(c.sync.plan.graceHours == 20);
  CHECK(c.sync.plan.deleteAfterDays == 30);
  CHECK(c.sync.plan.maxDeletes == 200);
  CHECK(c.sync.plan.maxDeletePercent == 5);
  CHECK(c.sync.plan.deleteFloor == 10);
  CHECK(c.sync.plan.minExportRatio == Approx(0.9));
  CHECK(c.sync.plan.orphans == membersync::plan::Orphans::Report);
  CHECK(c.sync.apply.passwordLength == 16);
  CHECK(c.sync.keepRunsDays == 90);
  CHECK(c.daemon.schedule == "daily 02:00");
  CHECK(c.daemon.listen == "127.0.0.1:9469");
  CHECK(c.daemon.logFile.empty());
  CHECK(c.daemon.logLevel == "info");
  CHECK(c.policy.path.empty());
  CHECK(c.sync.productCacheHours == 24);
}

TEST_CASE("config: the expanded suffix and max_concurrency reach plan and apply", "[config]") {
  Fixture f;
  auto c = loadConfig(f.config("[center]\naccount_suffix = .{code}@{code}\nmax_concurrency = 3\n"),
                      {});
  CHECK(c.sync.plan.accountSuffix == ".acme@acme");
  CHECK(c.sync.apply.accountSuffix == ".acme@acme");
  CHECK(c.center.maxConcurrency == 3);
  CHECK(c.sync.apply.workers == 3);
}

TEST_CASE("config: [sync] password_length reaches apply (the passwords) and plan (an add's hash)",
          "[config]") {
  Fixture f;
  auto c = loadConfig(f.config("[sync]\npassword_length = 20\n"), {});
  CHECK(c.sync.apply.passwordLength == 20);
  CHECK(c.sync.plan.passwordLength == 20);
}

TEST_CASE("config: [center] max_answer_mb is 128 by default, a positive whole number", "[config]") {
  Fixture f;
  CHECK(loadConfig(f.config(""), {}).center.maxAnswerMb == 128);
  CHECK(loadConfig(f.config("[center]\nmax_answer_mb = 512\n"), {}).center.maxAnswerMb == 512);
  CHECK_THAT(errorOf(f.config("[center]\nmax_answer_mb = 0\n")),
             Catch::Contains("[center] max_answer_mb: '0' is not a whole number from 1 to 4096"));
}

TEST_CASE(
    "config: [center] max_member_pages is derived from page_size and a million members "
    "unless set, from 1 to 1000000",
    "[config]") {
  Fixture f;
  CHECK(loadConfig(f.config(""), {}).center.memberPageLimit() == 10000);
  CHECK(loadConfig(f.config("[center]\npage_size = 300\n"), {}).center.memberPageLimit() == 3334);
  CHECK(loadConfig(f.config("[center]\nmax_member_pages = 50\n"), {}).center.memberPageLimit() ==
        50);
  CHECK_THAT(errorOf(f.config("[center]\nmax_member_pages = 0\n")),
             Catch::Contains("[center] max_member_pages") && Catch::Contains("1 to 1000000"));
}

TEST_CASE("config: [sync] grace_hours is 20 by default, a whole number from 0 to 8760",
          "[config]") {
  Fixture f;
  CHECK(loadConfig(f.config(""), {}).sync.plan.graceHours == 20);
  CHECK(loadConfig(f.config("[sync]\ngrace_hours = 0\n"), {}).sync.plan.graceHours == 0);
  CHECK(loadConfig(f.config("[sync]\ngrace_hours = 8760\n"), {}).sync.plan.graceHours == 8760);
  CHECK_THAT(errorOf(f.config("[sync]\ngrace_hours = 8761\n")),
             Catch::Contains("[sync] grace_hours: '8761' is not a whole number from 0 to 8760"));
  CHECK_THAT(errorOf(f.config("[sync]\ngrace_hours = -1\n")),
             Catch::Contains("[sync] grace_hours: '-1' is not a whole number"));
  CHECK_THAT(errorOf(f.config("[sync]\ngrace_hours = 1.5\n")),
             Catch::Contains("[sync] grace_hours: '1.5' is not a whole number"));
}

TEST_CASE("config: [policy] product_cache_hours is read and checked", "[config]") {
  Fixture f;
  CHECK(loadConfig(f.config("[policy]\nproduct_cache_hours = 0\n"), {}).sync.productCacheHours ==
        0);
  CHECK(loadConfig(f.config("[policy]\nproduct_cache_hours = 168\n"), {})
            .sync.productCacheHours == 168);
  CHECK_THAT(errorOf(f.config("[policy]\nproduct_cache_hours = -1\n")),
             Catch::Contains("[policy] product_cache_hours"));
  CHECK_THAT(errorOf(f.config("[policy]\nproduct_cache_hours = daily\n")),
             Catch::Contains("[policy] product_cache_hours: 'daily' is not a whole number"));
}

TEST_CASE("config: [daemon] log_file resolves like other paths and log_level is checked",
          "[config]") {
  Fixture f;
  auto c = loadConfig(f.config("[daemon]\nlog_file = logs/membersync.log\nlog_level = Debug\n"), {});
  CHECK(c.daemon.logFile == (f.dir.path() / "logs/membersync.log").lexically_normal().string());
  CHECK(c.daemon.logLevel == "debug");
  CHECK(loadConfig(f.config("[daemon]\nlog_level = information\n"), {}).daemon.logLevel == "info");
  CHECK_THAT(errorOf(f.config("[daemon]\nlog_level = verbose\n")),
             Catch::Contains("[daemon] log_level: 'verbose' is not error, warning, notice, info or "
                             "debug"));
}

TEST_CASE("config: relative paths resolve against the config file's folder", "[config]") {
  Fixture f;
  auto c = loadConfig(f.config(""), {});
  CHECK(c.directory.path == (f.dir.path() / "export/hr.csv").string());
  CHECK(c.state.database == (f.dir.path() / "membersync.db").string());
  CHECK(c.state.passwordOutbox == (f.dir.path() / "new-passwords.csv").string());
}

TEST_CASE("config: secret files lose their trailing newline", "[config]") {
  Fixture f;
  auto c = loadConfig(f.config(""), {});
  CHECK(c.center.clientSecret.reveal() == "s3cr3t-value");
  CHECK(c.center.adminPassword.reveal() == "p4ss-value");
}

TEST_CASE("config: relative secret paths resolve against $CREDENTIALS_DIRECTORY when set",
          "[config]") {
  Fixture f;
  TempDir creds;
  creds.write("client-secret", "from-credentials");
  creds.write("admin-password", "admin-from-credentials");
  auto c = loadConfig(f.config(""), LoadEnvironment{creds.path().string(), {}});
  CHECK(c.center.clientSecret.reveal() == "from-credentials");
  CHECK(c.center.adminPassword.reveal() == "admin-from-credentials");
}

TEST_CASE("config: an unknown key is an error naming the file, section and key", "[config]") {
  Fixture f;
  const auto path = f.config("[sync]\ngrace_run = 3\n");
  auto message = errorOf(path);
  CHECK_THAT(message, Catch::Contains(path));
  CHECK_THAT(message, Catch::Contains("[sync] grace_run: unknown key"));
}

TEST_CASE("config: an unknown section is an error", "[config]") {
  Fixture f;
  CHECK_THAT(errorOf(f.config("[sink]\nx = 1\n")), Catch::Contains("[sink]: unknown section"));
}

TEST_CASE("config: an unknown column field is an error", "[config]") {
  Fixture f;
  CHECK_THAT(errorOf(f.config("column.title = Title\n")),
             Catch::Contains("[directory] column.title: unknown key"));
}

TEST_CASE("config: a column template that does not parse is an error naming the key",
          "[config][template]") {
  Fixture f;
  CHECK_THAT(errorOf(f.config("column.account = {mail|frob}\n")),
             Catch::Contains("[directory] column.account: the template does not parse: unknown "
                             "filter 'frob' (at character 7)"));
  CHECK_THAT(errorOf(f.config("column.status = {userAccountControl|uac\n")),
             Catch::Contains("[directory] column.status: the template does not parse: a '{' "
                             "that is never closed"));
  const auto c = loadConfig(f.config("column.account = {mail|localpart|alnum|lower}\n"), {});
  CHECK(c.directory.columns.at("account") == "{mail|localpart|alnum|lower}");
}

TEST_CASE("config: a missing required key says which and where", "[config]") {
  TempDir dir;
  auto path = dir.write("m.ini", "[center]\nbase_url = https://x\n");
  CHECK_THAT(errorOf(path.string()), Catch::Contains("[center] enterprise_global_id: is required"));
}

TEST_CASE("config: bad values are errors that name the key and the allowed range", "[config]") {
  Fixture f;
  CHECK_THAT(errorOf(f.config("[center]\nmax_concurrency = zero\n")),
             Catch::Contains("[center] max_concurrency: 'zero' is not a whole number from 1 to 64"));
  CHECK_THAT(errorOf(f.config("[sync]\ndeparted = vanish\n")),
             Catch::Contains("[sync] departed: 'vanish' is not"));
  CHECK_THAT(errorOf(f.config("[sync]\nmin_export_ratio = 1.5\n")),
             Catch::Contains("[sync] min_export_ratio"));
  CHECK_THAT(
      errorOf(f.config("[directory]\nencoding = latin1\n")),
      Catch::Contains("[directory] encoding: 'latin1' is not supported; use utf-8, or gb18030"));
}

TEST_CASE("config: a choice key takes any case and names every choice when wrong", "[config]") {
  Fixture f;
  const std::string ini = f.config("[sync]\ndeparted = Delete\norphans = DELETE\n"
                                   "[directory]\nformat = Json\n");
  auto c = loadConfig(ini, {});
  CHECK(c.sync.plan.departed == membersync::plan::Departed::Delete);
  CHECK(c.sync.plan.orphans == membersync::plan::Orphans::Delete);
  CHECK(c.directory.format == membersync::directory::ExportFormat::Json);
  CHECK(errorOf(f.config("[sync]\ndeparted = Vanish\n")) ==
        f.dir.path().string() + "/membersync.ini: [sync] departed: 'vanish' is not "
                                "withdraw-then-delete, withdraw, delete or report");
  CHECK_THAT(errorOf(f.config("[sync]\norphans =\n")),
             Catch::EndsWith("[sync] orphans: '' is not report or delete"));
  CHECK_THAT(errorOf(f.config("[directory]\nformat = xml\n")),
             Catch::EndsWith("[directory] format: 'xml' is not csv, json, ldap, xlsx, dingtalk, wecom or feishu"));
}

TEST_CASE("config: a missing secret file is an error that never shows a secret", "[config]") {
  TempDir dir;
  dir.write("admin-password", "p4ss-value");
  auto path = dir.write("m.ini", kMinimal);
  auto message = errorOf(path.string());
  CHECK_THAT(message, Catch::Contains("[center] client_secret_file: cannot read"));
  CHECK_THAT(message, !Catch::Contains("p4ss-value"));
}

TEST_CASE("config: a missing config file says to pass --config", "[config]") {
  CHECK_THAT(errorOf("/nonexistent/membersync.ini"), Catch::Contains("--config"));
}

TEST_CASE("config: the shipped example loads without error", "[config]") {
  auto c = loadConfig(MEMBERSYNC_SOURCE_DIR "/config/examples/membersync.ini", {});
  CHECK(c.center.enterpriseGlobalId == "ENT-ACME-0001");
  CHECK(c.center.clientSecret.reveal() == "demo-client-secret");
}

namespace {

// The settings of an INI file in order, as "[section] key = value": what the loader reads, and
// the keys shown commented out (`; proxy =`), which an administrator uncomments; prose left out.
std::vector<std::string> settingsOf(const std::string& path) {
  std::ifstream in(path);
  REQUIRE(in);
  const std::regex commentedKey("^; ?[a-z_.]+ =.*");
  std::vector<std::string> settings;
  std::string section, line;
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    if (line[0] == ';' || line[0] == '#') {
      if (std::regex_match(line, commentedKey)) settings.push_back(section + " " + line);
      continue;
    }
    if (line[0] == '[') {
      section = line;
      continue;
    }
    settings.push_back(section + " " + line);
  }
  return settings;
}

}  // namespace

TEST_CASE(
    "config: the Chinese example (membersync.zh_CN.ini) differs from membersync.ini only in its "
    "comments: the same settings, the same configuration",
    "[config]") {
  const std::string english = MEMBERSYNC_SOURCE_DIR "/config/examples/membersync.ini";
  const std::string chinese = MEMBERSYNC_SOURCE_DIR "/config/examples/membersync.zh_CN.ini";
  const auto settings = settingsOf(english);
  CHECK(settings.size() > 30);
  CHECK(settingsOf(chinese) == settings);

  const auto en = loadConfig(english, {});
  const auto zh = loadConfig(chinese, {});
  CHECK(zh.enterpriseCode == en.enterpriseCode);
  CHECK(zh.center.baseUrl == en.center.baseUrl);
  CHECK(zh.center.enterpriseGlobalId == en.center.enterpriseGlobalId);
  CHECK(zh.center.clientSecret.reveal() == en.center.clientSecret.reveal());
  CHECK(zh.center.adminPassword.reveal() == en.center.adminPassword.reveal());
  CHECK(zh.center.timeout == en.center.timeout);
  CHECK(zh.center.maxConcurrency == en.center.maxConcurrency);
  CHECK(zh.center.maxRequestsPerSecond == en.center.maxRequestsPerSecond);
  CHECK(zh.center.pageSize == en.center.pageSize);
  CHECK(zh.center.proxy == en.center.proxy);
  CHECK(zh.accountSuffix() == en.accountSuffix());
  CHECK(zh.directory.path == en.directory.path);
  CHECK(zh.directory.format == en.directory.format);
  CHECK(zh.directory.delimiter == en.directory.delimiter);
  CHECK(zh.directory.encoding == en.directory.encoding);
  CHECK(zh.directory.activeStatus == en.directory.activeStatus);
  CHECK(zh.policy.path == en.policy.path);
  CHECK(zh.sync.plan.departed == en.sync.plan.departed);
  CHECK(zh.sync.plan.graceRuns == en.sync.plan.graceRuns);
  CHECK(zh.sync.plan.graceHours == en.sync.plan.graceHours);
  CHECK(zh.sync.plan.deleteAfterDays == en.sync.plan.deleteAfterDays);
  CHECK(zh.sync.plan.deleteFloor == en.sync.plan.deleteFloor);
  CHECK(zh.sync.apply.passwordLength == en.sync.apply.passwordLength);
  CHECK(zh.sync.keepRunsDays == en.sync.keepRunsDays);
  CHECK(zh.state.database == en.state.database);
  CHECK(zh.state.passwordOutbox == en.state.passwordOutbox);
  CHECK(zh.daemon.schedule == en.daemon.schedule);
  CHECK(zh.daemon.listen == en.daemon.listen);
  CHECK(zh.daemon.logLevel == en.daemon.logLevel);
  CHECK(zh.delivery.mail == en.delivery.mail);
  CHECK(zh.report.on == en.report.on);
  CHECK(zh.report.remindHours == en.report.remindHours);
  CHECK(zh.console.listen == en.console.listen);
  CHECK(zh.console.usersFile == en.console.usersFile);
  CHECK(zh.console.auditDays == en.console.auditDays);
}

TEST_CASE("config: plain http is refused for any host but this machine", "[config]") {
  Fixture f;
  CHECK_THAT(errorOf(f.config("[center]\nbase_url = http://center.example.com\n")),
             Catch::Contains("[center] base_url") && Catch::Contains("unencrypted"));
  CHECK_THAT(errorOf(f.config("[center]\ntoken_url = http://127.0.0.1.evil.com/t\n")),
             Catch::Contains("[center] token_url"));
  CHECK(errorOf(f.config("[center]\nbase_url = http://127.0.0.1:8700\n")).empty());
  CHECK(errorOf(f.config("[center]\nbase_url = http://localhost:8700/\n")).empty());
  CHECK_THAT(errorOf(f.config("[center]\nbase_url = ftp://x\n")),
             Catch::Contains("must start with https://"));
}

TEST_CASE("config: every configured secret joins the scrubber, with its Basic credentials",
          "[config][scrub]") {
  Fixture f;
  f.dir.write("activity-secret", "act1v1ty-secret\n");
  const std::string path =
      f.dir
          .write("membersync.ini", "[center]\nactivity_client_id = act-app\n"
                                   "activity_client_secret_file = activity-secret\n" +
                                       std::string(kMinimal).substr(9))
          .string();
  auto c = loadConfig(path, {});
  membersync::Scrubber scrubber;
  membersync::config::registerSecrets(c, scrubber);
  CHECK(scrubber.scrub("s3cr3t-value p4ss-value act1v1ty-secret") ==
        "[redacted] [redacted] [redacted]");
  // base64("app:s3cr3t-value") and base64("act-app:act1v1ty-secret")
  CHECK(scrubber.scrub("Basic YXBwOnMzY3IzdC12YWx1ZQ== Basic YWN0LWFwcDphY3QxdjF0eS1zZWNyZXQ=") ==
        "Basic [redacted] Basic [redacted]");
}

TEST_CASE("config: a proxy whose port is not a number from 1 to 65535 is refused at load, as "
          "the client would refuse it",
          "[config]") {
  // Found by fuzzing: `validate` said ok to what every online verb then refused.
  Fixture f;
  for (const char* proxy : {"proxy:abc", "proxy:", ":3128", "proxy:0", "proxy:65536",
                            "proxy:\x01" "3128"}) {
    CAPTURE(proxy);
    CHECK_THAT(errorOf(f.config(std::string("[center]\nproxy = ") + proxy + "\n")),
               Catch::Contains("[center] proxy: '") && Catch::Contains("must be host:port"));
  }
  auto c = loadConfig(f.config("[center]\nproxy = proxy.example.com:3128\n"), {});
  CHECK(c.center.proxy == "proxy.example.com:3128");
}

// Found with the config fuzz target's invariant (an accepted config passes the client's checks),
// on hand-written inputs: `validate` said ok, every online verb refused.
TEST_CASE("config: a URL of nothing but its scheme is refused at load", "[config]") {
  Fixture f;
  CHECK_THAT(errorOf(f.config("[center]\nbase_url = https://\n")),
             Catch::Contains("[center] base_url: 'https://' names no host"));
  CHECK_THAT(errorOf(f.config("[center]\ntoken_url = https:///oauth/token\n")),
             Catch::Contains("[center] token_url: 'https:///oauth/token' names no host"));
}

TEST_CASE("config: an upper-case URL scheme is taken by the loader and the client alike",
          "[config]") {
  Fixture f;
  auto c = loadConfig(f.config("[center]\nbase_url = HTTPS://center.example.com\n"
                               "token_url = Https://uc.example.com/oauth/token\n"),
                      {});
  CHECK(membersync::center::optionProblems(c.center).empty());
}

TEST_CASE(
    "config: an error keeps its message untranslated, the file, key and value as its "
    "arguments, and what() is its English",
    "[config][i18n]") {
  Fixture f;
  const std::string ini = f.config("[sync]\ngrace_runs = many\n");
  try {
    loadConfig(ini, {});
    FAIL("a bad value must be refused");
  } catch (const ConfigError& e) {
    const membersync::i18n::Message& m = e.message();
    CHECK(m.id == "{file}: [{section}] {key}: {problem}");
    REQUIRE(m.arguments.size() == 4);
    CHECK(m.arguments[0].text == ini);
    CHECK(m.arguments[2].text == "grace_runs");
    REQUIRE(m.arguments[3].message.size() == 1);
    CHECK(m.arguments[3].message[0].id == "'{value}' is not a whole number from {min} to {max}");
    CHECK(std::string(e.what()) == membersync::i18n::english(m));
    CHECK(std::string(e.what()) ==
          ini + ": [sync] grace_runs: 'many' is not a whole number from 0 to 365");
  }
}
