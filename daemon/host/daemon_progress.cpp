#include "daemon/host/daemon_progress.h"

#include "daemon/logging.h"
#include "daemon/progress.h"

namespace membersync::daemon {

void DaemonProgress::phase(const std::string& name, std::size_t total) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    name_ = cli::phaseName(name, tr_);
    total_ = total;
    done_ = 0;
  }
  board_.phase(name, total);
  log(LogLevel::Info,
      i18n::format(tr_.trn("{phase}: {count} to do", "{phase}: {count} to do", total),
                   {{"phase", cli::phaseName(name, tr_)}, {"count", std::to_string(total)}}));
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
    line = i18n::format(
        tr_.tr("{phase}: {done} of {total} processed"),
        {{"phase", name_}, {"done", std::to_string(done_)}, {"total", std::to_string(total_)}});
  }
  log(LogLevel::Info, line);
}

}  // namespace membersync::daemon
