// What the console's people pages cost each run and each search: recordPeople() of a first sync,
// of an unchanged re-sync and of one with 1% changed, and searchPeople() by account prefix,
// employee id prefix and Chinese name substring, on a state database in a temporary folder.
//   people_bench [--people 100000]

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include "daemon/console/pages/passwords_page.h"
#include "daemon/console/pages/people_pages.h"
#include "jobs/core/manual_clock.h"
#include "jobs/state/sqlite_store.h"
#include "tests/support/temp_dir.h"

using namespace membersync;

namespace {

std::vector<state::PersonRecord> staff(int n) {
  static const char* surnames[] = {"张", "王", "李", "赵", "刘", "陈", "杨", "黄"};
  static const char* given[] = {"伟", "芳", "娜", "敏", "静", "磊", "洋", "勇", "艳", "杰"};
  std::vector<state::PersonRecord> out(n);
  for (int i = 0; i < n; ++i) {
    state::PersonRecord& p = out[i];
    p.employeeId = "E" + std::to_string(100000 + i);
    p.account = "user" + std::to_string(i);
    p.hrAccount = p.account;
    p.name = std::string(surnames[i % 8]) + given[(i / 8) % 10] + given[(i / 80) % 10];
    p.department = "D" + std::to_string(i % 40);
    p.mobile = "138" + std::to_string(10000000 + i);
    p.rules = {"cad-seat", "welcome"};
  }
  return out;
}

template <class F>
double millis(F&& f) {
  const auto t0 = std::chrono::steady_clock::now();
  f();
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace

int main(int argc, char** argv) {
  int n = 100000;
  for (int i = 1; i + 1 < argc; ++i) {
    if (std::strcmp(argv[i], "--people") == 0) n = std::atoi(argv[i + 1]);
  }
  testing::TempDir dir;
  ManualClock clock;
  auto store = state::SqliteStore::open((dir.path() / "state.db").string(), clock);
  auto people = staff(n);
  auto run = [&] { return store->beginRun({state::RunKind::Sync, "", 0, "", ""}); };

  state::PeopleWrites w;
  double ms = millis([&] { w = store->recordPeople(run(), people, {}); });
  std::printf("first run, %d people: %.1f ms, %zu written\n", n, ms, w.written);
  ms = millis([&] { w = store->recordPeople(run(), people, {}); });
  std::printf("unchanged re-run: %.1f ms, %zu written\n", ms, w.written);
  for (int i = 0; i < n; i += 100) people[i].department = "MOVED";
  ms = millis([&] { w = store->recordPeople(run(), people, {}); });
  std::printf("1%% changed: %.1f ms, %zu written\n", ms, w.written);

  for (const char* q : {"user4242", "E1000", "伟芳", "张", "nobody", ""}) {
    state::PeopleFound found;
    ms = millis([&] { found = store->searchPeople(q, 50); });
    std::printf("search '%s': %.1f ms, %lld found\n", q, ms, static_cast<long long>(found.total));
  }
  ms = millis([&] { (void)store->findPerson("user4242"); });
  std::printf("findPerson: %.2f ms\n", ms);

  // Each page's server time, without the rendering (the console server renders the data).
  config::Config config;
  auto page = [&](console::PageFunction f, const std::string& path, std::vector<std::string> args,
                  std::map<std::string, std::string> query) {
    console::PageRequest request{path, std::move(args), std::move(query), {},
                                 "",   *store,          config,           clock};
    int status = 0;
    ms = millis([&] { status = f(request).status; });
    std::printf("page %s: %.1f ms (status %d)\n", path.c_str(), ms, status);
  };
  page(console::peoplePage, "/people", {}, {});
  page(console::peoplePage, "/people?q=张", {}, {{"q", "张"}});
  page(console::peoplePage, "/people?q=user4242", {}, {{"q", "user4242"}});
  page(console::personPage, "/people/user4242", {"user4242"}, {});
  page(console::personPage, "/people/nobody", {"nobody"}, {});
  page(console::passwordsPage, "/passwords", {}, {});

  // What the people cost on disk: the database closed (its WAL folded in), per person.
  store.reset();
  const auto bytes = std::filesystem::file_size(dir.path() / "state.db");
  std::printf("state database: %.1f MiB, %.0f bytes a person\n", bytes / 1048576.0,
              static_cast<double>(bytes) / n);
  return 0;
}
