#pragma once

#include <cstddef>
#include <iosfwd>
#include <mutex>
#include <string>

#include "jobs/apply/progress.h"

namespace membersync::cli {

// On a terminal: one line per phase, rewritten in place ("adds 120/250"). Otherwise (a pipe, the
// journal): one plain line when a phase ends ("adds: 250 of 250 done"). Thread-safe.
class StreamProgress final : public apply::Progress {
 public:
  StreamProgress(std::ostream& os, bool terminal);

  void phase(const std::string& name, std::size_t total) override;
  void advance(std::size_t n) override;
  void endPhase() override;

 private:
  void draw();

  std::ostream& os_;
  const bool terminal_;
  std::mutex mutex_;
  std::string name_;
  std::size_t total_ = 0;
  std::size_t done_ = 0;
};

}  // namespace membersync::cli
