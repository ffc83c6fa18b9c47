#include "daemon/host/daemon_progress.h"

#include "daemon/logging.h"

namespace membersync::daemon {

void DaemonProgress::phase(const std::string& name, std::size_t total) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    name_ = name;
    total_ = total;
    done_ = 0;
  }
  board_.phase(name, total);
  log(LogLevel::Info, name + ": " + std::to_string(total) + " to do");
}

void DaemonProgress::advance(std::size_t n) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    done_ += n;
  }
  board_.advance(n);
}

void DaemonProgress::endPhase() {
  std::string line;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    line = name_ + ": " + std::to_string(done_) + " of " + std::to_string(total_) + " processed";
  }
  log(LogLevel::Info, line);
}

}  // namespace membersync::daemon
