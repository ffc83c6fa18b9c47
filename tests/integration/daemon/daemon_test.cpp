// The real `membersync daemon` against the emulator: runs on an `every 1s` schedule, /healthz and
// /metrics over HTTP, sd_notify on a test socket, SIGHUP reloads, SIGTERM in the middle of a run,
// and the state lock. Every wait is for an event, with a deadline.

#include <signal.h>

#include <catch2/catch.hpp>
#include <regex>
#include <set>
#include <string>

#include <Poco/JSON/Array.h>
#include <Poco/JSON/Object.h>
#include <Poco/JSON/Parser.h>

#include "tests/integration/daemon/daemon_harness.h"
#include "tests/support/command.h"
#include "tests/support/emulator_process.h"
#include "tests/support/temp_dir.h"
#ifdef MEMBERSYNC_TEST_SMTP
#include "tests/support/smtp_process.h"
#endif

namespace {

using namespace std::chrono_literals;
using membersync::testing::BackgroundProcess;
using membersync::testing::EmulatorProcess;
using membersync::testing::eventually;
using membersync::testing::httpGet;
using membersync::testing::membersyncExecutable;
using membersync::testing::NotifySocket;
using membersync::testing::runCommand;
using membersync::testing::TempDir;

const char* const kClientSecret = "demo-client-secret";
const char* const kAdminPassword = "demo-admin-pass1";

// An HR export of `count` people, E00001/user00001 onwards.
std::string hrExport(int count, int first = 1) {
  std::string csv = "employee_id,account,name,department,remark,mobile,status\n";
  for (int i = first; i < first + count; ++i) {
    char id[16];
    std::snprintf(id, sizeof id, "%05d", i);
    csv += "E" + std::string(id) + ",user" + id + ",User " + std::to_string(i) + ",,,,active\n";
  }
  return csv;
}

struct Options {
  std::string schedule = "every 1s";
  std::string hr = "hr.csv";
  int maxConcurrency = 8;
  std::string extra;  // more lines, e.g. "[policy]\npath = policy.json\n"
};

// A folder with a config for `emulator`, its secrets and an HR export.
struct Setup {
  explicit Setup(const EmulatorProcess& e) : emulator(e) {
    dir.write("secrets/client", std::string(kClientSecret) + "\n");
    dir.write("secrets/admin", std::string(kAdminPassword) + "\n");
  }

  std::string config(const Options& o = {}) const {
    return dir
        .write("membersync.ini",
               "[center]\n"
               "base_url = " +
                   emulator.baseUrl() +
                   "\n"
                   "token_url = " +
                   emulator.tokenUrl() +
                   "\n"
                   "enterprise_global_id = ENT-ACME-0001\n"
                   "enterprise_code = acme\n"
                   "client_id = membersync-demo\n"
                   "client_secret_file = secrets/client\n"
                   "admin_user = admin@acme\n"
                   "admin_password_file = secrets/admin\n"
                   "max_concurrency = " +
                   std::to_string(o.maxConcurrency) +
                   "\n"
                   "timeout_s = 10\n"
                   "[directory]\n"
                   "path = " +
                   o.hr +
                   "\n"
                   "[state]\n"
                   "database = membersync.db\n"
                   "[daemon]\n"
                   "schedule = " +
                   o.schedule +
                   "\n"
                   "listen = 127.0.0.1:0\n" +
                   o.extra)
        .string();
  }

  std::string path(const std::string& name) const { return (dir.path() / name).string(); }

  std::unique_ptr<BackgroundProcess> start(const std::map<std::string, std::string>& env = {},
                                           const std::vector<std::string>& more = {}) const {
    std::vector<std::string> args{"--config", path("membersync.ini"), "daemon"};
    args.insert(args.end(), more.begin(), more.end());
    return std::make_unique<BackgroundProcess>(membersyncExecutable(), args, env,
                                               path("daemon.log"));
  }

  TempDir dir;
  const EmulatorProcess& emulator;
};

// Runs that ended, as the daemon logs them ("run 3 done after 1s: ...").
int runsEnded(const std::string& log) {
  static const std::regex kRun("run [0-9]+ (done|held|partly-failed|failed|cancelled) after");
  return static_cast<int>(
      std::distance(std::sregex_iterator(log.begin(), log.end(), kRun), std::sregex_iterator()));
}

// "127.0.0.1:PORT" from the daemon's log line about its endpoint.
std::string healthAddress(const BackgroundProcess& daemon) {
  static const std::regex kListen("health and metrics on http://([0-9.]+:[0-9]+)/healthz");
  std::smatch m;
  const std::string log = daemon.output();
  return std::regex_search(log, m, kListen) ? m[1].str() : "";
}

// userName -> how many live members have it, from the emulator's state.
std::map<std::string, int> liveMembers(const EmulatorProcess& emulator) {
  Poco::JSON::Parser parser;
  auto root = parser.parse(emulator.state()).extract<Poco::JSON::Object::Ptr>();
  auto members = root->getArray("members");
  std::map<std::string, int> out;
  for (std::size_t i = 0; i < members->size(); ++i) {
    auto m = members->getObject(static_cast<unsigned>(i));
    if (m->optValue<bool>("deleted", false)) continue;
    ++out[m->getValue<std::string>("userName")];
  }
  return out;
}

int countAccounts(const std::map<std::string, int>& members, const std::string& prefix) {
  int n = 0;
  for (const auto& [name, count] : members) {
    if (name.rfind(prefix, 0) == 0) n += count;
  }
  return n;
}

}  // namespace

TEST_CASE(
    "daemon: runs on its schedule, serves /healthz and /metrics, talks to systemd and stops "
    "on SIGTERM",
    "[daemon][integration]") {
  EmulatorProcess emulator;
  Setup setup(emulator);
  setup.dir.write("hr.csv", hrExport(3));
  setup.config();
  NotifySocket notify(setup.path("notify.sock"));
  auto daemon = setup.start({{"NOTIFY_SOCKET", notify.path()}, {"WATCHDOG_USEC", "400000"}});

  REQUIRE(eventually([&] { return notify.received("READY=1"); }));
  REQUIRE(eventually([&] { return runsEnded(daemon->output()) >= 2; }));
  INFO(daemon->output());
  const std::string address = healthAddress(*daemon);
  REQUIRE_FALSE(address.empty());

  // The first run added the three people; the second found nothing to do.
  CHECK(countAccounts(liveMembers(emulator), "user0000") == 3);
  auto health = httpGet(address, "/healthz");
  CHECK(health.status == 200);
  CHECK(health.contentType == "application/json");
  CHECK_THAT(health.body, Catch::Contains("\"lastRun\":{\"id\":"));
  CHECK_THAT(health.body, Catch::Contains("\"kind\":\"daemon\""));
  CHECK_THAT(health.body, Catch::Contains("\"schedule\":\"every 1s\""));

  auto metrics = httpGet(address, "/metrics");
  CHECK(metrics.status == 200);
  CHECK_THAT(metrics.contentType, Catch::StartsWith("text/plain; version=0.0.4"));
  CHECK_THAT(metrics.body,
             Catch::Contains(
                 "membersync_api_calls_total{endpoint=\"A1 add members\",outcome=\"ok\"} 1\n"));
  CHECK_THAT(metrics.body,
             Catch::Contains("membersync_items_total{kind=\"add\",outcome=\"succeeded\"} 3\n"));
  CHECK_THAT(metrics.body, Catch::Contains("membersync_pool_shortages 0\n"));
  std::smatch done;
  const std::regex kDone("membersync_runs_total\\{outcome=\"done\"\\} ([0-9]+)");
  REQUIRE(std::regex_search(metrics.body, done, kDone));
  CHECK(std::stoi(done[1].str()) >= 2);

  CHECK(eventually([&] { return notify.received("STATUS=") && notify.received("WATCHDOG=1"); }));

  daemon->signal(SIGTERM);
  CHECK(daemon->waitForExit(30s) == 0);
  CHECK(notify.received("STOPPING=1"));
  const std::string log = daemon->output();
  CHECK_THAT(log, Catch::Contains("SIGTERM: stopping"));
  CHECK_THAT(log, Catch::Contains("membersync daemon stopped"));
  // READY=1 came after the endpoint was up, and before any run ended.
  const auto messages = notify.messages();
  REQUIRE_FALSE(messages.empty());
  CHECK_THAT(messages.front(), Catch::StartsWith("READY=1\nSTATUS="));
  for (const char* secret : {kClientSecret, kAdminPassword}) {
    CHECK_THAT(log, !Catch::Contains(secret));
  }
}

TEST_CASE("daemon: under journald (JOURNAL_STREAM) log lines carry syslog priorities",
          "[daemon][integration]") {
  EmulatorProcess emulator;
  Setup setup(emulator);
  setup.dir.write("hr.csv", hrExport(1));
  setup.config({"daily 03:00", "hr.csv", 8, ""});
  auto daemon = setup.start({{"JOURNAL_STREAM", "8:12345"}});
  REQUIRE(eventually([&] { return daemon->output().find("daemon started") != std::string::npos; }));
  daemon->signal(SIGINT);
  CHECK(daemon->waitForExit(30s) == 0);
  const std::string log = daemon->output();
  INFO(log);
  CHECK_THAT(log, Catch::Contains("<5>membersync daemon started"));
  CHECK_THAT(log, Catch::Contains("<5>SIGINT: stopping"));
}

TEST_CASE("daemon: SIGHUP with a bad file keeps the old configuration and a good one is used",
          "[daemon][integration]") {
  EmulatorProcess emulator;
  Setup setup(emulator);
  setup.dir.write("hr.csv", hrExport(2));
  setup.dir.write("hr-more.csv", hrExport(3));
  setup.config();
  auto daemon = setup.start();
  REQUIRE(eventually([&] { return runsEnded(daemon->output()) >= 1; }));
  INFO(daemon->output());

  // A config with a typo: reported, the old one kept, and runs go on with it.
  setup.dir.write("membersync.ini", "[center]\nbase_url = http://127.0.0.1:1\n[bogus]\nx = 1\n");
  daemon->signal(SIGHUP);
  REQUIRE(eventually([&] {
    return daemon->output().find("reload failed, keeping the previous configuration") !=
           std::string::npos;
  }));
  const int before = runsEnded(daemon->output());
  REQUIRE(eventually([&] { return runsEnded(daemon->output()) >= before + 1; }));
  CHECK(countAccounts(liveMembers(emulator), "user0000") == 2);

  // A bad policy is refused just the same.
  setup.dir.write("bad-policy.json", "{ \"departments\": [ }");
  setup.config({"every 1s", "hr-more.csv", 8, "[policy]\npath = bad-policy.json\n"});
  daemon->signal(SIGHUP);
  REQUIRE(eventually([&] {
    const std::string log = daemon->output();
    const auto first = log.find("reload failed");
    return first != std::string::npos && log.find("reload failed", first + 1) != std::string::npos;
  }));
  CHECK_THAT(daemon->output(), Catch::Contains("bad-policy.json"));
  CHECK(countAccounts(liveMembers(emulator), "user0000") == 2);

  // A good config with another export: the next run adds the third person.
  setup.config({"every 1s", "hr-more.csv", 8, ""});
  daemon->signal(SIGHUP);
  REQUIRE(eventually([&] { return daemon->output().find("reloaded ") != std::string::npos; }));
  CHECK(eventually([&] { return countAccounts(liveMembers(emulator), "user0000") == 3; }));

  daemon->signal(SIGTERM);
  CHECK(daemon->waitForExit(30s) == 0);
}

TEST_CASE("daemon: SIGTERM in the middle of a run leaves a journal the next sync completes",
          "[daemon][integration]") {
  // One call at a time: 1200 adds go out in 12 requests of 100, one by one. The emulator lets
  // the first through and holds the second until the test lets go: the run is stopped in the
  // middle of its adds for as long as the test needs, however busy the machine.
  EmulatorProcess emulator;
  emulator.holdWritesAfter(1);
  Setup setup(emulator);
  setup.dir.write("hr.csv", hrExport(1200));
  setup.config({"every 1s", "hr.csv", 1, ""});
  auto daemon = setup.start();
  REQUIRE(eventually([&] { return countAccounts(liveMembers(emulator), "user") >= 100; }, 60s));
  // While the run goes (its second request held) it holds the state lock.
  auto during =
      runCommand(membersyncExecutable(), {"--config", setup.path("membersync.ini"), "sync"});
  CHECK(during.exitCode == 1);
  CHECK_THAT(during.err, Catch::Contains("membersync daemon (pid " + std::to_string(daemon->pid()) +
                                         ") holds " + setup.path("membersync.db") + ".lock since "));
  daemon->signal(SIGTERM);
  emulator.releaseWrites();  // the request in flight completes; no new one is sent
  const auto code = daemon->waitForExit(60s);
  const std::string log = daemon->output();
  INFO(log);
  CHECK(code == 0);
  CHECK_THAT(log, Catch::Contains("the run going sends no new call"));
  CHECK_THAT(log, Catch::Contains(" cancelled after "));
  const int landed = countAccounts(liveMembers(emulator), "user");
  CHECK(landed >= 100);
  CHECK(landed < 1200);  // the rest was not sent

  // The next sync sends exactly what is missing.
  auto sync =
      runCommand(membersyncExecutable(), {"--config", setup.path("membersync.ini"), "sync"});
  INFO(sync.err);
  CHECK(sync.exitCode == 0);
  const auto members = liveMembers(emulator);
  CHECK(countAccounts(members, "user") == 1200);
  for (const auto& [name, count] : members) {
    INFO(name);
    CHECK(count == 1);  // nobody added twice
  }
  // And a sync after that has nothing left to do.
  auto again =
      runCommand(membersyncExecutable(), {"--config", setup.path("membersync.ini"), "sync"});
  CHECK(again.exitCode == 0);
  CHECK_THAT(again.out, Catch::Contains("): no changes."));
}

TEST_CASE(
    "daemon: a second instance is refused by the daemon lock, and between runs the writing "
    "verbs work beside it",
    "[daemon][integration]") {
  EmulatorProcess emulator;
  Setup setup(emulator);
  setup.dir.write("hr.csv", hrExport(2));
  setup.config({"daily 03:00", "hr.csv", 8, ""});
  auto daemon = setup.start();
  REQUIRE(eventually([&] { return daemon->output().find("daemon started") != std::string::npos; }));

  auto second =
      runCommand(membersyncExecutable(), {"--config", setup.path("membersync.ini"), "daemon"});
  CHECK(second.exitCode == 1);
  CHECK_THAT(second.err, Catch::Contains("membersync daemon (pid " + std::to_string(daemon->pid()) +
                                         ") holds " + setup.path("membersync.db") +
                                         ".daemon.lock since "));
  // The daemon holds the state lock only while a run goes: sync and allow work between runs.
  auto sync =
      runCommand(membersyncExecutable(), {"--config", setup.path("membersync.ini"), "sync"});
  INFO(sync.err);
  CHECK(sync.exitCode == 0);
  CHECK(countAccounts(liveMembers(emulator), "user0000") == 2);
  auto allow = runCommand(membersyncExecutable(),
                          {"--config", setup.path("membersync.ini"), "allow", "1"});
  INFO(allow.err);
  CHECK(allow.exitCode == 0);
  daemon->signal(SIGTERM);
  CHECK(daemon->waitForExit(30s) == 0);
}

TEST_CASE("daemon: a schedule it cannot follow exits 78 naming [daemon] schedule",
          "[daemon][integration]") {
  EmulatorProcess emulator;
  Setup setup(emulator);
  setup.dir.write("hr.csv", hrExport(1));
  setup.config({"every fortnight", "hr.csv", 8, ""});
  auto r = runCommand(membersyncExecutable(), {"--config", setup.path("membersync.ini"), "daemon"});
  CHECK(r.exitCode == 78);
  CHECK_THAT(r.err, Catch::Contains("[daemon] schedule: 'every fortnight'"));
  // Every verb refuses it, so `validate` catches it before the daemon is started.
  auto v =
      runCommand(membersyncExecutable(), {"--config", setup.path("membersync.ini"), "validate"});
  CHECK(v.exitCode == 78);
}

#ifdef MEMBERSYNC_TEST_SMTP
TEST_CASE("daemon: each run mails the passwords it confirmed, and /metrics counts those waiting",
          "[daemon][integration][smtp]") {
  EmulatorProcess emulator;
  membersync::testing::SmtpProcess smtp;
  Setup setup(emulator);
  std::string csv = "employee_id,account,name,department,remark,mobile,status,email\n";
  for (const char* n : {"00001", "00002"})
    csv += std::string("E") + n + ",user" + n + ",User " + n + ",,,,active,user" + n + "@acme.example\n";
  csv += "E00003,user00003,User 3,,,,active,\n";  // no address: the password waits, listed
  setup.dir.write("hr.csv", csv);
  Options o;
  o.extra = "[delivery]\nmethod = smtp\nsmtp_host = 127.0.0.1\nsmtp_port = " +
            std::to_string(smtp.port()) + "\nsmtp_tls = none\nfrom = it@acme.example\n";
  setup.config(o);
  auto daemon = setup.start();
  REQUIRE(eventually([&] { return runsEnded(daemon->output()) >= 2; }));
  INFO(daemon->output());
  CHECK(smtp.mails().size() == 2);  // once each, though two runs went by
  const std::string address = healthAddress(*daemon);
  const auto metrics = httpGet(address, "/metrics");
  CHECK_THAT(metrics.body, Catch::Contains("membersync_passwords_waiting{mail=\"none\"} 1\n"));
  CHECK_THAT(daemon->output(), Catch::Contains("mailed: 2"));
  daemon->signal(SIGTERM);
  CHECK(daemon->waitForExit(30s) == 0);
  const std::string log = daemon->output();
  for (const auto& mail : smtp.mails()) {
    const auto at = mail.content.find("Initial password: ");
    REQUIRE(at != std::string::npos);
    CHECK_THAT(log, !Catch::Contains(mail.content.substr(at + 18, 16)));
  }
}
#endif
