// [console] and the console's load: defaults in one place, paths resolved (the TLS key against
// $CREDENTIALS_DIRECTORY like the secrets), bad values named; and a load that skips every secret
// file, for a process facing the web.

#include <catch2/catch.hpp>

#include "config/loader.h"
#include "tests/support/temp_dir.h"
#include "tests/unit/config/config_files.h"

using membersync::config::ConfigError;
using membersync::config::loadConfig;
using membersync::config::LoadEnvironment;
using membersync::testing::TempDir;

using membersync::config::testing::errorOf;
using membersync::config::testing::kCenterSection;

namespace {

const std::string kCenter = std::string(kCenterSection) +
    "activity_client_id = act\n"
    "activity_client_secret_file = activity-secret\n"
    "[directory]\n"
    "path = hr.csv\n"
    "[delivery]\n"
    "method = smtp\nsmtp_host = mail.example.com\nfrom = it@example.com\n"
    "smtp_user = robot\nsmtp_password_file = smtp-password\n"
    "[report]\n"
    "webhook_url_file = robot-url\nwebhook_format = dingtalk\nwebhook_secret_file = robot-secret\n";

}  // namespace

TEST_CASE("config: [console] defaults", "[config][console]") {
  TempDir dir;
  for (const char* s :
       {"client-secret", "admin-password", "activity-secret", "smtp-password", "robot-secret"})
    dir.write(s, "x\n");
  dir.write("robot-url", "https://oapi.dingtalk.com/robot/send?access_token=abc\n");
  const auto c = loadConfig(dir.write("m.ini", kCenter).string(), {});
  CHECK(c.console.listen == "127.0.0.1:8480");
  CHECK(c.console.tlsCertFile.empty());
  CHECK(c.console.publicUrl.empty());
  CHECK(c.console.usersFile == "/etc/membersync/console-users");
  CHECK(c.console.auditDays == 365);
}

TEST_CASE("config: the console's load reads no secret file, not even a missing one",
          "[config][console]") {
  TempDir dir;  // none of the secret files exists
  const std::string path = dir.write("m.ini", kCenter).string();
  CHECK_THAT(errorOf(path), Catch::Contains("client_secret_file"));
  LoadEnvironment console;
  console.skipSecrets = true;
  const auto c = loadConfig(path, console);
  CHECK(c.center.clientSecret.empty());
  CHECK(c.center.adminPassword.empty());
  CHECK(c.center.activityClientSecret.empty());
  CHECK(c.delivery.smtp.password.empty());
  CHECK(c.report.webhookUrl.empty());
  CHECK(c.report.webhookSecret.empty());
}

TEST_CASE("config: [console] paths resolve, the TLS key against $CREDENTIALS_DIRECTORY",
          "[config][console]") {
  TempDir dir;
  LoadEnvironment env;
  env.skipSecrets = true;
  const std::string path =
      dir.write("m.ini", std::string(kCenter) +
                             "[console]\nlisten = 0.0.0.0:8443\ntls_cert_file = console.crt\n"
                             "tls_key_file = console-tls-key\nusers_file = users\n"
                             "public_url = https://ms.example.com\naudit_days = 30\n")
          .string();
  auto c = loadConfig(path, env);
  CHECK(c.console.tlsCertFile == (dir.path() / "console.crt").string());
  CHECK(c.console.tlsKeyFile == (dir.path() / "console-tls-key").string());
  CHECK(c.console.usersFile == (dir.path() / "users").string());
  CHECK(c.console.auditDays == 30);
  env.credentialsDirectory = "/run/credentials/membersync-console.service";
  c = loadConfig(path, env);
  CHECK(c.console.tlsKeyFile == "/run/credentials/membersync-console.service/console-tls-key");
}

TEST_CASE("config: bad [console] values name the key", "[config][console]") {
  TempDir dir;
  LoadEnvironment env;
  env.skipSecrets = true;
  const auto bad = [&](const std::string& lines) {
    return errorOf(dir.write("m.ini", std::string(kCenter) + "[console]\n" + lines).string(), env);
  };
  CHECK_THAT(bad("tls_cert_file = c.crt\n"), Catch::Contains("[console] tls_key_file"));
  CHECK_THAT(bad("listen = 8480\n"), Catch::Contains("[console] listen"));
  CHECK_THAT(bad("public_url = ms.example.com\n"), Catch::Contains("[console] public_url"));
  CHECK_THAT(bad("audit_days = 0\n"), Catch::Contains("[console] audit_days"));
}
