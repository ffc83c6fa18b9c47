// The console's people pages and /passwords as pure functions of the state (page.h): the data
// each gives on a real SqliteStore, and their templates rendered with mstch, escaping HR's text.
// Also what each applying run records for them (peopleRecordsOf).

#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>

#include "daemon/console/pages/passwords_page.h"
#include "daemon/console/pages/people_pages.h"
#include "daemon/console/pages/run_pages.h"
#include "jobs/apply/run_people.h"
#include "jobs/core/manual_clock.h"
#include "jobs/state/sqlite_store.h"

using namespace membersync;
using namespace membersync::console;

namespace {

std::string templateText(const std::string& name) {
  std::ifstream in(std::string(MEMBERSYNC_CONSOLE_TEMPLATES) + "/" + name + ".mustache");
  REQUIRE(in);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// `text` as a page shows it: escaped by mstch like every {{value}} ('/' too, as &#x2F;).
std::string shown(const std::string& text) {
  return mstch::render("{{x}}", mstch::map{{"x", text}});
}

std::string rendered(const PageAnswer& answer) {
  return mstch::render(templateText(answer.templateName), answer.data);
}

state::PersonRecord person(const std::string& id, const std::string& account,
                           const std::string& name) {
  state::PersonRecord p;
  p.employeeId = id;
  p.account = account;
  p.hrAccount = account;
  p.name = name;
  p.department = "ENG";
  return p;
}

// A state with people recorded by one run, as the pages would find it.
struct Console {
  ManualClock clock;
  std::unique_ptr<state::SqliteStore> store = state::SqliteStore::open(":memory:", clock);
  config::Config config;
  state::RunId run = store->beginRun({state::RunKind::Sync, "", 0, "", ""});

  Console() {
    config.sourceFile = "/etc/membersync/acme.ini";
    auto zhang = person("E1001", "zhangwei", "张伟");
    zhang.hrAccount = "ZhangWei";
    zhang.mobile = "13800000001";
    zhang.email = "zw@acme.example";
    zhang.rules = {"cad-seat"};
    store->recordPeople(run,
                        {zhang, person("E1002", "lina", "李娜"),
                         person("E6666", "mallory", "<script>alert(1)</script>")},
                        {});
  }

  PageAnswer get(PageFunction page, const std::string& path, std::vector<std::string> args = {},
                 std::map<std::string, std::string> query = {}) {
    PageRequest request{
        path,         std::move(args), std::move(query), Viewer{"ann", Role::Viewer},
        "csrf-token", *store,          config,           clock};
    return page(request);
  }
};

std::string text(const mstch::map& data, const std::string& key) {
  return boost::get<std::string>(data.at(key));
}
bool flag(const mstch::map& data, const std::string& key) {
  return boost::get<bool>(data.at(key));
}
const mstch::array& list(const mstch::map& data, const std::string& key) {
  return boost::get<mstch::array>(data.at(key));
}
const mstch::map& entry(const mstch::node& node) {
  return boost::get<mstch::map>(node);
}

}  // namespace

TEST_CASE("console: /people without a query shows the form and how many people are known",
          "[console][people]") {
  Console c;
  const auto answer = c.get(peoplePage, "/people");
  CHECK(answer.status == 200);
  CHECK(answer.personalData);
  CHECK(text(answer.data, "known") == "3");
  CHECK_FALSE(flag(answer.data, "searched"));
  CHECK(text(answer.data, "read_link") == "/runs/" + std::to_string(c.run));
  const std::string html = rendered(answer);
  CHECK(html.find("id=\"q\"") != std::string::npos);
  CHECK(html.find("name=\"q\"") != std::string::npos);
  CHECK(html.find("id=\"search\"") != std::string::npos);
  CHECK(html.find("3 people known") != std::string::npos);
}

TEST_CASE("console: /people finds a person by a Chinese name's substring and links their page",
          "[console][people]") {
  Console c;
  const auto answer = c.get(peoplePage, "/people", {}, {{"q", "伟"}});
  const auto& results = list(answer.data, "results");
  REQUIRE(results.size() == 1);
  CHECK(text(entry(results[0]), "account") == "ZhangWei");
  CHECK(text(entry(results[0]), "employee_id") == "E1001");
  CHECK(text(entry(results[0]), "link") == "/people/zhangwei");
  CHECK_FALSE(flag(answer.data, "more"));
  CHECK(rendered(answer).find("<a href=\"" + shown("/people/zhangwei") + "\">ZhangWei</a>") !=
        std::string::npos);

  const auto byId = c.get(peoplePage, "/people", {}, {{"q", "E100"}});
  CHECK(list(byId.data, "results").size() == 2);
  const auto none = c.get(peoplePage, "/people", {}, {{"q", "nobody"}});
  CHECK(flag(none.data, "none"));
}

TEST_CASE("console: /people shows 50 matches and says how many more to refine",
          "[console][people]") {
  Console c;
  std::vector<state::PersonRecord> many;
  for (int i = 0; i < 60; ++i)
    many.push_back(person("F" + std::to_string(100 + i), "user" + std::to_string(100 + i), "User"));
  c.store->recordPeople(c.store->beginRun({state::RunKind::Sync, "", 0, "", ""}), many, {});
  const auto answer = c.get(peoplePage, "/people", {}, {{"q", "user"}});
  CHECK(list(answer.data, "results").size() == 50);
  CHECK(flag(answer.data, "more"));
  CHECK(rendered(answer).find("10 more: refine the search") != std::string::npos);
}

TEST_CASE("console: /people/ACCOUNT shows HR fields, member, rules, assets, steps and explain",
          "[console][people]") {
  Console c;
  c.store->saveLink({"E1001", "zhangwei", "G-77", true, 0});
  c.store->saveOwnedAsset({"CAD-01", "G-77", "cad-seat", 0});
  const auto step =
      c.store->journalPlanned(c.run, {"add:E1001", "add", "zhangwei", "E1001", "", "name 张伟"});
  c.store->journalSent(step);
  c.store->journalSucceeded(step, std::string("G-77"));
  c.store->passwordGenerated("zhangwei", c.run);

  const auto answer = c.get(personPage, "/people/ZhangWei", {"ZhangWei"});
  CHECK(answer.status == 200);
  CHECK(answer.title == "张伟 (ZhangWei)");
  CHECK(text(answer.data, "employee_id") == "E1001");
  CHECK(text(answer.data, "mobile") == "13800000001");
  CHECK(text(answer.data, "email") == "zw@acme.example");
  CHECK(text(answer.data, "read_link") == "/runs/" + std::to_string(c.run));
  CHECK(text(answer.data, "explain_command") ==
        "membersync --config /etc/membersync/acme.ini explain ZhangWei");
  const auto& member = boost::get<mstch::map>(answer.data.at("member"));
  CHECK(text(member, "global_id") == "G-77");
  CHECK(list(member, "assets").size() == 1);
  CHECK(text(member, "password").find("not confirmed") != std::string::npos);
  const auto& steps = list(answer.data, "steps");
  REQUIRE(steps.size() == 1);
  CHECK(text(entry(steps[0]), "kind") == "add");
  CHECK(text(entry(steps[0]), "outcome") == "succeeded");
  CHECK(text(entry(steps[0]), "run_link") == "/runs/" + std::to_string(c.run));

  const std::string html = rendered(answer);
  CHECK(html.find("cad-seat") != std::string::npos);
  CHECK(html.find("CAD-01") != std::string::npos);
  CHECK(html.find("G-77") != std::string::npos);
}

TEST_CASE("console: /people/ACCOUNT of an account nobody recorded is 404 pointing at the search",
          "[console][people]") {
  Console c;
  const auto answer = c.get(personPage, "/people/wangfang", {"wangfang"});
  CHECK(answer.status == 404);
  const std::string html = rendered(answer);
  CHECK(html.find("No one with account wangfang") != std::string::npos);
  CHECK(html.find("href=\"" + shown("/people?q=wangfang") + "\"") != std::string::npos);
}

TEST_CASE("console: /passwords lists who waits for a first password and how its mail stands",
          "[console][passwords]") {
  Console c;
  c.store->recordItemPeople(c.run, {{"add:E1001", "zhangwei", "ZhangWei", "张伟", "E1001", "", 0}});
  c.store->passwordsGenerated({"zhangwei", "lina"}, c.run);
  c.store->passwordConfirmed("zhangwei");
  c.store->mailEnded("zhangwei",
                     {state::MailState::Refused, "zw@acme.example", "550 no such user", 1, {}});

  const auto answer = c.get(passwordsPage, "/passwords");
  const auto& waiting = list(answer.data, "waiting");
  REQUIRE(waiting.size() == 1);
  CHECK(text(entry(waiting[0]), "name") == "张伟");
  CHECK(text(entry(waiting[0]), "mail").find("refused for zw@acme.example") != std::string::npos);
  const auto& unconfirmed = list(answer.data, "unconfirmed");
  REQUIRE(unconfirmed.size() == 1);
  CHECK(text(entry(unconfirmed[0]), "account") == "lina");
  const std::string html = rendered(answer);
  CHECK(html.find(shown("membersync --config /etc/membersync/acme.ini passwords")) !=
        std::string::npos);
  CHECK(html.find("550 no such user") != std::string::npos);
}

TEST_CASE("console: the people pages show a name from HR as text, never as markup",
          "[console][people]") {
  Console c;
  c.store->recordItemPeople(
      c.run, {{"add:E6666", "mallory", "mallory", "<script>alert(1)</script>", "E6666", "", 0}});
  c.store->passwordGenerated("mallory", c.run);
  for (const auto& answer :
       {c.get(peoplePage, "/people", {}, {{"q", "mallory"}}),
        c.get(personPage, "/people/mallory", {"mallory"}), c.get(passwordsPage, "/passwords")}) {
    const std::string html = rendered(answer);
    INFO(answer.templateName);
    CHECK(html.find("<script>") == std::string::npos);
    CHECK(html.find("&lt;script&gt;alert(1)&lt;&#x2F;script&gt;") != std::string::npos);
  }
  // And a query typed into the search form goes back into it escaped.
  const std::string html =
      rendered(c.get(peoplePage, "/people", {}, {{"q", "\"><script>alert(1)</script>"}}));
  CHECK(html.find("<script>") == std::string::npos);
}

TEST_CASE("console: each run records every person of the export with the rules they match",
          "[console][people]") {
  directory::Export hr;
  directory::Person a;
  a.employeeId = "E1";
  a.account = "ZhangWei";
  a.name = "张伟";
  a.department = "ENG";
  a.attributes["lab"] = "LK-1";
  a.attributes["mail"] = "zw@acme.example";
  directory::Person b = a;
  b.employeeId = "E2";
  b.account = "lina";
  b.department = "SALES";
  b.attributes["lab"] = "";
  hr.people = {a, b, a};  // a repeated id counts once
  policy::Policy p;
  p.assets.push_back({"cad-seat", {{"department", {"ENG"}}}, {"CAD-01"}, "", false, ""});
  p.locks.push_back({"lab-lock", {}, "lab", ""});
  p.activities.push_back({"welcome", {}, "Welcome", "hr", "", "", ""});

  std::vector<state::PersonRecord> records;
  apply::peopleRecordsOf(hr, p, "mail")([&](state::PersonRecord&& r) { records.push_back(r); });
  REQUIRE(records.size() == 2);
  CHECK(records[0].account == "zhangwei");
  CHECK(records[0].hrAccount == "ZhangWei");
  CHECK(records[0].email == "zw@acme.example");
  CHECK(records[0].rules == std::vector<std::string>{"cad-seat", "lab-lock", "welcome"});
  CHECK(records[1].rules == std::vector<std::string>{"welcome"});  // no lock number, not ENG
}

TEST_CASE("run page: a run of 1,200 items shows 500 a page, with links to the pages around it",
          "[console]") {
  Console c;
  std::vector<state::StepInfo> steps;
  for (int i = 0; i < 1200; ++i)
    steps.push_back({"add:E" + std::to_string(i), "add", "staff" + std::to_string(i), "", "", ""});
  c.store->journalSent(c.run, steps);
  const std::string runText = std::to_string(c.run);

  const auto first = c.get(runPage, "/runs/" + runText, {runText});
  const std::string page1 = rendered(first);
  CHECK_THAT(page1, Catch::Contains("Items 1 to 500 of 1200"));
  CHECK_THAT(page1, Catch::Contains("staff499<") && !Catch::Contains("staff500<"));
  CHECK_THAT(page1, Catch::Contains("id=\"next-items\"") && !Catch::Contains("previous-items"));

  const auto last = c.get(runPage, "/runs/" + runText, {runText}, {{"from", "1000"}});
  const std::string page3 = rendered(last);
  CHECK_THAT(page3, Catch::Contains("Items 1001 to 1200 of 1200"));
  CHECK_THAT(page3, Catch::Contains("staff1199<") && !Catch::Contains("staff999<"));
  CHECK_THAT(page3, Catch::Contains("previous-items") && !Catch::Contains("next-items"));

  // A from= between pages starts at its page; nonsense starts at the first.
  CHECK_THAT(rendered(c.get(runPage, "/runs/" + runText, {runText}, {{"from", "777"}})),
             Catch::Contains("Items 501 to 1000"));
  CHECK_THAT(rendered(c.get(runPage, "/runs/" + runText, {runText}, {{"from", "-5x"}})),
             Catch::Contains("Items 1 to 500"));
}
