// A member list that changed or missed a member while it was read is not planned from: the
// members a second read lost that the plan would act on, and the links a plan drops looked up by
// account (A5 keyword) against the emulator's logic in-process.

#include <catch2/catch.hpp>

#include "jobs/apply/list_consistency.h"
#include "tests/unit/apply/emulated_center.h"

using namespace membersync;
using apply::membersLostBetweenReads;
using apply::missedLinkedMembers;
using apply::testing::EmulatedCenter;
using Catch::Contains;

namespace {

center::MemberListItem member(const std::string& account, const std::string& globalId) {
  center::MemberListItem m;
  m.globalId = globalId;
  m.userName = account + "@acme";
  return m;
}

// A second read that missed `lost`, of an HR export with staff0001 and a state linking g-linked.
struct Reads {
  center::MemberListing listing;
  directory::Export hr;
  state::Snapshot state;
  plan::PlanSettings settings;
  explicit Reads(std::vector<center::MemberListItem> lost) {
    listing.readTwice = true;
    listing.firstTotal = 40;
    listing.total = 39;
    listing.onlyInFirstRead = std::move(lost);
    directory::Person p;
    p.employeeId = "E0001";
    p.account = "Staff0001";
    hr.people.push_back(p);
    state.linksByEmployee["E0002"] = state::Link{"E0002", "linked", "g-linked", true, 0};
    settings.accountSuffix = "@acme";
  }
};

// A plan that drops the links of these employees, with the state's links to them.
struct Dropped {
  plan::Plan plan;
  state::Snapshot state;
  void link(const std::string& employeeId, const std::string& account,
            const std::string& globalId) {
    state.linksByEmployee[employeeId] = state::Link{employeeId, account, globalId, true, 0};
    plan.stateChanges.droppedLinks.push_back(employeeId);
  }
};

}  // namespace

TEST_CASE(
    "list consistency: a second read that lost a member HR lists or membersync manages "
    "stops the run, naming it",
    "[apply][paging]") {
  Reads byHr({member("STAFF0001", "g-1")});
  auto problem = membersLostBetweenReads(byHr.listing, byHr.hr, byHr.state, byHr.settings);
  REQUIRE(problem);
  CHECK_THAT(*problem,
             Contains("changed while it was read (total 40, then 39)") &&
                 Contains("missed 1 members HR lists or membersync manages (staff0001)") &&
                 Contains("run again"));
  Reads byLink({member("someone", "g-linked")});
  CHECK(membersLostBetweenReads(byLink.listing, byLink.hr, byLink.state, byLink.settings));
}

TEST_CASE("list consistency: a second read that lost only members nobody plans for is planned from",
          "[apply][paging]") {
  Reads unrelated({member("byhand1", "g-9"), member("orphan", "g-8")});
  CHECK_FALSE(membersLostBetweenReads(unrelated.listing, unrelated.hr, unrelated.state,
                                      unrelated.settings));
  Reads none({});
  CHECK_FALSE(membersLostBetweenReads(none.listing, none.hr, none.state, none.settings));
  Reads otherAccount({member("staff0001", "g-1")});
  otherAccount.settings.onlyAccount = "linked";  // sync --only: that account alone counts
  CHECK_FALSE(membersLostBetweenReads(otherAccount.listing, otherAccount.hr, otherAccount.state,
                                      otherAccount.settings));
}

TEST_CASE(
    "list consistency: a dropped link whose member the center still has stops the run, "
    "found by keyword look-ups",
    "[apply][paging]") {
  EmulatedCenter c;
  Dropped d;
  d.link("E1", "lina", c.globalIdOf("lina"));                 // the list missed lina
  d.link("E2", "ghost", "0123456789abcdef0123456789abcdef");  // deleted by hand: really gone
  const int before = c.calls("A5");
  auto problem = missedLinkedMembers(*c.client, d.plan, d.state, {}, "@acme", 4);
  REQUIRE(problem);
  CHECK_THAT(*problem, Contains("missed 1 members membersync manages that the center still has "
                                "(lina)") &&
                           Contains("moved between pages") && Contains("nothing was done"));
  // lina found by her account; ghost asked by account and by whole userName before "absent"
  CHECK(c.calls("A5") == before + 3);
}

TEST_CASE(
    "list consistency: no look-up when the plan drops no link, or only links of members "
    "the list holds",
    "[apply][paging]") {
  EmulatedCenter c;
  const int before = c.calls("A5");
  Dropped none;
  CHECK_FALSE(missedLinkedMembers(*c.client, none.plan, none.state, {}, "@acme", 4));
  Dropped gone;
  gone.link("E2", "ghost", "0123456789abcdef0123456789abcdef");
  CHECK_FALSE(missedLinkedMembers(*c.client, gone.plan, gone.state, {}, "@acme", 4));
  CHECK(c.calls("A5") == before + 2);  // ghost by account and by userName, found gone
  Dropped listed;                      // a link dropped for another reason (listed deleted)
  listed.link("E3", "lina", c.globalIdOf("lina"));
  auto lina = member("lina", c.globalIdOf("lina"));
  lina.deleted = true;
  CHECK_FALSE(missedLinkedMembers(*c.client, listed.plan, listed.state, {lina}, "@acme", 4));
  CHECK(c.calls("A5") == before + 2);
}

TEST_CASE(
    "list consistency: a look-up that fails stops the run, saying the plan cannot be "
    "confirmed",
    "[apply][paging]") {
  emulator::ServiceOptions o;
  o.failRate = 1;  // every A call answers 500
  EmulatedCenter c(o);
  Dropped d;
  d.link("E1", "lina", "0123456789abcdef0123456789abcdef");
  auto problem = missedLinkedMembers(*c.client, d.plan, d.state, {}, "@acme", 4);
  REQUIRE(problem);
  CHECK_THAT(*problem, Contains("cannot confirm") && Contains("lina"));
}
