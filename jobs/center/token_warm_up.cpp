#include "jobs/center/token_warm_up.h"

#include <system_error>

#include "jobs/center/session.h"

namespace membersync::center {

TokenWarmUp::TokenWarmUp(Session& session) {
  try {
    thread_ = std::thread([&session] {
      try {
        session.obtainMemberTokens();
      } catch (...) {
        // Whatever it was, the first call meets it again and reports it.
      }
    });
  } catch (const std::system_error&) {
    // No thread to spare: the first call asks for the tokens, as without a warm-up.
  }
}

TokenWarmUp::~TokenWarmUp() {
  if (thread_.joinable()) thread_.join();
}

}  // namespace membersync::center
