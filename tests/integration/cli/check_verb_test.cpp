// The real membersync binary against the emulator: `check` and the command line's exit codes.

#include <catch2/catch.hpp>
#include <string>

#include "tests/support/command.h"
#include "tests/support/emulator_process.h"
#include "tests/support/temp_dir.h"

namespace {

using membersync::testing::CommandResult;
using membersync::testing::EmulatorProcess;
using membersync::testing::membersyncExecutable;
using membersync::testing::runCommand;
using membersync::testing::TempDir;

struct Setup {
  std::string clientId = "membersync-demo";
  std::string clientSecret = "demo-client-secret";
  std::string adminPassword = "demo-admin-pass1";
  std::string enterprise = "ENT-ACME-0001";
  std::string extra;
};

// A config for `emulator` in a fresh folder, with the secrets in files beside it.
std::string writeConfig(const TempDir& dir, const EmulatorProcess& emulator, const Setup& s) {
  dir.write("secrets/client", s.clientSecret + "\n");
  dir.write("secrets/admin", s.adminPassword + "\n");
  dir.write("hr.csv", "employee_id,account,name\n");
  return dir
      .write("membersync.ini",
             "[center]\n"
             "base_url = " + emulator.baseUrl() + "\n"
             "token_url = " + emulator.tokenUrl() + "\n"
             "enterprise_global_id = " + s.enterprise + "\n"
             "enterprise_code = acme\n"
             "client_id = " + s.clientId + "\n"
             "client_secret_file = secrets/client\n"
             "admin_user = admin@acme\n"
             "admin_password_file = secrets/admin\n"
             "[directory]\n"
             "path = hr.csv\n" + s.extra)
      .string();
}

CommandResult check(const std::string& config) {
  return runCommand(membersyncExecutable(), {"--config", config, "check"});
}

}  // namespace

TEST_CASE("check: lists the demo enterprise's members, assets and locks and exits 0",
          "[cli][check]") {
  EmulatorProcess emulator;
  TempDir dir;
  auto r = check(writeConfig(dir, emulator, {}));
  INFO(r.err);
  CHECK(r.exitCode == 0);
  CHECK_THAT(r.out, Catch::Contains("scopes auth_me auth_activity"));
  CHECK_THAT(r.out, Catch::Contains("张伟"));
  // A member's row shows the department A5 names (kept by the page, not by the member).
  const auto row = r.out.find("zhangwei");
  REQUIRE(row != std::string::npos);
  CHECK_THAT(r.out.substr(row, r.out.find('\n', row) - row), Catch::Contains("ENG"));
  CHECK_THAT(r.out, Catch::Contains("asset numbers: 30"));
  CHECK_THAT(r.out, Catch::Contains("borrowed locks: 5"));
  // Read-only: the emulator saw no write at all.
  CHECK_THAT(emulator.stats(), Catch::Contains("\"writes\":0"));
}

TEST_CASE("check: a refused admin password exits 78 and never shows a secret", "[cli][check]") {
  EmulatorProcess emulator;
  TempDir dir;
  Setup s;
  s.adminPassword = "Wrong-Password-42";
  auto r = check(writeConfig(dir, emulator, s));
  CHECK(r.exitCode == 78);
  CHECK_THAT(r.err, Catch::Contains("admin credentials were refused"));
  for (const auto& secret : {s.adminPassword, s.clientSecret}) {
    CHECK_THAT(r.out + r.err, !Catch::Contains(secret));
  }
}

TEST_CASE("check: a wrong client secret exits 78 naming the application", "[cli][check]") {
  EmulatorProcess emulator;
  TempDir dir;
  Setup s;
  s.clientSecret = "not-the-secret";
  auto r = check(writeConfig(dir, emulator, s));
  CHECK(r.exitCode == 78);
  CHECK_THAT(r.err, Catch::Contains("membersync-demo"));
  CHECK_THAT(r.out + r.err, !Catch::Contains("not-the-secret"));
}

TEST_CASE("check: an application without auth_activity exits 78 naming the scope",
          "[cli][check]") {
  EmulatorProcess emulator;
  TempDir dir;
  Setup s;
  s.clientId = "me-only-app";
  s.clientSecret = "me-only-secret";
  auto r = check(writeConfig(dir, emulator, s));
  CHECK(r.exitCode == 78);
  CHECK_THAT(r.err, Catch::Contains("lacks scope auth_activity"));
}

TEST_CASE("check: a wrong enterprise id exits 78 with the center's reason", "[cli][check]") {
  EmulatorProcess emulator;
  TempDir dir;
  Setup s;
  s.enterprise = "ENT-NOPE";
  auto r = check(writeConfig(dir, emulator, s));
  CHECK(r.exitCode == 78);
  CHECK_THAT(r.err, Catch::Contains("ENT-NOPE"));
}

TEST_CASE("cli: an unknown key in the config exits 78 naming file and key", "[cli]") {
  EmulatorProcess emulator;
  TempDir dir;
  Setup s;
  s.extra = "[sync]\ngrace = 2\n";
  auto config = writeConfig(dir, emulator, s);
  auto r = check(config);
  CHECK(r.exitCode == 78);
  CHECK_THAT(r.err, Catch::Contains(config));
  CHECK_THAT(r.err, Catch::Contains("[sync] grace: unknown key"));
}

TEST_CASE("cli: an unknown verb or option exits 64", "[cli]") {
  CHECK(runCommand(membersyncExecutable(), {"frobnicate"}).exitCode == 64);
  CHECK(runCommand(membersyncExecutable(), {"check", "--bogus"}).exitCode == 64);
  CHECK(runCommand(membersyncExecutable(), {"--help"}).exitCode == 0);
}
