#pragma once

#include <thread>

namespace membersync::center {

class Session;

// Asks for the member-center tokens on a thread of its own, so that the grants' round trip
// overlaps local work (reading the HR export) instead of preceding the first call. That call
// then finds the tokens cached, or waits for the grants still under way (one fetch at a time).
// How the grants end is not reported here: a call that finds no token asks again and reports
// the failure itself, except a refused admin password, which is never asked again (the vendor
// locks the account). When no thread can be started, nothing is asked early.
//
// The destructor waits for the grants to end: an unusable export is reported once they have,
// at once against a center that answers and within the request time-out ([center] timeout)
// against one that does not.
class TokenWarmUp {
 public:
  explicit TokenWarmUp(Session& session);
  ~TokenWarmUp();
  TokenWarmUp(const TokenWarmUp&) = delete;
  TokenWarmUp& operator=(const TokenWarmUp&) = delete;

 private:
  std::thread thread_;
};

}  // namespace membersync::center
