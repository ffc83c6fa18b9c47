// People as HR last listed them (schema 14, the console's people pages): only what changed is
// written, who left is marked and forgotten with their member, and people are found by account,
// employee id or (Chinese) name.

#include <catch2/catch.hpp>

#include "tests/unit/state/rig.h"

using namespace membersync::state;
using membersync::state::testing::Rig;

namespace {

PersonRecord person(const std::string& id, const std::string& account, const std::string& name) {
  PersonRecord p;
  p.employeeId = id;
  p.account = account;
  p.hrAccount = account;
  p.name = name;
  p.department = "ENG";
  p.rules = {"cad-seat", "welcome"};
  return p;
}

std::vector<PersonRecord> staff() {
  auto zhang = person("E1001", "zhangwei", "张伟");
  zhang.hrAccount = "ZhangWei";
  zhang.mobile = "13800000001";
  zhang.email = "zw@acme.example";
  return {zhang, person("E1002", "lina", "李娜"), person("E2001", "bob", "Bob Smith")};
}

RunId newRun(Rig& rig) {
  return rig.store->beginRun({RunKind::Sync, "", 0, "", ""});
}

}  // namespace

TEST_CASE("state: the first run records every person with their fields and matched rules",
          "[state][people]") {
  Rig rig;
  const RunId run = newRun(rig);
  const auto writes = rig.store->recordPeople(run, staff(), {});
  CHECK(writes.written == 3);
  CHECK(rig.store->peopleCount() == 3);
  CHECK(rig.store->peopleReadIn() == run);

  const auto zhang = rig.store->findPerson("zhangwei");
  REQUIRE(zhang);
  CHECK(zhang->employeeId == "E1001");
  CHECK(zhang->hrAccount == "ZhangWei");
  CHECK(zhang->name == "张伟");
  CHECK(zhang->department == "ENG");
  CHECK(zhang->mobile == std::optional<std::string>("13800000001"));
  CHECK(zhang->email == "zw@acme.example");
  CHECK(zhang->rules == std::vector<std::string>{"cad-seat", "welcome"});
  CHECK(zhang->changedIn == run);
  CHECK(zhang->leftIn == 0);
  CHECK_FALSE(rig.store->findPerson("lina")->mobile);
  CHECK_FALSE(rig.store->findPerson("nobody"));
}

TEST_CASE("state: an unchanged export writes no person again, a change rewrites that person only",
          "[state][people]") {
  Rig rig;
  const RunId first = newRun(rig);
  rig.store->recordPeople(first, staff(), {});
  const RunId second = newRun(rig);
  CHECK(rig.store->recordPeople(second, staff(), {}).written == 0);
  CHECK(rig.store->findPerson("lina")->changedIn == first);
  CHECK(rig.store->peopleReadIn() == second);

  auto changed = staff();
  changed[1].department = "SALES";
  changed[2].rules = {};
  changed[2].email = "bob@acme.example";
  const RunId third = newRun(rig);
  CHECK(rig.store->recordPeople(third, changed, {}).written == 2);
  CHECK(rig.store->findPerson("bob")->email == "bob@acme.example");
  CHECK(rig.store->findPerson("lina")->department == "SALES");
  CHECK(rig.store->findPerson("lina")->changedIn == third);
  CHECK(rig.store->findPerson("bob")->rules.empty());
  CHECK(rig.store->findPerson("zhangwei")->changedIn == first);
}

TEST_CASE("state: a person no longer listed is marked left, and forgotten once their member is",
          "[state][people]") {
  Rig rig;
  rig.store->saveLink({"E1002", "lina", "G2", true, 0});
  rig.store->recordPeople(newRun(rig), staff(), {});
  auto fewer = staff();
  fewer.erase(fewer.begin() + 1, fewer.end());  // lina (linked) and bob (not) left
  const RunId run = newRun(rig);
  const auto writes = rig.store->recordPeople(run, fewer, {});
  CHECK(writes.left == 2);
  CHECK(writes.dropped == 1);  // bob: no member of his is linked
  CHECK_FALSE(rig.store->findPerson("bob"));
  REQUIRE(rig.store->findPerson("lina"));
  CHECK(rig.store->findPerson("lina")->leftIn == run);

  rig.store->dropLink("E1002");
  CHECK(rig.store->recordPeople(newRun(rig), fewer, {}).dropped == 1);
  CHECK_FALSE(rig.store->findPerson("lina"));

  // Back in HR: listed again, whatever was recorded before.
  const RunId back = newRun(rig);
  CHECK(rig.store->recordPeople(back, staff(), {}).written == 2);
  CHECK(rig.store->findPerson("lina")->leftIn == 0);
}

TEST_CASE("state: a person whose row is skipped as invalid stays as last read, not marked left",
          "[state][people]") {
  Rig rig;
  const RunId first = newRun(rig);
  rig.store->recordPeople(first, staff(), {});
  auto valid = staff();
  valid.erase(valid.begin() + 1);  // lina's row is invalid this time
  const auto writes = rig.store->recordPeople(newRun(rig), valid, {"E1002"});
  CHECK(writes.left == 0);
  CHECK(writes.dropped == 0);
  REQUIRE(rig.store->findPerson("lina"));
  CHECK(rig.store->findPerson("lina")->leftIn == 0);
  CHECK(rig.store->findPerson("lina")->changedIn == first);
}

TEST_CASE("state: people are found by account or employee id prefix and by a name's substring",
          "[state][people]") {
  Rig rig;
  rig.store->recordPeople(newRun(rig), staff(), {});
  auto accounts = [&](const std::string& q) {
    std::vector<std::string> out;
    for (const auto& p : rig.store->searchPeople(q, 50).people) out.push_back(p.account);
    return out;
  };
  CHECK(accounts("zhang") == std::vector<std::string>{"zhangwei"});
  CHECK(accounts("ZHANG") == std::vector<std::string>{"zhangwei"});  // ASCII case ignored
  CHECK(accounts("E100") == std::vector<std::string>{"lina", "zhangwei"});
  CHECK(accounts("伟") == std::vector<std::string>{"zhangwei"});
  CHECK(accounts("smith") == std::vector<std::string>{"bob"});
  CHECK(accounts("1001") == std::vector<std::string>{});  // ids match at their start only
  CHECK(accounts("%").empty());                           // a wildcard is taken literally
  CHECK(accounts("").size() == 3);

  const auto firstTwo = rig.store->searchPeople("", 2);
  CHECK(firstTwo.people.size() == 2);
  CHECK(firstTwo.total == 3);
}

TEST_CASE("state: a person's holdings are their link, assets, lending, enrolments and password",
          "[state][people]") {
  Rig rig;
  CHECK_FALSE(rig.store->holdingsOf("E1001", "zhangwei").link);
  const RunId run = newRun(rig);
  rig.store->saveLink({"E1001", "zhangwei", "G1", true, 0});
  rig.store->saveOwnedAsset({"CAD-02", "G1", "cad-seat", 0});
  rig.store->saveOwnedAsset({"CAD-01", "G1", "cad-seat", 0});
  rig.store->saveOwnedAsset({"CAD-09", "G9", "cad-seat", 0});  // someone else's
  rig.store->saveLending({"G1", "LK-7", "lab-lock", 0});
  Enrolment e;
  e.employeeId = "E1001";
  e.rule = "welcome";
  e.activityLabel = "Welcome pack";
  rig.store->saveEnrolment(e);
  rig.store->passwordGenerated("zhangwei", run);

  auto h = rig.store->holdingsOf("E1001", "zhangwei");
  REQUIRE(h.link);
  CHECK(h.link->globalId == "G1");
  REQUIRE(h.assets.size() == 2);
  CHECK(h.assets[0].assetNum == "CAD-01");
  REQUIRE(h.lending);
  CHECK(h.lending->lockNumber == "LK-7");
  REQUIRE(h.enrolments.size() == 1);
  CHECK(h.enrolments[0].activityLabel == "Welcome pack");
  REQUIRE(h.password);
  CHECK(h.password->confirmedAt == 0);
  CHECK_FALSE(h.handedOutAt);

  rig.store->passwordConfirmed("zhangwei");
  rig.store->passwordHandedOut("zhangwei");
  h = rig.store->holdingsOf("E1001", "zhangwei");
  CHECK(h.password->confirmedAt != 0);
  CHECK(h.handedOutAt);
}

TEST_CASE("state: a run of 2,500 people is written a thousand at a time, every one of them",
          "[state][people]") {
  Rig rig;
  std::vector<PersonRecord> many;
  for (int i = 0; i < 2500; ++i) {
    const std::string n = std::to_string(i);
    many.push_back(person("E" + n, "staff" + n, "员工" + n));
  }
  const RunId first = newRun(rig);
  CHECK(rig.store->recordPeople(first, many, {}).written == 2500);
  CHECK(rig.store->peopleCount() == 2500);
  for (const char* account : {"staff0", "staff999", "staff1000", "staff2000", "staff2499"})
    CHECK(rig.store->findPerson(account));

  many[1500].department = "SALES";  // in the second thousand
  many.pop_back();                  // in the last, short one
  const RunId second = newRun(rig);
  const auto writes = rig.store->recordPeople(second, many, {});
  CHECK(writes.written == 1);
  CHECK(writes.left == 1);
  CHECK(rig.store->findPerson("staff1500")->department == "SALES");
  CHECK_FALSE(rig.store->findPerson("staff2499"));  // left, and no member of theirs is linked
}
