#include <signal.h>

#include <exception>
#include <iostream>

#include "daemon/app.h"

int main(int argc, char** argv) {
  // Before anything else, for every verb: a peer that closes or resets a connection while a
  // request is still being written (a server, a proxy, a client of /metrics) makes the next
  // write raise SIGPIPE, whose default action ends the process at once, with no message and no
  // exit code of ours, and leaves a run's journal mid-step. Ignored, the write fails with EPIPE,
  // which the HTTP client reports as a transport error like any other (retried, or the call
  // in doubt), and the verb ends with its normal exit code and message. (Poco's Foundation
  // happens to block SIGPIPE from a static initializer today; that is no promise to rely on.)
  ::signal(SIGPIPE, SIG_IGN);
  try {
    std::vector<std::string> args(argv + 1, argv + argc);
    return membersync::toInt(membersync::cli::run(args, std::cout, std::cerr));
  } catch (const std::exception& e) {
    std::cerr << "membersync: unexpected error: " << e.what() << "\n";
  } catch (...) {
    std::cerr << "membersync: unexpected error\n";
  }
  return membersync::toInt(membersync::ExitCode::Failed);
}
