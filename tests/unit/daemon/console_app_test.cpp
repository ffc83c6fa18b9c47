// The console's logic over plain requests (ConsoleApp), without sockets: sign-in with its
// pre-session token, cookies, sessions ended by a change of the users file, CSRF and Origin on
// every POST, roles, the security headers, and values escaped by the templates.

#include <catch2/catch.hpp>

#include "daemon/console/auth/password_hash.h"
#include "daemon/console/auth/users_file.h"
#include "daemon/console/console_app.h"
#include "daemon/console/render.h"
#include "jobs/core/manual_clock.h"
#include "jobs/core/random_source.h"
#include "tests/support/temp_dir.h"

using namespace membersync;
using namespace membersync::console;
using namespace std::chrono_literals;

namespace {

const HashCost kCheap{8, 1, 1};

struct ConsoleRig {
  testing::TempDir dir;
  ManualClock clock;
  SystemRandom random;
  config::Config config;
  std::vector<long long> approved;
  std::vector<state::AuditEntry> audit;
  std::unique_ptr<ConsoleApp> app;

  ConsoleRig() {
    config.sourceFile = (dir.path() / "membersync.ini").string();
    config.state.database = (dir.path() / "state.db").string();
    config.console.usersFile = (dir.path() / "users").string();
    writeUsersFile(config.console.usersFile,
                   {{"alice", Role::Approver, hashPassword("alice-password", kCheap)},
                    {"victor", Role::Viewer, hashPassword("victor-password", kCheap)}});
    ConsoleDeps deps{config,
                     clock,
                     random,
                     [this] { return state::SqliteStore::open(config.state.database, clock); },
                     [this](long long run, const cli::Actor&) {
                       approved.push_back(run);
                       cli::ApproveResult r;
                       r.outcome = cli::ApproveResult::Outcome::Released;
                       r.released = 2;
                       return r;
                     },
                     [this](const state::AuditEntry& e) { audit.push_back(e); },
                     [](const std::string&) {}};
    app = std::make_unique<ConsoleApp>(deps, false);
    app->allowOrigins({"http://127.0.0.1:8480"});
  }

  HttpResponse get(const std::string& path, const std::string& session = "") {
    HttpRequest r;
    r.method = "GET";
    r.path = path;
    r.address = "10.0.0.5";
    if (!session.empty()) r.cookies["msid"] = session;
    return app->handle(r);
  }

  HttpResponse post(const std::string& path, std::map<std::string, std::string> form,
                    std::map<std::string, std::string> cookies, const std::string& origin = "",
                    const std::string& fetchSite = "") {
    HttpRequest r;
    r.method = "POST";
    r.path = path;
    r.form = std::move(form);
    r.cookies = std::move(cookies);
    r.origin = origin;
    r.fetchSite = fetchSite;
    r.address = "10.0.0.5";
    return app->handle(r);
  }

  // The pre-session token GET /login sets (its cookie and its form's hidden field).
  std::string preToken() {
    const auto r = get("/login");
    const std::string cookie = r.header("Set-Cookie");
    return cookie.substr(6, cookie.find(';') - 6);
  }

  // Signs in; returns the msid cookie's value ("" when refused).
  std::string signIn(const std::string& name, const std::string& password) {
    const std::string pre = preToken();
    const auto r =
        post("/login", {{"csrf", pre}, {"name", name}, {"password", password}}, {{"mspre", pre}});
    if (r.status != 303) return "";
    for (const auto& [n, v] : r.headers)
      if (n == "Set-Cookie" && v.rfind("msid=", 0) == 0) return v.substr(5, v.find(';') - 5);
    return "";
  }

  // The session's CSRF token, as its pages carry it in the sign-out form.
  std::string csrfOf(const std::string& session) {
    const std::string body = get("/runs", session).body;
    const std::string marker = "name=\"csrf\" value=\"";
    const auto at = body.find(marker);
    return at == std::string::npos ? "" : body.substr(at + marker.size(), 64);
  }
};

}  // namespace

TEST_CASE("console: without a session a page redirects to /login with the path to return to",
          "[console]") {
  ConsoleRig rig;
  const auto r = rig.get("/runs");
  CHECK(r.status == 303);
  CHECK(r.header("Location") == "/login?next=/runs");
}

TEST_CASE("console: a POST without a session is refused", "[console]") {
  ConsoleRig rig;
  CHECK(rig.post("/runs/1/approve", {{"csrf", "x"}}, {}).status == 403);
  CHECK(rig.post("/logout", {{"csrf", "x"}}, {}).status == 403);
}

TEST_CASE("console: sign-in needs the pre-session token of its own cookie", "[console]") {
  ConsoleRig rig;
  const std::string pre = rig.preToken();
  CHECK(rig.post("/login", {{"name", "alice"}, {"password", "alice-password"}}, {{"mspre", pre}})
            .status == 403);
  CHECK(rig.post("/login", {{"csrf", "forged"}, {"name", "alice"}, {"password", "alice-password"}},
                 {{"mspre", pre}})
            .status == 403);
  CHECK(rig.audit.empty());
}

TEST_CASE("console: a sign-in sets an HttpOnly SameSite=Strict cookie and returns to next",
          "[console]") {
  ConsoleRig rig;
  const std::string pre = rig.preToken();
  const auto r = rig.post("/login",
                          {{"csrf", pre},
                           {"name", "alice"},
                           {"password", "alice-password"},
                           {"next", "/runs?before=5"}},
                          {{"mspre", pre}, {"msid", "offered-by-the-client"}});
  REQUIRE(r.status == 303);
  CHECK(r.header("Location") == "/runs?before=5");
  const std::string cookie = r.header("Set-Cookie");
  CHECK(cookie.rfind("msid=", 0) == 0);
  CHECK(cookie.find("offered-by-the-client") == std::string::npos);  // a new id
  CHECK_THAT(cookie, Catch::Contains("; HttpOnly; SameSite=Strict; Path=/"));
  CHECK_THAT(cookie, !Catch::Contains("Secure"));  // plain HTTP on loopback
  REQUIRE(rig.audit.size() == 1);
  CHECK(rig.audit[0].action == "sign-in");
  CHECK(rig.audit[0].actor == "alice");
  CHECK(rig.audit[0].address == "10.0.0.5");
}

TEST_CASE("console: next is a local path only", "[console]") {
  CHECK(localNext("/runs/3") == "/runs/3");
  CHECK(localNext("//evil.example/") == "/");
  CHECK(localNext("https://evil.example/") == "/");
  CHECK(localNext("/\\evil") == "/");
  CHECK(localNext("") == "/");
}

TEST_CASE("console: a wrong password is 401 and audited, then that name waits (429)", "[console]") {
  ConsoleRig rig;
  CHECK(rig.signIn("alice", "wrong").empty());
  REQUIRE(rig.audit.size() == 1);
  CHECK(rig.audit[0].action == "sign-in-failed");
  const std::string pre = rig.preToken();
  const auto r =
      rig.post("/login", {{"csrf", pre}, {"name", "alice"}, {"password", "alice-password"}},
               {{"mspre", pre}});
  CHECK(r.status == 429);
  rig.clock.advance(1s);
  CHECK_FALSE(rig.signIn("alice", "alice-password").empty());
}

TEST_CASE("console: a POST with a missing or wrong CSRF token is refused", "[console]") {
  ConsoleRig rig;
  const std::string session = rig.signIn("alice", "alice-password");
  REQUIRE_FALSE(session.empty());
  CHECK(rig.post("/runs/1/approve", {}, {{"msid", session}}).status == 403);
  CHECK(rig.post("/runs/1/approve", {{"csrf", "0000"}}, {{"msid", session}}).status == 403);
  CHECK(rig.approved.empty());
}

TEST_CASE("console: a POST from another origin is refused", "[console]") {
  ConsoleRig rig;
  const std::string session = rig.signIn("alice", "alice-password");
  const std::string csrf = rig.csrfOf(session);
  REQUIRE(csrf.size() == 64);
  CHECK(rig.post("/runs/1/approve", {{"csrf", csrf}}, {{"msid", session}}, "https://evil.example")
            .status == 403);
  CHECK(rig.approved.empty());
  const auto ok =
      rig.post("/runs/1/approve", {{"csrf", csrf}}, {{"msid", session}}, "http://127.0.0.1:8480");
  CHECK(ok.status == 303);
  CHECK(ok.header("Location") == "/runs/1");
  CHECK(rig.approved == std::vector<long long>{1});
}

TEST_CASE("console: a form a browser sends from our pages with Origin null passes, another site's "
          "does not",
          "[console]") {
  // Every page asks for Referrer-Policy no-referrer, so a browser sends Origin: null for the
  // console's own forms; Sec-Fetch-Site tells them from another site's.
  ConsoleRig rig;
  const std::string session = rig.signIn("alice", "alice-password");
  const std::string csrf = rig.csrfOf(session);
  const std::map<std::string, std::string> cookie{{"msid", session}};
  CHECK(rig.post("/runs/1/approve", {{"csrf", csrf}}, cookie, "null", "cross-site").status == 403);
  CHECK(rig.post("/runs/1/approve", {{"csrf", csrf}}, cookie, "null", "same-site").status == 403);
  CHECK(rig.post("/runs/1/approve", {{"csrf", csrf}}, cookie, "null").status == 403);
  CHECK(rig.post("/runs/1/approve", {{"csrf", csrf}}, cookie, "http://127.0.0.1:8480",
                 "cross-site")
            .status == 403);
  CHECK(rig.approved.empty());
  CHECK(rig.post("/runs/1/approve", {{"csrf", csrf}}, cookie, "null", "same-origin").status ==
        303);
  CHECK(rig.approved == std::vector<long long>{1});
}

TEST_CASE("console: /login keeps the sign-in token the browser holds, and /favicon.ico leaves it",
          "[console]") {
  // A browser asks for /favicon.ico on its own; sent to /login, a new token would make the
  // open form stale and the sign-in fail with 403.
  ConsoleRig rig;
  const std::string token = rig.preToken();
  REQUIRE(token.size() == 64);
  HttpRequest icon;
  icon.method = "GET";
  icon.path = "/favicon.ico";
  icon.cookies["mspre"] = token;
  const auto answer = rig.app->handle(icon);
  CHECK(answer.status == 404);
  CHECK(answer.header("Set-Cookie").empty());
  HttpRequest again;
  again.method = "GET";
  again.path = "/login";
  again.cookies["mspre"] = token;
  CHECK(rig.app->handle(again).header("Set-Cookie").find("mspre=" + token) == 0);
  again.cookies["mspre"] = "chosen-by-someone-else";
  CHECK(rig.app->handle(again).header("Set-Cookie").find("chosen-by-someone-else") ==
        std::string::npos);
}

TEST_CASE("console: a viewer may not approve", "[console]") {
  ConsoleRig rig;
  const std::string session = rig.signIn("victor", "victor-password");
  const std::string csrf = rig.csrfOf(session);
  REQUIRE(csrf.size() == 64);
  CHECK(rig.post("/runs/1/approve", {{"csrf", csrf}}, {{"msid", session}}).status == 403);
  CHECK(rig.approved.empty());
}

TEST_CASE("console: removing a user or changing their role ends their sessions", "[console]") {
  ConsoleRig rig;
  const std::string alice = rig.signIn("alice", "alice-password");
  const std::string victor = rig.signIn("victor", "victor-password");
  REQUIRE(rig.get("/runs", alice).status == 200);
  REQUIRE(rig.get("/runs", victor).status == 200);
  auto users = readUsersFile(rig.config.console.usersFile);
  users.erase(users.begin());      // alice
  users[0].role = Role::Approver;  // victor
  writeUsersFile(rig.config.console.usersFile, users);
  CHECK(rig.get("/runs", alice).status == 303);
  CHECK(rig.get("/runs", victor).status == 303);
}

TEST_CASE("console: sign-out is a POST with the token, and ends the session", "[console]") {
  ConsoleRig rig;
  const std::string session = rig.signIn("alice", "alice-password");
  const std::string csrf = rig.csrfOf(session);
  const auto r = rig.post("/logout", {{"csrf", csrf}}, {{"msid", session}});
  CHECK(r.status == 303);
  CHECK(rig.get("/runs", session).status == 303);
}

TEST_CASE("console: every answer carries the security headers, pages are not stored", "[console]") {
  ConsoleRig rig;
  const std::string session = rig.signIn("alice", "alice-password");
  for (const std::string path : {"/", "/runs", "/runs/999", "/nowhere", "/static/console.css"}) {
    INFO(path);
    const auto r = rig.get(path, session);
    CHECK(r.header("Content-Security-Policy") ==
          "default-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'");
    CHECK(r.header("X-Frame-Options") == "DENY");
    CHECK(r.header("Referrer-Policy") == "no-referrer");
    CHECK(r.header("X-Content-Type-Options") == "nosniff");
    CHECK(r.header("Strict-Transport-Security").empty());  // no TLS here
    if (path != "/static/console.css") CHECK(r.header("Cache-Control") == "no-store");
  }
  CHECK(rig.get("/nowhere", session).status == 404);
  CHECK(rig.get("/runs/999", session).status == 404);
  CHECK(rig.get("/static/console.css").status == 200);  // no session needed, no personal data
}

TEST_CASE("console: template values are escaped", "[console]") {
  const std::string html =
      renderPage("not_found", mstch::map{{"path", std::string("<script>alert(1)</script>")}},
                 LayoutValues{"<b>t</b>", "", "", "", ""});
  CHECK_THAT(html, !Catch::Contains("<script>"));
  CHECK_THAT(html, Catch::Contains("&lt;script&gt;alert(1)&lt;&#x2F;script&gt;"));
  CHECK_THAT(html, Catch::Contains("&lt;b&gt;t&lt;&#x2F;b&gt;"));
}

TEST_CASE("console: with TLS, cookies are Secure and answers carry HSTS", "[console]") {
  ConsoleRig rig;
  ConsoleDeps deps{rig.config,
                   rig.clock,
                   rig.random,
                   [&] { return state::SqliteStore::open(rig.config.state.database, rig.clock); },
                   nullptr,
                   [](const state::AuditEntry&) {},
                   [](const std::string&) {}};
  rig.app = std::make_unique<ConsoleApp>(deps, true);
  const auto login = rig.get("/login");
  CHECK_THAT(login.header("Set-Cookie"), Catch::Contains("; Secure"));
  CHECK(login.header("Strict-Transport-Security") == "max-age=31536000");
  const std::string session = rig.signIn("alice", "alice-password");
  CHECK(rig.get("/", session).header("Strict-Transport-Security") == "max-age=31536000");
}

TEST_CASE("console: an https public_url makes cookies Secure behind a proxy", "[console]") {
  ConsoleRig rig;
  rig.config.console.publicUrl = "https://ms.example.com";
  ConsoleDeps deps{rig.config,
                   rig.clock,
                   rig.random,
                   [&] { return state::SqliteStore::open(rig.config.state.database, rig.clock); },
                   nullptr,
                   [](const state::AuditEntry&) {},
                   [](const std::string&) {}};
  rig.app = std::make_unique<ConsoleApp>(deps, false);
  CHECK_THAT(rig.get("/login").header("Set-Cookie"), Catch::Contains("; Secure"));
  CHECK(rig.get("/login").header("Strict-Transport-Security").empty());
}
