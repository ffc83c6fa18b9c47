// The real membersync against an emulator that quotes every request back in its errors
// (--echo-requests): A1 chunks refused whole and split, a 60027 row, refused enrolments, a
// refused password reset, a refused password grant, and a daemon whose reads all fail. Whatever
// the service quotes (the configured secrets, their Basic credentials, the tokens, the
// generated passwords), nothing of it reaches stdout or stderr, the log, the state database's
// files, /healthz or /metrics, raw or encoded.

#include <signal.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>

#include <Poco/JSON/Object.h>
#include <Poco/JSON/Parser.h>

#include "tests/integration/daemon/daemon_harness.h"
#include "tests/integration/sync/sync_fixture.h"

namespace {

using namespace membersync::testing;
using namespace std::chrono_literals;
using Catch::Contains;

EmulatorProcess::Options echoing(std::vector<std::string> more = {}) {
  EmulatorProcess::Options o;
  o.extraArgs = {"--echo-requests"};
  o.extraArgs.insert(o.extraArgs.end(), more.begin(), more.end());
  return o;
}

// The token the emulator holds for a grant: it hands the live one out again (README, Tokens),
// so these are exactly the tokens membersync was given and sent.
std::string liveToken(const EmulatorProcess& emulator, const std::string& form) {
  const auto r = emulator.request(
      "POST", "/uc/oauth/token",
      {{"Authorization", "Basic " + basicCredentials("membersync-demo", kClientSecret)},
       {"Content-Type", "application/x-www-form-urlencoded"}},
      form);
  REQUIRE(r.status == 200);
  Poco::JSON::Parser parser;
  return parser.parse(r.body).extract<Poco::JSON::Object::Ptr>()->getValue<std::string>(
      "access_token");
}

void addLiveTokens(SyncFixture& f, const EmulatorProcess& emulator) {
  f.addSecret(liveToken(emulator, "grant_type=client_credentials"));
  f.addSecret(liveToken(
      emulator, "grant_type=password&username=admin%40acme&password=" + std::string(kAdminSecret)));
}

std::string readText(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// "127.0.0.1:PORT" from the daemon's log line about its endpoint.
std::string healthAddress(const std::string& log) {
  static const std::regex kListen("health and metrics on http://([0-9.]+:[0-9]+)/healthz");
  std::smatch m;
  return std::regex_search(log, m, kListen) ? m[1].str() : "";
}

}  // namespace

TEST_CASE(
    "echo: sync, reset-password, status and check against a server quoting its requests "
    "show no secret, token or generated password anywhere",
    "[sync][echo]") {
  EmulatorProcess emulator(echoing());
  SyncOptions o;
  // LEGAL maps to a department the enterprise lacks (a 60027 row); ENG is enrolled with a
  // source the activity filters out (B1 refuses, 2001).
  o.departments = R"({"ENG": 1001, "DESIGN": 1002, "SALES": 1003, "OPS": 1004, "LEGAL": 4711})";
  o.policyExtra = R"(, "activities": [{"rule": "welcome", "when": {"department": "ENG"},
      "label": "welcome-2026", "source": "blocked-system"}])";
  SyncFixture f(emulator, o);
  auto people = staff(30);
  people[4].department = "LEGAL";
  people[6].mobile = "12345";  // passes membersync's checks, the center refuses its chunk (10004)
  f.writeHr(people);

  const auto sync = f.sync();
  INFO(sync.out << sync.err);
  CHECK(sync.exitCode == 3);
  CHECK_THAT(sync.out, Contains("[redacted]"));  // what the service quoted reached the output
  CHECK(stats(emulator).outcome("A1", "10004") >= 1);
  CHECK(stats(emulator).outcome("B1", "2001") >= 1);

  // A3 refused (50003: passwords of 8 to 20 characters), quoting the new password.
  SyncOptions longPasswords = o;
  longPasswords.extra = "password_length = 24\n";
  f.configure(longPasswords);
  const auto reset = f.run({"reset-password", "staff0001"});
  INFO(reset.err);
  CHECK(reset.exitCode != 0);
  CHECK(stats(emulator).outcome("A3", "50003") == 1);
  f.configure(o);
  f.status();

  // A refused password grant quoting its form body (the password percent-encoded) and the
  // Basic credentials.
  const std::string wrong = "Wr0ng pass+/%w\xC3\xB6rd\"q";
  f.writeFile("secrets/admin", wrong + "\n");
  f.addSecret(wrong);
  const auto check = f.run({"check"});
  INFO(check.err);
  CHECK(check.exitCode == 78);
  CHECK_THAT(check.err, Contains("password=[redacted]") && Contains("Basic [redacted]"));
  f.writeFile("secrets/admin", std::string(kAdminSecret) + "\n");

  addLiveTokens(f, emulator);
  f.checkNoSecretLeaked();
}

TEST_CASE(
    "echo: the daemon's log, /healthz and /metrics show no secret or token when every read "
    "fails quoting its request",
    "[sync][echo][daemon]") {
  EmulatorProcess emulator(echoing({"--fail-rate", "1"}));
  SyncOptions o;
  o.extra = "[daemon]\nschedule = every 1h\nlisten = 127.0.0.1:0\nlog_file = daemon.log\n";
  SyncFixture f(emulator, o);
  f.writeHr(staff(3));
  const auto log = [&f] { return readText(f.dir() / "daemon.log"); };

  BackgroundProcess daemon(membersyncExecutable(), f.commandLine({"daemon"}), {},
                           (f.dir() / "daemon.out").string());
  const std::regex failedRun("run [0-9]+ failed after");
  REQUIRE(eventually([&] { return std::regex_search(log(), failedRun); }, 120s));
  const std::string address = healthAddress(log());
  REQUIRE_FALSE(address.empty());
  const auto health = httpGet(address, "/healthz");
  const auto metrics = httpGet(address, "/metrics");
  daemon.signal(SIGTERM);
  CHECK(daemon.waitForExit(60s) == 0);

  INFO(log());
  // The read's error, with the service's quote of the request, did reach all three.
  CHECK_THAT(log(), Contains("cannot read the member list") && Contains("[redacted]"));
  CHECK_THAT(health.body, Contains("cannot read the member list") && Contains("[redacted]"));
  CHECK(metrics.status == 200);
  f.keepText("the log", log());
  f.keepText("the daemon's stderr", daemon.output());
  f.keepText("/healthz", health.body);
  f.keepText("/metrics", metrics.body);
  addLiveTokens(f, emulator);
  f.checkNoSecretLeaked();
}
