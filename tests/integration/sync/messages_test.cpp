// The real membersync binary against the emulator: what a person reads when something outside the
// HR data is wrong.
// - Credentials the center refuses: every one-shot verb that contacts it exits 78 naming the keys
//   to correct; the daemon fails the run naming them, backs off, and never exits for it.
// - A service that cannot be reached is named by its URL and key (the token endpoint, the member
//   center, the mail server); no internal class name ("(RetryLater)") reaches a person.
// - A listen address in use stops the daemon with 78 naming [daemon] listen.
// - A state database of another enterprise first asks whether the enterprise id is mistyped.

#include <catch2/catch.hpp>

#include <csignal>
#include <fstream>
#include <regex>
#include <string>
#include <vector>

#include <Poco/Net/ServerSocket.h>
#include <Poco/Net/SocketAddress.h>

#include "tests/integration/daemon/daemon_harness.h"
#include "tests/integration/sync/sync_fixture.h"

namespace {

using namespace membersync::testing;
using namespace std::chrono_literals;
using Catch::Contains;

const std::string kWrongSecret = "Not-The-Secret-77";
const std::string kClientKeys = "[center] client_id and client_secret_file";

// A port on loopback that nothing listens on (bound, then closed again).
int closedPort() {
  Poco::Net::ServerSocket socket(Poco::Net::SocketAddress("127.0.0.1", 0));
  const int port = socket.address().port();
  socket.close();
  return port;
}

std::string readText(const std::filesystem::path& path) {
  std::ifstream in(path);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// The fixture's configuration with the line `key = ...` (the first) set to `key = value`.
void setKey(SyncFixture& f, const std::string& key, const std::string& value) {
  std::string text = readText(f.configPath());
  const auto at = text.find("\n" + key + " = ");
  REQUIRE(at != std::string::npos);
  const auto end = text.find('\n', at + 1);
  text.replace(at + 1, end - at - 1, key + " = " + value);
  f.writeFile("membersync.ini", text);
}

// What no message may show: the kinds the code acts on.
void checkNoInternalNames(const std::string& text) {
  for (const char* kind : {"(RetryLater)", "(Configuration)", "(Protocol)", "(BadInput)"})
    CHECK_THAT(text, !Contains(kind));
}

}  // namespace

TEST_CASE(
    "messages: credentials the center refuses make every one-shot verb that contacts it exit 78 "
    "naming the keys to correct",
    "[sync][messages]") {
  EmulatorProcess emulator;
  SyncFixture f(emulator);
  f.writeHr(staff(3));
  REQUIRE(f.sync().exitCode == 0);  // run 1
  const std::string saved = (f.dir() / "saved-plan.json").string();
  REQUIRE(f.run({"plan", "--out", saved}).exitCode == 0);

  f.writeFile("secrets/client", kWrongSecret + "\n");
  f.addSecret(kWrongSecret);
  const std::vector<std::vector<std::string>> verbs{
      {"sync"},        {"sync", "--dry-run"},    {"plan"},  {"apply", saved},
      {"revert", "1"}, {"explain", "staff0001"}, {"check"}, {"reset-password", "staff0001"}};
  for (const auto& verb : verbs) {
    const auto r = f.run(verb);
    INFO(verb.front() << (verb.size() > 1 ? " " + verb[1] : "") << ": " << r.err);
    CHECK(r.exitCode == 78);
    CHECK_THAT(r.err, Contains("correct " + kClientKeys));
    checkNoInternalNames(r.err);
  }

  f.writeFile("secrets/client", kClientSecret + "\n");
  f.writeFile("secrets/admin", kWrongSecret + "-admin\n");
  f.addSecret(kWrongSecret + "-admin");
  const auto admin = f.sync();
  INFO(admin.err);
  CHECK(admin.exitCode == 78);
  CHECK_THAT(admin.err, Contains("correct [center] admin_user and admin_password_file"));
  f.checkNoSecretLeaked();
}

TEST_CASE(
    "messages: a token endpoint, member center or mail server that cannot be reached is named by "
    "its URL and key",
    "[sync][messages]") {
  EmulatorProcess emulator;
  SyncFixture f(emulator);
  auto people = staff(2);
  for (auto& p : people) p.email = p.account + "@mail.acme.example";
  f.writeHr(people);
  const std::string nobody = "http://127.0.0.1:" + std::to_string(closedPort());

  setKey(f, "token_url", nobody + "/uc/oauth/token");
  const auto token = f.sync();
  INFO(token.err);
  CHECK(token.exitCode == 1);
  CHECK_THAT(token.err,
             Contains("could not reach " + nobody + "/uc/oauth/token ([center] token_url)"));
  checkNoInternalNames(token.err);

  f.configure(SyncOptions());
  setKey(f, "base_url", nobody);
  const auto base = f.sync();
  INFO(base.err);
  CHECK(base.exitCode == 1);
  CHECK_THAT(base.err, Contains("could not reach " + nobody + " ([center] base_url)"));
  checkNoInternalNames(base.err);

  // The adds go out; mailing their passwords cannot connect.
  SyncOptions mail;
  const int smtpPort = closedPort();
  mail.extra =
      "[delivery]\nmethod = smtp\nsmtp_host = 127.0.0.1\nsmtp_port = " + std::to_string(smtpPort) +
      "\nsmtp_tls = none\nfrom = it@acme.example\n";
  f.configure(mail);
  const auto mailed = f.sync();
  INFO(tail(mailed.out) << mailed.err);
  CHECK(mailed.exitCode == 0);
  CHECK_THAT(mailed.out, Contains("cannot connect to the mail server 127.0.0.1:" +
                                  std::to_string(smtpPort) + " ([delivery] smtp_host, smtp_port)"));
  f.checkNoSecretLeaked();
}

TEST_CASE(
    "messages: a state database of another enterprise asks first whether [center] "
    "enterprise_global_id is mistyped, then suggests a database of its own",
    "[sync][messages]") {
  EmulatorProcess emulator;
  SyncFixture f(emulator);
  f.writeHr(staff(1));
  REQUIRE(f.sync().exitCode == 0);
  setKey(f, "enterprise_global_id", "ENT-ACME-0010");
  const auto r = f.sync();
  INFO(r.err);
  CHECK(r.exitCode == 78);
  const auto mistyped = r.err.find("Is [center] enterprise_global_id mistyped?");
  const auto own = r.err.find("a state database of its own");
  CHECK(mistyped != std::string::npos);
  CHECK(own != std::string::npos);
  CHECK(mistyped < own);
  CHECK_THAT(r.err, Contains("set it to ENT-ACME-0001"));
}

TEST_CASE(
    "messages: the daemon fails each run whose credentials the center refuses naming the keys, "
    "backs off, and does not exit for it",
    "[sync][messages][daemon]") {
  EmulatorProcess emulator;
  SyncOptions o;
  o.extra = "[daemon]\nschedule = every 1s\nlisten =\n";
  SyncFixture f(emulator, o);
  f.writeHr(staff(2));
  f.writeFile("secrets/client", kWrongSecret + "\n");
  f.addSecret(kWrongSecret);
  BackgroundProcess daemon(membersyncExecutable(), f.commandLine({"daemon"}), {},
                           (f.dir() / "daemon.out").string());
  const bool backedOff = eventually([&] {
    return daemon.output().find("backing off") != std::string::npos || daemon.exitCode();
  });
  const std::string log = daemon.output();
  f.keepText("the daemon's output", log);
  INFO(log);
  REQUIRE(backedOff);
  CHECK_FALSE(daemon.exitCode());  // still running: its unit would not restart it after a 78
  CHECK(std::regex_search(log, std::regex("run [0-9]+ failed after")));
  CHECK_THAT(log, Contains("correct " + kClientKeys));
  checkNoInternalNames(log);

  daemon.signal(SIGTERM);
  CHECK(daemon.waitForExit(30s) == 0);
  f.checkNoSecretLeaked();
}

TEST_CASE("messages: a [daemon] listen address in use stops the daemon with 78 naming the key",
          "[sync][messages][daemon]") {
  EmulatorProcess emulator;
  Poco::Net::ServerSocket taken(Poco::Net::SocketAddress("127.0.0.1", 0));
  const std::string address = "127.0.0.1:" + std::to_string(taken.address().port());
  SyncOptions o;
  o.extra = "[daemon]\nschedule = every 1h\nlisten = " + address + "\n";
  SyncFixture f(emulator, o);
  f.writeHr(staff(1));
  BackgroundProcess daemon(membersyncExecutable(), f.commandLine({"daemon"}), {},
                           (f.dir() / "daemon.out").string());
  const auto code = daemon.waitForExit(60s);
  const std::string log = daemon.output();
  INFO(log);
  CHECK(code == 78);
  CHECK_THAT(log, Contains("[daemon] listen") && Contains(address));
  CHECK(stats(emulator).calls("A5") == 0);  // it stopped before any run
}
