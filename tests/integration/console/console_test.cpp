// `membersync console` through the real binary over real sockets, on a state written by real
// syncs against the emulator: what a viewer sees, what is refused without a session, a token or
// the right origin, the Approve of an approver (exactly what `allow` does) and of a viewer,
// names from HR shown as text, cookie flags, throttled sign-ins, a removed user, and the refusal
// to serve plain HTTP beyond loopback.

#include <catch2/catch.hpp>

#include <fcntl.h>
#include <pwd.h>
#include <sys/file.h>
#include <unistd.h>

#include <filesystem>

#include "tests/integration/console/console_client.h"
#include "tests/integration/sync/sync_fixture.h"

namespace {

using namespace membersync::testing;
using Catch::Contains;

const std::string kApproverPassword = "approver-pass-123";
const std::string kViewerPassword = "viewer-pass-12345";
const std::string kScriptName = "<script>alert(1)</script>";

SyncOptions consoleOptions(int port, const std::string& more = "") {
  SyncOptions o;
  o.extra = "max_edits = 5\nedit_floor = 5\n" + more +
            "[console]\nlisten = 127.0.0.1:" + std::to_string(port) +
            "\nusers_file = console-users\n";
  return o;
}

// 60 people synced, then all renamed (the edit guard holds the renames: exit 4), one of them
// to a name that is markup. Returns the run that held them.
long long heldRenames(SyncFixture& f) {
  auto people = staff(60);
  f.writeHr(people);
  REQUIRE(f.sync().exitCode == 0);
  auto renamed = renamedAll(people, "Latin ");
  renamed[1].name = kScriptName;
  f.writeHr(renamed);
  const auto held = f.sync();
  INFO(tail(held.out) << held.err);
  REQUIRE(held.exitCode == 4);
  return appliedRun(held.out);
}

void checkSecurityHeaders(const Answer& a) {
  CHECK(a.headers.at("Content-Security-Policy") ==
        "default-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'");
  CHECK(a.headers.at("X-Frame-Options") == "DENY");
  CHECK(a.headers.at("Referrer-Policy") == "no-referrer");
  CHECK(a.headers.at("X-Content-Type-Options") == "nosniff");
}

}  // namespace

TEST_CASE("console: a viewer sees every page, names from HR are text, the viewer cannot approve",
          "[console]") {
  EmulatorProcess emulator;
  const int port = freePort();
  SyncFixture f(emulator, consoleOptions(port));
  f.addSecret(kApproverPassword);  // a console password never shows in output, logs or the state
  f.addSecret(kViewerPassword);
  const long long run = heldRenames(f);
  REQUIRE(addConsoleUser(f, "victor", "viewer", kViewerPassword).exitCode == 0);
  // The console reads no center secret: it starts without them.
  std::filesystem::remove(f.dir() / "secrets/client");
  std::filesystem::remove(f.dir() / "secrets/admin");
  auto console = startConsole(f, port);
  ConsoleClient c(port);

  const Answer signedIn = c.signIn("victor", kViewerPassword);
  REQUIRE(signedIn.status == 303);
  REQUIRE(signedIn.setCookies.size() >= 1);
  CHECK_THAT(signedIn.setCookies[0], Contains("msid=") && Contains("HttpOnly") &&
                                         Contains("SameSite=Strict") && Contains("Path=/"));
  for (const std::string& path : std::vector<std::string>{
           "/", "/runs", "/runs/" + std::to_string(run), "/runs?before=2", "/people",
           "/people?q=staff", "/people/staff0002", "/pools", "/passwords"}) {
    INFO(path);
    const Answer a = c.get(path);
    CHECK(a.status == 200);
    checkSecurityHeaders(a);
    // Counts only on /pools: it may be kept; every other page holds people's data.
    CHECK(a.headers.at("Cache-Control") == (path == "/pools" ? "no-cache" : "no-store"));
    CHECK_THAT(a.body, Contains("id=\"sign-out\"") && Contains("victor"));
    CHECK_THAT(a.body, !Contains(kScriptName));
  }
  CHECK_THAT(c.get("/people/staff0002").body,
             Contains("&lt;script&gt;alert(1)&lt;&#x2F;script&gt;"));
  CHECK_THAT(c.get("/people?q=staff").body, Contains("staff0002"));
  const Answer runPage = c.get("/runs/" + std::to_string(run));
  CHECK_THAT(runPage.body, Contains("&lt;script&gt;alert(1)&lt;&#x2F;script&gt;") &&
                               !Contains(kScriptName) && Contains("Held back") &&
                               Contains("revert " + std::to_string(run)));
  CHECK_THAT(runPage.body, !Contains("id=\"approve\""));  // not offered to a viewer
  const Answer home = c.get("/");
  CHECK_THAT(home.body, Contains("held") && !Contains(kScriptName));

  const Answer approve = c.post("/runs/" + std::to_string(run) + "/approve",
                                {{"csrf", hiddenField(home.body, "csrf")}});
  CHECK(approve.status == 403);
  CHECK(c.get("/nowhere").status == 404);
  console->kill(SIGTERM);
  const auto ended = console->wait();
  CHECK(ended.exitCode == 0);
  f.keep(ended);
  f.writeFile("secrets/client", kClientSecret + "\n");
  f.writeFile("secrets/admin", kAdminSecret + "\n");
  // Nothing was released: the renames are still held.
  const auto st = f.status();
  CHECK(st.exitCode == 4);
  f.checkNoSecretLeaked();
}

TEST_CASE(
    "console: without a session pages go to /login and POSTs are refused, a POST needs "
    "its token and the console's origin",
    "[console]") {
  EmulatorProcess emulator;
  const int port = freePort();
  SyncFixture f(emulator, consoleOptions(port));
  f.addSecret(kApproverPassword);  // a console password never shows in output, logs or the state
  f.addSecret(kViewerPassword);
  const long long run = heldRenames(f);
  REQUIRE(addConsoleUser(f, "alice", "approver", kApproverPassword).exitCode == 0);
  auto console = startConsole(f, port);
  ConsoleClient c(port);
  const std::string approvePath = "/runs/" + std::to_string(run) + "/approve";

  for (const std::string path : {"/", "/runs", "/runs/1"}) {
    const Answer a = c.get(path);
    CHECK(a.status == 303);
    CHECK(a.headers.at("Location") == "/login?next=" + path);
    checkSecurityHeaders(a);
  }
  CHECK(c.post(approvePath, {{"csrf", "x"}}).status == 403);
  CHECK(c.post("/logout", {}).status == 403);

  REQUIRE(c.signIn("alice", kApproverPassword).status == 303);
  const std::string csrf = c.csrfOf("/runs/" + std::to_string(run));
  REQUIRE(csrf.size() == 64);
  CHECK(c.post(approvePath, {}).status == 403);
  CHECK(c.post(approvePath, {{"csrf", std::string(64, '0')}}).status == 403);
  CHECK(c.post(approvePath, {{"csrf", csrf}}, "https://evil.example").status == 403);
  CHECK(f.status().exitCode == 4);  // nothing released by any of them
  // `membersync allow` on the command line is audited too, with the uid's name (or $SUDO_USER).
  REQUIRE(f.run({"allow", std::to_string(run)}).exitCode == 0);
  const std::string uidName = getpwuid(getuid())->pw_name;
  CHECK_THAT(c.get("/runs/" + std::to_string(run)).body,
             Contains("<li>") && Contains(": " + uidName + ": released 60 of 60 held item(s)"));
  console->kill(SIGTERM);
  f.keep(console->wait());
  f.checkNoSecretLeaked();
}

TEST_CASE(
    "console: an approver's Approve releases exactly as allow does, is audited, and the "
    "next sync applies the renames",
    "[console]") {
  EmulatorProcess emulator;
  const int port = freePort();
  SyncFixture f(emulator, consoleOptions(port));
  f.addSecret(kApproverPassword);  // a console password never shows in output, logs or the state
  f.addSecret(kViewerPassword);
  const long long run = heldRenames(f);
  REQUIRE(addConsoleUser(f, "alice", "approver", kApproverPassword).exitCode == 0);
  auto console = startConsole(f, port);
  ConsoleClient c(port);
  REQUIRE(c.signIn("alice", kApproverPassword).status == 303);
  const std::string runPath = "/runs/" + std::to_string(run);
  const Answer before = c.get(runPath);
  REQUIRE_THAT(before.body, Contains("id=\"approve\""));
  const std::string csrf = hiddenField(before.body, "csrf");
  const std::string origin = "http://127.0.0.1:" + std::to_string(port);
  {
    // A run holds the state: Approve waits for nobody, says who holds it and changes nothing.
    const auto lockPath = f.dir() / "membersync.db.lock";
    const int fd = ::open(lockPath.c_str(), O_RDWR | O_CREAT, 0600);
    REQUIRE(fd >= 0);
    const std::string holder = "4242\nsync\n2026-11-26 02:00:00 +0000\n";
    REQUIRE(::write(fd, holder.data(), holder.size()) == static_cast<ssize_t>(holder.size()));
    REQUIRE(::flock(fd, LOCK_EX | LOCK_NB) == 0);
    CHECK(c.post(runPath + "/approve", {{"csrf", csrf}}, origin).status == 303);
    ::close(fd);
    const Answer busy = c.get(runPath);
    CHECK_THAT(busy.body, Contains("A run holds the state now (membersync sync (pid 4242)") &&
                              Contains("try again in a minute") && Contains("id=\"approve\""));
  }
  const Answer approve = c.post(runPath + "/approve", {{"csrf", csrf}}, origin);
  CHECK(approve.status == 303);
  CHECK(approve.headers.at("Location") == runPath);
  const Answer after = c.get(runPath);
  CHECK_THAT(after.body, Contains("Released 60 held items; the next sync carries them out.") &&
                             Contains("alice from 127.0.0.1") && !Contains("id=\"approve\""));
  // The same state `allow` leaves: a second allow finds nothing more to release.
  const auto again = f.run({"allow", std::to_string(run)});
  CHECK_THAT(again.out, Contains("released 0 of the 60 items"));
  const auto applied = f.sync();
  INFO(tail(applied.out) << applied.err);
  CHECK(applied.exitCode == 0);
  CHECK(liveMembersByAccount(emulator)["staff0001"].name.rfind("Latin ", 0) == 0);
  console->kill(SIGTERM);
  f.keep(console->wait());
  f.checkNoSecretLeaked();
}

TEST_CASE("console: failed sign-ins are answered 429 at once, a removed user's session ends",
          "[console]") {
  EmulatorProcess emulator;
  const int port = freePort();
  SyncFixture f(emulator, consoleOptions(port));
  f.addSecret(kApproverPassword);  // a console password never shows in output, logs or the state
  f.addSecret(kViewerPassword);
  f.writeHr(staff(3));
  REQUIRE(f.sync().exitCode == 0);
  REQUIRE(addConsoleUser(f, "alice", "approver", kApproverPassword).exitCode == 0);
  REQUIRE(addConsoleUser(f, "victor", "viewer", kViewerPassword).exitCode == 0);
  auto console = startConsole(f, port);

  ConsoleClient victor(port);
  REQUIRE(victor.signIn("victor", kViewerPassword).status == 303);
  ConsoleClient attacker(port);
  const Answer failed = attacker.signIn("alice", "wrong-password");
  CHECK(failed.status == 401);
  // At once, within the delay: refused without a look at the password, even the right one.
  const Answer blocked = attacker.post("/login", {{"csrf", hiddenField(failed.body, "csrf")},
                                                  {"name", "alice"},
                                                  {"password", kApproverPassword}});
  CHECK(blocked.status == 429);

  REQUIRE(victor.get("/runs").status == 200);
  const auto removed = f.run({"console-user", "remove", "victor"});
  REQUIRE(removed.exitCode == 0);
  const Answer after = victor.get("/runs");
  CHECK(after.status == 303);
  CHECK(after.headers.at("Location") == "/login?next=/runs");
  const auto list = f.run({"console-user", "list"});
  CHECK(list.out == "alice  approver\n");
  console->kill(SIGTERM);
  f.keep(console->wait());
  f.checkNoSecretLeaked();
}

TEST_CASE("console: plain HTTP beyond loopback, or a port below 1024, is refused at start (78)",
          "[console]") {
  EmulatorProcess emulator;
  SyncFixture f(emulator);
  SyncOptions wide;
  wide.extra = "[console]\nlisten = 0.0.0.0:18480\n";
  f.configure(wide);
  const auto r = f.run({"console"});
  CHECK(r.exitCode == 78);
  CHECK_THAT(r.err, Contains("[console] listen") && Contains("tls_cert_file") &&
                        Contains("reverse proxy"));
  SyncOptions low;
  low.extra = "[console]\nlisten = 127.0.0.1:443\n";
  f.configure(low);
  const auto r2 = f.run({"console"});
  CHECK(r2.exitCode == 78);
  CHECK_THAT(r2.err, Contains("[console] listen") && Contains("1024"));
}

TEST_CASE(
    "console: with tls_cert_file and tls_key_file it serves HTTPS beyond loopback, the key "
    "from $CREDENTIALS_DIRECTORY, cookies are Secure and answers carry HSTS",
    "[console]") {
  const std::string certs = MEMBERSYNC_SOURCE_DIR "/tests/integration/tls/certs/";
  EmulatorProcess emulator;
  const int port = freePort();
  SyncOptions o;
  // 0.0.0.0: refused without TLS (the test above), served with it.
  o.extra = "[console]\nlisten = 0.0.0.0:" + std::to_string(port) + "\ntls_cert_file = " + certs +
            "server.pem\ntls_key_file = server.key\nusers_file = console-users\n";
  SyncFixture f(emulator, o);
  f.addSecret(kApproverPassword);
  f.writeHr(staff(3));
  REQUIRE(f.sync().exitCode == 0);
  REQUIRE(addConsoleUser(f, "alice", "approver", kApproverPassword).exitCode == 0);
  auto console = startConsole(f, port, {{"CREDENTIALS_DIRECTORY", certs}});
  ConsoleClient c(port, certs + "test-ca.pem");
  const Answer login = c.get("/login");
  CHECK(login.status == 200);
  CHECK(login.headers.at("Strict-Transport-Security") == "max-age=31536000");
  const Answer signedIn = c.signIn("alice", kApproverPassword);
  REQUIRE(signedIn.status == 303);
  CHECK_THAT(signedIn.setCookies[0], Contains("msid=") && Contains("; Secure"));
  const Answer home = c.get("/");
  CHECK(home.status == 200);
  CHECK(home.headers.at("Strict-Transport-Security") == "max-age=31536000");
  console->kill(SIGTERM);
  f.keep(console->wait());
  f.checkNoSecretLeaked();
}
