#pragma once

#include <cstddef>
#include <mutex>
#include <string>

#include "daemon/health/run_board.h"
#include "jobs/apply/progress.h"
#include "jobs/i18n/translator.h"

namespace membersync::daemon {

// The applier's progress in the daemon: counted on the RunBoard (STATUS=, /healthz) and one log
// line per phase ("adds: 250 of 250 processed"), in `tr`'s language ([report] language).
// Thread-safe.
class DaemonProgress final : public apply::Progress {
 public:
  DaemonProgress(RunBoard& board, const i18n::Translator& tr) : board_(board), tr_(tr) {}

  void phase(const std::string& name, std::size_t total) override;
  void advance(std::size_t n) override;
  void endPhase() override;

 private:
  RunBoard& board_;
  const i18n::Translator tr_;
  std::mutex mutex_;
  std::string name_;
  std::size_t total_ = 0;
  std::size_t done_ = 0;
};

}  // namespace membersync::daemon
