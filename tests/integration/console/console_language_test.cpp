// The console speaks the language a request asks for (issue 31), through the real binary over
// real sockets: Accept-Language with q-values, the `lang` cookie the language links set (it beats
// the header), English for anything else; the sign-in page, the home page, a run's held renames
// and the Approve notice in Chinese; two browsers in two languages at once.

#include <catch2/catch.hpp>

#include <chrono>
#include <future>
#include <map>
#include <thread>
#include <vector>

#include "tests/integration/console/console_client.h"
#include "tests/integration/sync/sync_fixture.h"

namespace {

using namespace membersync::testing;
using Catch::Contains;

const std::string kPassword = "approver-pass-123";
const std::string kChinese = "zh-CN,zh;q=0.9,en;q=0.8";

SyncOptions languageOptions(int port) {
  SyncOptions o;
  o.extra = "max_edits = 5\nedit_floor = 5\n[console]\nlisten = 127.0.0.1:" + std::to_string(port) +
            "\nusers_file = console-users\n";
  return o;
}

// 20 people synced, then all renamed: the edit guard holds the renames (exit 4).
long long heldRenames(SyncFixture& f) {
  auto people = staff(20);
  f.writeHr(people);
  REQUIRE(f.sync().exitCode == 0);
  f.writeHr(renamedAll(people, "Latin "));
  const auto held = f.sync();
  INFO(tail(held.out) << held.err);
  REQUIRE(held.exitCode == 4);
  return appliedRun(held.out);
}

ConsoleClient client(int port, const std::string& acceptLanguage) {
  ConsoleClient c(port);
  if (!acceptLanguage.empty()) c.headers["Accept-Language"] = acceptLanguage;
  return c;
}

void checkChinese(const Answer& a) {
  CHECK(a.status == 200);
  CHECK_THAT(a.body, Contains("<html lang=\"zh-CN\">"));
  CHECK(a.headers.at("Vary") == "Accept-Language, Cookie");
}

void checkEnglishHome(const Answer& a) {
  CHECK(a.status == 200);
  CHECK_THAT(a.body, Contains("<html lang=\"en\">") && Contains("What needs a person") &&
                         Contains("Last runs") && !Contains("最近的运行"));
}

}  // namespace

TEST_CASE(
    "console: Accept-Language zh-CN gets the sign-in page and home and a run's held renames and "
    "the Approve notice in Chinese while en-US and an unknown language get English",
    "[console][i18n]") {
  EmulatorProcess emulator;
  const int port = freePort();
  SyncFixture f(emulator, languageOptions(port));
  f.addSecret(kPassword);
  const long long run = heldRenames(f);
  REQUIRE(addConsoleUser(f, "alice", "approver", kPassword).exitCode == 0);
  auto console = startConsole(f, port);
  const std::string runPath = "/runs/" + std::to_string(run);
  const std::string addsPath = "/runs/" + std::to_string(run - 1);  // the first sync's adds

  ConsoleClient zh = client(port, kChinese);
  const Answer login = zh.get("/login");
  checkChinese(login);
  CHECK_THAT(login.body, Contains("<label for=\"name\">姓名</label>") &&
                             Contains(">登录</button>") && !Contains("Sign in") &&
                             !Contains("Password"));
  const Answer wrong = zh.signIn("alice", "wrong-password");
  CHECK(wrong.status == 401);
  CHECK_THAT(wrong.body, Contains("用户名或密码错误。"));
  // The failed sign-in's delay is for that name: wait for it to pass (an event: 200 or 303).
  Answer signedIn;
  for (int attempt = 0; attempt < 600; ++attempt) {
    signedIn = zh.signIn("alice", kPassword);
    if (signedIn.status != 429) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  REQUIRE(signedIn.status == 303);

  const Answer home = zh.get("/");
  checkChinese(home);
  CHECK_THAT(home.body, Contains("需要人工处理的事项") && Contains("最近的运行") &&
                            Contains(">退出登录</button>") && Contains("alice（审批人）") &&
                            !Contains("What needs a person") && !Contains("Last runs") &&
                            !Contains("Sign out"));
  // The state's words too: what is held and its kind, the counts, a run's kind.
  CHECK_THAT(home.body, Contains("<td>待确认：修改</td>") && Contains("<p>20 项待确认</p>") &&
                            Contains("<td>同步</td>") && !Contains("held edit") &&
                            !Contains("held by a guard") && !Contains("<td>sync</td>"));
  const Answer held = zh.get(runPath);
  checkChinese(held);
  CHECK_THAT(held.body, Contains("<h1>第 " + std::to_string(run) + " 次运行</h1>") &&
                            Contains("安全阈值拦下的待确认更改") && Contains(">批准</button>") &&
                            Contains("待确认") && Contains("撤销只能在命令行进行") &&
                            Contains("同步，开始于") && !Contains("sync, started") &&
                            Contains("<td>修改：E0001@") && !Contains("<td>edit:E0001@") &&
                            !Contains("Held back") && !Contains(">Approve<") &&
                            !Contains("Item by item"));
  // Every other page too, its words from the catalogue: the words shown, and the English ones
  // (a step's or a run's kind) not.
  struct Words {
    std::vector<std::string> shown, absent;
  };
  const std::map<std::string, Words> pages{
      {"/runs", {{"开始时间", "更改", "<td>同步</td>"}, {"<td>sync</td>"}}},
      {addsPath, {{"<td>新增</td>", "同步，开始于"}, {"<td>add</td>", "sync, started"}}},
      {"/people?q=staff", {{"账号、姓名或工号", "已知 20 人", "工号"}, {}}},
      {"/people/staff0002",
       {{"人事系统中的信息", "各次运行的更改", "实时查看", "<td>新增</td>"}, {"<td>add</td>"}}},
      {"/pools", {{"还没有统计"}, {}}},
      {"/passwords", {{"这里从不显示密码", "待发放"}, {}}},
      {"/nowhere", {{"这里没有内容："}, {}}}};
  for (const auto& [path, words] : pages) {
    INFO(path);
    const Answer a = zh.get(path);
    CHECK_THAT(a.body, Contains("<html lang=\"zh-CN\">") && !Contains("Sign out") &&
                           !Contains("Account") && !Contains("Started") && !Contains("No counts") &&
                           !Contains("never shown") && !Contains("Nothing is here"));
    for (const auto& word : words.shown) CHECK_THAT(a.body, Contains(word));
    for (const auto& word : words.absent) CHECK_THAT(a.body, !Contains(word));
  }
  // English keeps the state's words as they were, before the approval as after.
  ConsoleClient en = client(port, "en-US");
  CHECK_THAT(en.get("/login").body,
             Contains("<html lang=\"en\">") && Contains(">Sign in</button>"));
  REQUIRE(en.signIn("alice", kPassword).status == 303);
  CHECK_THAT(en.get("/").body, Contains("<td>held edit</td>") &&
                                   Contains("<p>20 held by a guard</p>") &&
                                   Contains("<td>sync</td>"));

  const std::string origin = "http://127.0.0.1:" + std::to_string(port);
  REQUIRE(
      zh.post(runPath + "/approve", {{"csrf", hiddenField(held.body, "csrf")}}, origin).status ==
      303);
  CHECK_THAT(zh.get(runPath).body, Contains("已放行 20 项待确认的更改；下一次同步会执行它们。"));
  // The audit keeps the approval untranslated: it reads in the reader's language.
  CHECK_THAT(
      zh.get(runPath).body,
      Contains(
          "alice（来自 127.0.0.1）：已放行 20 项待确认更改中的 20 项，以及 0 个结果未知的报名") &&
          !Contains("released 20 of 20"));

  checkEnglishHome(en.get("/"));
  CHECK_THAT(en.get(addsPath).body, Contains("<td>add</td>") && Contains("sync, started"));
  CHECK_THAT(en.get(runPath).body, Contains("Held back by a safety guard") &&
                                       Contains("<td>edit:E0001@") && Contains("Item by item") &&
                                       !Contains("待确认"));
  CHECK_THAT(
      en.get(runPath).body,
      Contains(
          ": alice from 127.0.0.1: released 20 of 20 held item(s) and 0 enrolment(s) in doubt"));
  ConsoleClient other = client(port, "fr-FR,de;q=0.8");
  CHECK_THAT(other.get("/login").body,
             Contains("<html lang=\"en\">") && Contains(">Sign in</button>") && !Contains("登录"));
  ConsoleClient none = client(port, "");
  CHECK_THAT(none.get("/login").body, Contains("<html lang=\"en\">") && Contains("Sign in"));
  console->kill(SIGTERM);
  f.keep(console->wait());
  f.checkNoSecretLeaked();
}

TEST_CASE(
    "console: the language link's lang cookie beats Accept-Language and two browsers read the "
    "console in two languages at once",
    "[console][i18n]") {
  EmulatorProcess emulator;
  const int port = freePort();
  SyncFixture f(emulator, languageOptions(port));
  f.addSecret(kPassword);
  f.writeHr(staff(3));
  REQUIRE(f.sync().exitCode == 0);
  REQUIRE(addConsoleUser(f, "alice", "approver", kPassword).exitCode == 0);
  auto console = startConsole(f, port);

  ConsoleClient zh = client(port, kChinese);
  REQUIRE(zh.signIn("alice", kPassword).status == 303);
  const Answer chinese = zh.get("/runs");
  checkChinese(chinese);
  // Every page links each language, back to the page itself.
  CHECK_THAT(chinese.body, Contains("language?set=en&amp;next=&#x2F;runs\"") &&
                               Contains(">English</a>") && Contains(">中文</strong>"));
  const Answer chosen = zh.get("/language?set=en&next=%2Fruns");
  CHECK(chosen.status == 303);
  CHECK(chosen.headers.at("Location") == "/runs");
  REQUIRE(chosen.setCookies.size() == 1);
  CHECK_THAT(chosen.setCookies[0],
             Contains("lang=en") && Contains("SameSite=Strict") && Contains("Path=/"));
  checkEnglishHome(zh.get("/"));  // Accept-Language still asks for Chinese: the choice wins
  // Somewhere else only: a link cannot send the browser to another site.
  CHECK(zh.get("/language?set=zh-CN&next=https://evil.example/").headers.at("Location") == "/");
  checkChinese(zh.get("/"));

  ConsoleClient en = client(port, "en-US,en;q=0.9");
  REQUIRE(en.signIn("alice", kPassword).status == 303);
  en.cookies["lang"] = "zh-CN";
  CHECK_THAT(en.get("/").body, Contains("需要人工处理的事项"));
  en.cookies["lang"] = "en";
  zh.cookies["lang"] = "zh-CN";
  // Two requests in two languages at once: each answered in its own.
  for (int round = 0; round < 5; ++round) {
    auto chineseHome = std::async(std::launch::async, [&] { return zh.get("/"); });
    auto englishHome = std::async(std::launch::async, [&] { return en.get("/"); });
    CHECK_THAT(chineseHome.get().body, Contains("需要人工处理的事项") && !Contains("Last runs"));
    checkEnglishHome(englishHome.get());
  }
  console->kill(SIGTERM);
  f.keep(console->wait());
  f.checkNoSecretLeaked();
}
