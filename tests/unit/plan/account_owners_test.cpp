// An account on two HR rows: the row whose employee id membersync links to that account is its
// owner and goes on; only the other row is refused.

#include <catch2/catch.hpp>

#include <memory>

#include "jobs/plan/account_owners.h"
#include "tests/unit/plan/scenario.h"

using namespace membersync;
using namespace membersync::plan;
using namespace membersync::plan::testing;

namespace {

// A row the reader skipped because another row has its account, and for nothing else.
void sharedAccountRow(Scenario& s, int line, directory::Person p, const std::string& otherPlace) {
  p.line = line;
  s.badRow(
      line, p.employeeId, lowerAscii(p.account),
      "account \"" + p.account + "\" is also at " + otherPlace + "; each person must appear once");
  s.hr.problems.back().account = p.account;
  s.hr.problems.back().sharesAccountOnly = std::make_shared<const directory::Person>(p);
}

// Zhao Lei (E1) has the member g1 under "zhaolei"; HR gives a newcomer (E2) the same account,
// on the row after his, and renames him.
Scenario newcomerWithTheSameAccount() {
  Scenario s;
  s.link("E1", "zhaolei", "g1").add(member("g1", "zhaolei", "Zhao Lei"));
  s.add(person("E3", "other", "Other"))
      .link("E3", "other", "g3")
      .add(member("g3", "other", "Other"));
  sharedAccountRow(s, 3, person("E1", "zhaolei", "赵磊"), "line 4");
  sharedAccountRow(s, 4, person("E2", "ZhaoLei", "Zhao Lei"), "line 3");
  return s;
}

}  // namespace

TEST_CASE(
    "planner: of two rows with one account, the linked employee's changes go on and only "
    "the other row is refused",
    "[plan]") {
  const Scenario s = newcomerWithTheSameAccount();
  const Plan plan = s.plan();
  const Item* edit = find(plan, "edit:E1");
  REQUIRE(edit);
  CHECK(edit->kind == ItemKind::Edit);
  CHECK(edit->name == "赵磊");
  CHECK(edit->line == 3);
  CHECK(find(plan, "add:E2") == nullptr);
  CHECK(find(plan, "problem:line:3") == nullptr);
  const Item* refused = find(plan, "problem:line:4");
  REQUIRE(refused);
  CHECK(english(refused->reason) ==
        "account \"ZhaoLei\" is employee E1's (line 3), to whom membersync links it; each person "
        "must appear once: give employee E2 an account of its own");
  CHECK(countKind(plan, ItemKind::Problem) == 1);
  CHECK(countKind(plan, ItemKind::Delete) == 0);  // nobody looks departed
  CHECK(countKind(plan, ItemKind::Held) == 0);

  const auto kept = keepAccountOwners(s.hr, s.state);
  REQUIRE(kept);
  REQUIRE(kept->people.size() == 2);
  CHECK(kept->people[0].employeeId == "E3");  // file order
  CHECK(kept->people[1].employeeId == "E1");
  CHECK(kept->skippedEmployeeIds == std::set<std::string>{"E2"});
  CHECK(kept->skippedAccounts.empty());
  CHECK_FALSE(keepAccountOwners(*kept, s.state));  // nothing left to keep
}

TEST_CASE(
    "planner: rows sharing an account that membersync links to none of them are all "
    "refused, as the export alone says",
    "[plan]") {
  Scenario s = newcomerWithTheSameAccount();
  s.state.linksByEmployee.erase("E1");
  s.state.linksByEmployee["E1"] = state::Link{"E1", "zhao", "g9", true, 0};  // another account
  CHECK_FALSE(keepAccountOwners(s.hr, s.state));
  const Plan plan = s.plan();
  CHECK(find(plan, "problem:line:3"));
  CHECK(find(plan, "problem:line:4"));
  CHECK(find(plan, "edit:E1") == nullptr);
  CHECK(find(plan, "add:E2") == nullptr);
}

TEST_CASE(
    "planner: a row with a fault of its own besides the shared account is refused even "
    "when it is the linked employee's",
    "[plan]") {
  Scenario s = newcomerWithTheSameAccount();
  s.hr.problems[0].sharesAccountOnly.reset();  // say its name is also too long
  CHECK_FALSE(keepAccountOwners(s.hr, s.state));
  CHECK(find(s.plan(), "edit:E1") == nullptr);
}
