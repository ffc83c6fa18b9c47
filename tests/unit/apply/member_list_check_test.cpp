#include <catch2/catch.hpp>

#include "jobs/apply/sync_job.h"

using membersync::apply::incompleteMemberList;
using membersync::apply::SyncRequest;
using membersync::center::MemberListItem;
using membersync::state::Link;
using membersync::state::Snapshot;

namespace {

// A state that manages `linked` members g0..g(n-1), and a list holding the first `listed`.
struct Case {
  Snapshot state;
  std::vector<MemberListItem> members;
  Case(int linked, int listed) {
    for (int i = 0; i < linked; ++i) {
      const std::string id = std::to_string(i);
      state.linksByEmployee["E" + id] = Link{"E" + id, "user" + id, "g" + id, true, 0};
    }
    for (int i = 0; i < listed; ++i) {
      MemberListItem m;
      m.globalId = "g" + std::to_string(i);
      members.push_back(m);
    }
  }
};

}  // namespace

TEST_CASE("sync: a member list holding fewer than half of the managed members is not acted on",
          "[apply]") {
  Case c(20, 9);
  auto problem = incompleteMemberList(c.state, c.members, SyncRequest{});
  REQUIRE(problem);
  CHECK_THAT(*problem, Catch::Contains("only 9 of the 20"));
}

TEST_CASE("sync: a list holding half or more of the managed members is acted on", "[apply]") {
  Case c(20, 10);
  CHECK_FALSE(incompleteMemberList(c.state, c.members, SyncRequest{}));
}

TEST_CASE("sync: members listed as deleted do not count as present", "[apply]") {
  Case c(20, 20);
  for (int i = 0; i < 11; ++i) c.members[static_cast<std::size_t>(i)].deleted = true;
  CHECK(incompleteMemberList(c.state, c.members, SyncRequest{}));
}

TEST_CASE("sync: a small enterprise, or a run with --only, skips the completeness check",
          "[apply]") {
  Case small(9, 0);
  CHECK_FALSE(incompleteMemberList(small.state, small.members, SyncRequest{}));
  Case only(20, 0);
  SyncRequest request;
  request.settings.plan.onlyAccount = "user1";
  CHECK_FALSE(incompleteMemberList(only.state, only.members, request));
}
