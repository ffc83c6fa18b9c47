// Benchmark: each console page's server time for a large enterprise (issue 29: under 200 ms for
// 100,000 people and 1,000 runs).
//
//   cmake --build build-rel -j2 --target console_bench membersync membercenter-emulator
//   build-rel/tests/bench/console_bench [--people 100000] [--runs 1000] [--requests 10]
//
// The state database is made as an installation makes it: a real first sync of PEOPLE people
// (each granted one asset of a pool, as in sync_step.h: the same classes as `membersync sync`)
// against the emulator, then RUNS - 1 more runs recorded through the state store the way the
// sync records them (two hours apart, each with a few renames, some held by the edit guard, and
// a dozen asset rules' counts): 1,000 runs are what a daemon syncing every two hours keeps within
// the default keep_runs_days (90); the first sync's purge would drop older ones.
// Then the real `membersync console` is started on loopback, a viewer signs in, and every page
// is asked for REQUESTS times (after one request to warm the page cache). Printed per page: the
// median and slowest answer as the client saw it on loopback (server time plus a loopback round
// trip), and the page's size. Nothing is asserted.

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <regex>
#include <sstream>
#include <csignal>
#include <string>
#include <thread>
#include <vector>

#include <Poco/Net/HTTPClientSession.h>
#include <Poco/Net/HTTPRequest.h>
#include <Poco/Net/HTTPResponse.h>
#include <Poco/Net/NameValueCollection.h>
#include <Poco/Net/ServerSocket.h>
#include <Poco/Net/SocketAddress.h>
#include <Poco/StreamCopier.h>
#include <Poco/URI.h>

#include "jobs/core/manual_clock.h"
#include "jobs/state/pool_counts.h"
#include "jobs/state/sqlite_store.h"
#include "tests/bench/bench_support.h"
#include "tests/bench/hr_people.h"
#include "tests/bench/sync_step.h"
#include "tests/support/command.h"
#include "tests/support/emulator_process.h"
#include "tests/support/temp_dir.h"

namespace {

using namespace membersync;
using Poco::Net::HTTPRequest;
using Poco::Net::HTTPResponse;

struct Args {
  int people = 100000;
  int runs = 1000;
  int requests = 10;
};

// A browser as far as the console can tell: one session cookie, kept across requests.
class Client {
 public:
  explicit Client(int port) : session_("127.0.0.1", static_cast<Poco::UInt16>(port)) {}

  struct Answer {
    int status = 0;
    std::string body;
    std::string location;
    double ms = 0;
  };

  Answer get(const std::string& path) { return send(HTTPRequest::HTTP_GET, path, ""); }

  Answer post(const std::string& path, const std::string& form) {
    return send(HTTPRequest::HTTP_POST, path, form);
  }

 private:
  Answer send(const std::string& method, const std::string& path, const std::string& form) {
    HTTPRequest request(method, path, HTTPRequest::HTTP_1_1);
    if (!cookies_.empty()) request.setCookies(cookies_);
    if (method == HTTPRequest::HTTP_POST) {
      request.setContentType("application/x-www-form-urlencoded");
      request.setContentLength(static_cast<std::streamsize>(form.size()));
      request.set("Origin", "http://127.0.0.1:" + std::to_string(session_.getPort()));
    }
    const auto start = std::chrono::steady_clock::now();
    session_.sendRequest(request) << form;
    HTTPResponse response;
    std::istream& in = session_.receiveResponse(response);
    Answer a;
    Poco::StreamCopier::copyToString(in, a.body);
    a.ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
               .count();
    a.status = static_cast<int>(response.getStatus());
    if (response.has("Location")) a.location = response.get("Location");
    std::vector<Poco::Net::HTTPCookie> cookies;
    response.getCookies(cookies);
    for (const auto& c : cookies) cookies_.set(c.getName(), c.getValue());
    return a;
  }

  Poco::Net::HTTPClientSession session_;
  Poco::Net::NameValueCollection cookies_;
};

std::string csrfOf(const std::string& page) {
  std::smatch m;
  static const std::regex field(R"re(name="csrf" value="([^"]+)")re");
  return std::regex_search(page, m, field) ? m[1].str() : "";
}

std::string formValue(const std::string& text) {
  return Poco::URI(Poco::URI("http://x/?v=" + text)).getRawQuery().substr(2);
}

// A dozen asset rules as run r of `runs` counted them: pools filling up over the years.
std::vector<state::PoolCount> poolCountsOf(int r, int runs, int people) {
  std::vector<state::PoolCount> counts;
  for (int rule = 0; rule < 12; ++rule) {
    state::PoolCount c;
    // The first sync's policy has one rule, "seat": its chart draws every run's counts.
    c.rule = rule == 0 ? "seat" : "rule-" + std::to_string(rule);
    c.product = rule % 3 == 2;
    c.capacity = people / 10 + rule * 100;
    c.assigned = c.capacity * r / (runs + rule);
    c.free = c.capacity - c.assigned;
    c.owned = c.assigned * 9 / 10;
    c.wanted = c.assigned;
    counts.push_back(c);
  }
  return counts;
}

// RUNS - 1 nightly runs after the first sync: a few renames each, every tenth held by the edit
// guard, recorded two hours apart on their own clock.
void recordHistory(const std::string& database, int runs, int people) {
  ManualClock clock(std::chrono::system_clock::now() - std::chrono::hours(2 * runs));
  auto store = state::SqliteStore::open(database, clock);
  for (int r = 1; r < runs; ++r) {
    clock.advance(std::chrono::hours(2));
    store->transaction([&] {
      const auto run = store->beginRun({state::RunKind::Sync, "export", people, "policy", ""});
      state::RunCounts counts;
      std::vector<state::ItemPerson> named;
      for (int i = 0; i < 5; ++i) {
        const int n = 1 + (r * 37 + i * 7919) % people;
        char account[32];
        std::snprintf(account, sizeof account, "staff%06d", n);
        const std::string key = std::string("edit:E") + (account + 5);
        if (r % 10 == 0) {
          store->recordHeld(run, key, "more edits than [sync] max_edits allows");
          ++counts.held;
        } else {
          const auto step = store->journalPlanned(run, {key, "edit", account, "", "", "name"});
          store->journalSent(step);
          store->journalSucceeded(step, std::nullopt);
          ++counts.edited;
        }
        named.push_back({key, account, account, "员工", std::string("E") + (account + 5),
                         "hr-export.csv:" + std::to_string(n + 1), run});
      }
      store->recordItemPeople(run, named);
      store->recordPoolCounts(run, poolCountsOf(r, runs, people));
      store->finishRun(run, counts.held ? "held" : "done", counts, "");
    });
  }
}

struct PageTime {
  std::string path;
  int status = 0;
  double medianMs = 0, maxMs = 0;
  std::size_t bytes = 0;
};

PageTime timePage(Client& client, const std::string& path, int requests) {
  PageTime t{path};
  client.get(path);  // warms SQLite's page cache, as a person's second look finds it
  std::vector<double> ms;
  for (int i = 0; i < requests; ++i) {
    const auto a = client.get(path);
    t.status = a.status;
    t.bytes = a.body.size();
    ms.push_back(a.ms);
  }
  std::sort(ms.begin(), ms.end());
  t.medianMs = ms[ms.size() / 2];
  t.maxMs = ms.back();
  return t;
}

int freePort() {
  Poco::Net::ServerSocket probe(Poco::Net::SocketAddress("127.0.0.1", 0));
  const int port = probe.address().port();
  probe.close();
  return port;
}

}  // namespace

int main(int argc, char** argv) {
  Args a;
  bench::printMachine();
  bench::parseIntFlags(argc, argv,
                       {{"people", &a.people}, {"runs", &a.runs}, {"requests", &a.requests}});
  testing::TempDir dir;
  const std::string database = (dir.path() / "membersync.db").string();
  {
    // The history first (older runs), then the first sync of everyone as the newest run.
    std::cout << "recording " << a.runs - 1 << " runs of history ..." << std::endl;
    recordHistory(database, a.runs, a.people);
    std::cout << "first sync of " << a.people << " people against the emulator ..." << std::endl;
    testing::EmulatorProcess emulator(testing::EmulatorProcess::Options{
        bench::fixtureWithMembers(dir, 0, a.people), {}});
    const auto staff = bench::generateStaff(a.people);
    const std::string csv = dir.write("hr-export.csv", bench::toCsv(staff)).string();
    const std::string policy =
        dir.write("policy.json", bench::policyJson(bench::poolNumbers(a.people))).string();
    const bench::SyncSetup setup{emulator, database, (dir.path() / "outbox.csv").string(),
                                 policy};
    const auto first = bench::syncOnce(setup, csv);
    std::printf("first sync: run %lld, %d added, %.1f s\n", static_cast<long long>(first.run),
                first.counts.added, first.seconds);
  }

  const int port = freePort();
  dir.write("secret", "unused\n");
  const std::string config =
      dir.write("membersync.ini",
                "[center]\nbase_url = http://127.0.0.1:1\ntoken_url = http://127.0.0.1:1/t\n"
                "enterprise_global_id = ENT-ACME-0001\nenterprise_code = acme\n"
                "client_id = c\nclient_secret_file = secret\nadmin_user = admin@acme\n"
                "admin_password_file = secret\n[directory]\npath = hr-export.csv\n"
                "[policy]\npath = policy.json\n[state]\ndatabase = " + database +
                    "\n[console]\nlisten = 127.0.0.1:" + std::to_string(port) +
                    "\nusers_file = " + (dir.path() / "console-users").string() + "\n")
          .string();
  const std::string membersync = MEMBERSYNC_BENCH_BINARY;
  const auto added = testing::runCommand(
      "/bin/sh", {"-c", "printf 'bench-password-1\\n' | '" + membersync + "' --config '" + config +
                            "' console-user add bench --role viewer"});
  if (added.exitCode != 0) {
    std::cerr << "console-user add failed: " << added.err << "\n";
    return 1;
  }
  auto console = testing::launchCommand(membersync, {"--config", config, "console"});
  Client client(port);
  // The console listens once it has read the users file; the first GET that answers is the event.
  Client::Answer login;
  for (int i = 0; i < 2000 && login.status == 0; ++i) {
    try {
      login = client.get("/login");
    } catch (const Poco::Exception&) {
      if (!console->running()) break;
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
  }
  if (login.status != 200) {
    std::cerr << "the console did not start: " << console->wait().err << "\n";
    return 1;
  }
  const auto signedIn = client.post(
      "/login", "name=bench&password=bench-password-1&next=%2F&csrf=" + formValue(csrfOf(login.body)));
  if (signedIn.status != 303) {
    std::cerr << "sign-in answered " << signedIn.status << "\n";
    return 1;
  }
  const std::string last = std::to_string(a.runs);
  const std::vector<std::string> paths{
      "/", "/runs", "/runs/" + last, "/runs/" + std::to_string(a.runs / 2), "/runs?before=" + last,
      "/people", "/people?q=staff05", "/people?q=" + formValue("王"), "/people?q=E050000",
      "/people/staff050000", "/pools", "/passwords"};
  std::printf("\n%d people, %d runs; %d requests a page; aim: under 200 ms\n", a.people, a.runs,
              a.requests);
  std::printf("%-34s %6s %10s %10s %10s\n", "page", "status", "median ms", "max ms", "KiB");
  for (const auto& path : paths) {
    const auto t = timePage(client, path, a.requests);
    std::printf("%-34s %6d %10.1f %10.1f %10.1f%s\n", t.path.c_str(), t.status, t.medianMs,
                t.maxMs, t.bytes / 1024.0, t.maxMs < 200 ? "" : "  (over the aim)");
  }
  console->kill(SIGTERM);
  console->wait();
  return 0;
}
