// What needs a person, as a pure function of what the state holds.

#include "jobs/report/attention.h"

#include <catch2/catch.hpp>

using namespace membersync;
using report::AttentionClass;
using report::AttentionInputs;
using report::AttentionKind;

namespace {

constexpr state::Millis kDay = 24LL * 3600 * 1000;
constexpr state::Millis kNow = 1767225600000;  // 2026-01-01 00:00:00 UTC

const report::AttentionItem* find(const report::Attention& a, AttentionKind kind,
                                  const std::string& key) {
  for (const auto& i : a.items)
    if (i.kind == kind && i.key == key) return &i;
  return nullptr;
}

AttentionInputs inputs() {
  AttentionInputs in;
  in.now = kNow;
  in.run = 12;
  return in;
}

}  // namespace

TEST_CASE(
    "attention: a guard's unreleased holds are named by person with the allow command, released "
    "ones need nobody",
    "[report][attention]") {
  AttentionInputs in = inputs();
  in.held = {{12, "withdraw:0a35292e@1f2e3d4c5b6a7988", "the guard's reason", kNow, {}, {}},
             {12, "delete:77@aa", "the guard's reason", kNow, kNow, {}}};
  in.people = {{"withdraw:0a35292e", "wangwei", "WangWei", "王伟", "E0001", "hr.csv:2", 12}};
  in.configArgument = "--config /etc/membersync/acme.ini";
  const auto a = report::attention(in);
  REQUIRE(a.items.size() == 1);
  const auto& held = a.items[0];
  CHECK(held.kind == AttentionKind::Held);
  CHECK(held.account == "WangWei");  // as HR spells it, never the globalId
  CHECK(held.name == "王伟");
  CHECK(held.action == "withdraw");
  // Plain text: each surface quotes commands its own way (a report shows them as code).
  CHECK(i18n::english(held.command) == "membersync --config /etc/membersync/acme.ini allow 12");
  CHECK(a.worst() == AttentionClass::Guard);
  CHECK(a.countsText() == "1 held by a guard");
}

TEST_CASE(
    "attention: invalid rows and pools run dry come from the run's problems, items refused or "
    "failed from the state, named by the person the run saw",
    "[report][attention]") {
  AttentionInputs in = inputs();
  in.problems = {{12, "problem:line:14", "mobile \"123\" is not a mobile number"},
                 {12, "problem:assets:cad-seat", "pool cad-seat ran dry: 1 person without: lina"},
                 {12, "problem:lock:E3", "not one of these"}};
  state::ItemRecord refused;
  refused.key = "add:E0005";
  refused.status = state::ItemStatus::Refused;
  refused.code = "10004";
  refused.message = "bad mobile";
  state::ItemRecord failed = refused;
  failed.key = "edit:E0006";
  failed.status = state::ItemStatus::RetryLater;
  failed.nextAttemptAt = kNow + 3600000;
  in.openItems = {refused, failed};
  in.people = {{"problem:line:14", "zhangsan", "ZhangSan", "", "E0003", "hr.csv:14", 12},
               {"add:E0005", "lisi", "lisi", "李四", "E0005", "hr.csv:6", 12}};
  const auto a = report::attention(in);
  const auto* row = find(a, AttentionKind::InvalidRow, "problem:line:14");
  REQUIRE(row);
  CHECK(row->account == "ZhangSan");
  CHECK(row->source == "hr.csv:14");
  CHECK(i18n::english(row->command) == "fix hr.csv:14, then run membersync sync");
  REQUIRE(find(a, AttentionKind::PoolDry, "problem:assets:cad-seat"));
  CHECK(a.count(AttentionKind::PoolDry) == 1);  // a lock problem is not one of the kinds
  const auto* r = find(a, AttentionKind::Refused, "add:E0005");
  REQUIRE(r);
  CHECK(r->name == "李四");
  CHECK(i18n::english(r->reason) == "10004: bad mobile");
  CHECK_THAT(i18n::english(r->command),
             Catch::Contains("hr.csv:6") && Catch::Contains("explain lisi"));
  const auto* f = find(a, AttentionKind::Failed, "edit:E0006");
  REQUIRE(f);
  CHECK(f->account.empty());  // nobody recorded: the key still says what it is
  CHECK(a.worst() == AttentionClass::NotDone);
}

TEST_CASE(
    "attention: writes and passwords in doubt are said once per account, and passwords wait "
    "password_wait_days before they need a person",
    "[report][attention]") {
  AttentionInputs in = inputs();
  state::Step add;
  add.id = 41;
  add.runId = 11;
  add.info = {"add:E7", "add", "carol", "E7", "", ""};
  in.unsettledSteps = {add};
  in.unconfirmedPasswords = {{"carol", 11, kNow}, {"dave", 10, kNow}};
  state::PasswordToHandOut fresh, old;
  fresh.account = "erin";
  fresh.confirmedAt = kNow - 2 * kDay;
  old.account = "frank";
  old.confirmedAt = kNow - 4 * kDay;
  in.passwordsToHandOut = {fresh, old};
  const auto a = report::attention(in);
  CHECK(a.count(AttentionKind::InDoubt) == 2);  // carol's step, dave's password
  REQUIRE(find(a, AttentionKind::InDoubt, "step:41"));
  CHECK(i18n::english(find(a, AttentionKind::InDoubt, "step:41")->command) == "membersync sync");
  REQUIRE(find(a, AttentionKind::InDoubt, "password:dave"));
  CHECK(i18n::english(find(a, AttentionKind::InDoubt, "password:dave")->command) ==
        "membersync sync");
  CHECK_THAT(i18n::english(find(a, AttentionKind::InDoubt, "password:dave")->reason),
             Catch::Contains("membersync reset-password dave sets a new one"));
  CHECK(a.count(AttentionKind::PasswordWaiting) == 1);
  const auto* waiting = find(a, AttentionKind::PasswordWaiting, "password:frank");
  REQUIRE(waiting);
  CHECK(i18n::english(waiting->reason) == "set 4 days ago and not handed out");
  in.passwordWaitDays = 5;
  CHECK(report::attention(in).count(AttentionKind::PasswordWaiting) == 0);
}

TEST_CASE("attention: passwords waiting and pools run dry alone only call for attention",
          "[report][attention]") {
  AttentionInputs in = inputs();
  in.problems = {{12, "problem:assets:cad", "pool cad ran dry"}};
  const auto a = report::attention(in);
  CHECK(a.worst() == AttentionClass::Notice);
  CHECK(report::classOf(AttentionKind::PasswordWaiting) == AttentionClass::Notice);
  CHECK(report::classOf(AttentionKind::InvalidRow) == AttentionClass::NotDone);
}

TEST_CASE(
    "attention: the fingerprint follows what needs a person, not the words or the time it is "
    "said in",
    "[report][attention]") {
  AttentionInputs in = inputs();
  in.problems = {{12, "problem:line:3", "one wording"}};
  const std::string first = report::attention(in).fingerprint();
  in.problems = {{13, "problem:line:3", "another wording"}};
  in.now += kDay;
  CHECK(report::attention(in).fingerprint() == first);
  in.problems.push_back({13, "problem:line:4", "a second row"});
  CHECK(report::attention(in).fingerprint() != first);
  CHECK(report::attention(inputs()).empty());
}

TEST_CASE("attention: the people to look up are those of the items shown", "[report][attention]") {
  AttentionInputs in = inputs();
  in.held = {{12, "edit:E1@abc", "r", kNow, {}, {}}};
  in.problems = {{12, "problem:line:3", "bad"}, {12, "problem:assets:x", "dry"}};
  in.unconfirmedPasswords = {{"dave", 10, kNow}};
  state::Enrolment e;
  e.employeeId = "E9";
  e.status = state::EnrolmentStatus::Unknown;
  in.enrolments = {{"E9|welcome", e}};
  const auto wanted = report::peopleWanted(in);
  CHECK(wanted.keys == std::vector<std::string>{"edit:E1", "problem:line:3"});
  CHECK(wanted.accounts == std::vector<std::string>{"dave"});
  CHECK(wanted.employeeIds == std::vector<std::string>{"E9"});
}
