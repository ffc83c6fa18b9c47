// The plan as a whole: item order, counts, --only, HR problems, determinism, the fingerprint.

#include <algorithm>
#include <random>

#include <catch2/catch.hpp>

#include "jobs/plan/row_problem_key.h"
#include "tests/unit/plan/scenario.h"

using namespace membersync::plan;
using namespace membersync::plan::testing;

namespace {

// One of every kind.
Scenario everything() {
  Scenario s;
  s.settings.departed = Departed::Delete;
  s.settings.orphans = Orphans::Report;
  s.policy.protect = {"boss"};
  s.add(person("E5", "zed", "Zed")).add(person("E4", "amy", "Amy"));      // adds
  s.add(person("E6", "kim", "Kim New")).add(member("g6", "kim", "Kim"));  // adopt + edit
  s.add(person("E7", "lee", "Lee New")).link("E7", "lee", "g7").add(member("g7", "lee", "Lee"));
  s.link("E8", "max", "g8").add(member("g8", "max")).absence("E8", 1, "x");  // delete
  s.link("E9", "ned", "g9").add(member("g9", "ned"));                        // held (grace)
  s.add(person("E10", "newname", "Olga"))
      .link("E10", "olga", "g10")
      .add(member("g10", "olga", "Olga"));
  s.add(member("g11", "ghost"));  // orphan
  s.add(person("E12", "boss", "Big Boss")).link("E12", "boss", "g12").add(member("g12", "boss"));
  s.badRow(40, "E13", "bad", "account has a space");
  return s;
}

std::vector<std::string> keys(const Plan& plan) {
  std::vector<std::string> out;
  for (const Item& i : plan.items) out.push_back(i.key);
  return out;
}

}  // namespace

TEST_CASE("planner: items come in apply order, by account within a kind", "[plan]") {
  const Plan plan = everything().plan();
  CHECK(keys(plan) == std::vector<std::string>{"add:E4", "add:E5",       // amy, zed
                                               "adopt:E6",               // kim
                                               "edit:E6", "edit:E7",     // kim, lee
                                               "delete:g8",              // max
                                               "edit:E12", "delete:g9",  // held: boss, ned
                                               "rename:E10",             // newname
                                               "orphan:g11",             // ghost
                                               "problem:line:40"});
  const Counts& c = plan.counts;
  CHECK(c.add == 2);
  CHECK(c.adopt == 1);
  CHECK(c.edit == 2);
  CHECK(c.withdraw == 0);
  CHECK(c.del == 1);
  CHECK(c.held == 2);
  CHECK(c.rename == 1);
  CHECK(c.orphan == 1);
  CHECK(c.problem == 1);
}

TEST_CASE("planner: the same inputs in any order give the same plan", "[plan]") {
  const Scenario s = everything();
  const Plan first = s.plan();
  Scenario shuffled = s;
  std::mt19937 rng(7);
  std::shuffle(shuffled.hr.people.begin(), shuffled.hr.people.end(), rng);
  std::shuffle(shuffled.members.begin(), shuffled.members.end(), rng);
  const Plan second = shuffled.plan();
  CHECK(keys(first) == keys(second));
  CHECK(first.membersFingerprint == second.membersFingerprint);
  for (std::size_t i = 0; i < first.items.size(); ++i) {
    CHECK(english(first.items[i].reason) == english(second.items[i].reason));
    CHECK(first.items[i].inputHash == second.items[i].inputHash);
  }
  CHECK(first.stateChanges.absences.size() == second.stateChanges.absences.size());
}

TEST_CASE("planner: --only keeps the items about one account", "[plan]") {
  Scenario s = everything();
  s.settings.onlyAccount = "kim";
  const Plan plan = s.plan();
  CHECK(keys(plan) == std::vector<std::string>{"adopt:E6", "edit:E6"});
  REQUIRE(plan.stateChanges.links.size() == 1);
  CHECK(plan.stateChanges.absences.empty());  // others' absences are not counted by this run

  SECTION("a rename is found by either account") {
    s.settings.onlyAccount = "olga";
    CHECK(keys(s.plan()) == std::vector<std::string>{"rename:E10"});
  }
}

TEST_CASE("planner: --only guards only that account's items", "[plan]") {
  Scenario s;
  s.settings.departed = Departed::Delete;
  s.settings.graceRuns = 1;
  s.settings.graceHours = 0;  // about other behaviour: departures act on the first missing export
  s.settings.deleteFloor = 0;
  s.settings.maxDeletePercent = 100;
  for (int i = 0; i < 5; ++i) {
    const std::string n = std::to_string(i);
    s.link("E" + n, "u" + n, "g" + n).add(member("g" + n, "u" + n));
  }
  s.settings.maxDeletes = 1;
  CHECK(s.plan().guard.tripped);  // 5 deletes > 1
  s.settings.onlyAccount = "u3";
  const Plan one = s.plan();
  CHECK_FALSE(one.guard.tripped);
  CHECK(keys(one) == std::vector<std::string>{"delete:g3"});
  // Only u3's releases are this run's to judge, whatever the rest of the plan says.
  CHECK(one.inScope(releaseKey(one.items.front())));
  CHECK(one.inScope("edit:E3@0123"));
  CHECK_FALSE(one.inScope("delete:g1@0123"));
  CHECK_FALSE(one.inScope("revert:7:assign:g2@0123"));
  s.settings.onlyAccount.clear();
  CHECK(s.plan().inScope("delete:g1@0123"));  // a full plan judges every release
}

TEST_CASE("planner: each invalid HR row becomes a problem with its line", "[plan]") {
  Scenario s;
  s.badRow(12, "E1", "alice", "name is empty").badRow(3, "", "", "account is empty");
  const Plan plan = s.plan();
  REQUIRE(plan.items.size() == 2);
  CHECK(plan.items[0].key == "problem:line:3");  // no account sorts first
  CHECK(plan.items[1].key == "problem:line:12");
  CHECK(plan.items[1].account == "alice");
  CHECK(english(plan.items[1].reason) == "name is empty");
  CHECK(plan.counts.problem == 2);
  CHECK_FALSE(plan.hasChanges());
}

TEST_CASE("planner: the plan records what it was computed from", "[plan]") {
  Scenario s = everything();
  s.policy.contentHash = "policy-hash";
  const Plan plan = s.plan();
  CHECK(plan.exportHash == "export-1");
  CHECK(plan.exportRows == static_cast<std::int64_t>(s.hr.rowCount));
  CHECK(plan.policyHash == "policy-hash");
  CHECK(plan.computedAt == kNow);
  CHECK(plan.membersFingerprint == membersFingerprint(s.members));
}

TEST_CASE("planner: the fingerprint ignores listing order, not managed fields", "[plan]") {
  std::vector<membersync::center::MemberListItem> members{member("g1", "alice", "Alice"),
                                                          member("g2", "bob", "Bob")};
  const std::string base = membersFingerprint(members);
  CHECK(base.size() == 64);

  auto changed = members;
  std::reverse(changed.begin(), changed.end());
  CHECK(membersFingerprint(changed) == base);  // listing order does not matter

  auto renamed = members;
  renamed[0].name = "Alice Liu";
  CHECK(membersFingerprint(renamed) != base);
  auto remark = members;
  remark[1].remark = "";  // present-but-empty differs from absent
  CHECK(membersFingerprint(remark) != base);
  auto asset = members;
  asset[0].assetNums = {"AN-1"};
  CHECK(membersFingerprint(asset) != base);
  auto lock = members;
  lock[0].borrowNum = "L-1";
  CHECK(membersFingerprint(lock) != base);
  auto gone = members;
  gone[1].deleted = true;
  CHECK(membersFingerprint(gone) != base);
}

TEST_CASE("planner: the account suffix is stripped case-insensitively", "[plan]") {
  Scenario s;
  auto m = member("g1", "alice", "Alice");
  m.userName = "alice@ACME";
  s.add(person("E1", "alice", "Alice")).add(m);
  const Plan plan = s.plan();
  REQUIRE(plan.items.size() == 1);
  CHECK(plan.items[0].kind == ItemKind::Adopt);
}

TEST_CASE(
    "planner: rows skipped as invalid are keyed by where they are, so LDAP entries and JSON "
    "items without a line stay apart",
    "[plan]") {
  membersync::directory::RowProblem csv, json, ldap, ldap2;
  csv.line = 14;
  json.item = 3;
  ldap.dn = "uid=a,ou=people,dc=example,dc=com";
  ldap2.dn = "uid=b,ou=people,dc=example,dc=com";
  CHECK(rowProblemKey(csv) == "problem:line:14");
  CHECK(rowProblemKey(json) == "problem:item:3");
  CHECK(rowProblemKey(ldap) == "problem:dn:uid=a,ou=people,dc=example,dc=com");
  CHECK(rowProblemKey(ldap) != rowProblemKey(ldap2));
}
