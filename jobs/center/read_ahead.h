#pragma once

#include <cstdint>
#include <thread>

#include "jobs/center/members.h"

namespace membersync::center {

class MemberCenterClient;
class Session;

// Asks for the member-center tokens, and with a client reads the first pages of the member list
// (MemberCenterClient::readMembersAhead), on a thread of its own, so that their round trips
// overlap local work (reading the HR export) instead of preceding the run's first call. That
// call then finds the tokens cached, or waits for the grants still under way (one fetch at a
// time), and the list takes the pages that came (MemberCenterClient::listAllMembers).
// How the read-ahead ends is not reported here: a call that finds no token asks again and
// reports the failure itself, except a refused admin password, which is never asked again (the
// vendor locks the account); a page that did not come is read the usual way, with retries.
// When no thread can be started, nothing is read ahead.
//
// Every read ahead is one attempt, so the destructor's wait is bounded: an unusable export is
// reported once the read-ahead ends, at once against a center that answers and within twice the
// request time-out ([center] timeout_s: the grants, then the pages) against one that does not.
class ReadAhead {
 public:
  // The tokens only.
  explicit ReadAhead(Session& session);
  // The tokens, then the pages `expectedMembers` fill (at least page 1).
  ReadAhead(Session& session, MemberCenterClient& client, std::int64_t expectedMembers);
  ~ReadAhead();
  ReadAhead(const ReadAhead&) = delete;
  ReadAhead& operator=(const ReadAhead&) = delete;

  // Waits for the read-ahead; the member pages that came, or null when none did. The list that
  // takes them moves them out.
  MembersAhead* members();

 private:
  void start(Session& session, MemberCenterClient* client, std::int64_t expectedMembers);
  void wait();

  std::thread thread_;
  MembersAhead members_;  // written by thread_ alone until it is joined
};

}  // namespace membersync::center
