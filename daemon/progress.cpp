#include "daemon/progress.h"

#include <ostream>

namespace membersync::cli {

StreamProgress::StreamProgress(std::ostream& os, bool terminal) : os_(os), terminal_(terminal) {}

void StreamProgress::phase(const std::string& name, std::size_t total) {
  std::lock_guard<std::mutex> lock(mutex_);
  name_ = name;
  total_ = total;
  done_ = 0;
  if (terminal_) draw();
}

void StreamProgress::advance(std::size_t n) {
  std::lock_guard<std::mutex> lock(mutex_);
  done_ += n;
  // Redrawing on every item would flood a slow terminal: a step of about 1% is enough.
  if (terminal_ && (done_ == total_ || done_ % (total_ / 100 + 1) == 0)) draw();
}

void StreamProgress::endPhase() {
  std::lock_guard<std::mutex> lock(mutex_);
  if (terminal_) {
    draw();
    os_ << "\n";
  } else {
    os_ << name_ << ": " << done_ << " of " << total_ << " done\n";
  }
  os_.flush();
}

void StreamProgress::draw() {
  os_ << "\r" << name_ << " " << done_ << "/" << total_ << std::flush;
}

}  // namespace membersync::cli
