#pragma once

#include "jobs/center/activity_client.h"
#include "jobs/center/member_center_client.h"
#include "jobs/center/session.h"
#include "jobs/core/manual_clock.h"
#include "tests/unit/center/fake_service.h"

namespace membersync::center::testing {

// A session and both clients over a FakeService, a ManualClock and a CountingRandom.
struct Rig {
  explicit Rig(ClientOptions options = testOptions())
      : session(std::move(options), service, clock, random, scrubber),
        members(session),
        activity(session) {}

  FakeService service;
  ManualClock clock;
  CountingRandom random;
  Scrubber scrubber;
  Session session;
  MemberCenterClient members;
  ActivityClient activity;
};

}  // namespace membersync::center::testing
