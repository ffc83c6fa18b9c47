#include "jobs/center/read_ahead.h"

#include <system_error>

#include "jobs/center/member_center_client.h"
#include "jobs/center/session.h"

namespace membersync::center {

ReadAhead::ReadAhead(Session& session) { start(session, nullptr, 0); }

ReadAhead::ReadAhead(Session& session, MemberCenterClient& client, std::int64_t expectedMembers) {
  start(session, &client, expectedMembers);
}

ReadAhead::~ReadAhead() { wait(); }

void ReadAhead::start(Session& session, MemberCenterClient* client, std::int64_t expectedMembers) {
  try {
    thread_ = std::thread([this, &session, client, expectedMembers] {
      try {
        // Without tokens every page would fail alike: the list reports it, once.
        if (session.obtainMemberTokens() && client)
          members_ = client->readMembersAhead(expectedMembers);
      } catch (...) {
        // Whatever it was, the run's own calls meet it again and report it.
        members_ = MembersAhead{};
      }
    });
  } catch (const std::system_error&) {
    // No thread to spare: the run's first calls ask for everything, as without a read-ahead.
  }
}

void ReadAhead::wait() {
  if (thread_.joinable()) thread_.join();
}

MembersAhead* ReadAhead::members() {
  wait();
  return members_.pages.empty() ? nullptr : &members_;
}

}  // namespace membersync::center
