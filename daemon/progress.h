#pragma once

#include <cstddef>
#include <iosfwd>
#include <mutex>
#include <string>

#include "jobs/apply/progress.h"
#include "jobs/i18n/translator.h"

namespace membersync::cli {

// The name of an applier's phase ("adds", "edits", ...) in `tr`'s language.
std::string phaseName(const std::string& name, const i18n::Translator& tr);

// On a terminal: one line per phase, rewritten in place ("adds 120/250"). Otherwise (a pipe, the
// journal): one plain line when a phase ends ("adds: 250 of 250 done"). In `tr`'s language
// ([report] language: a line the journal keeps). Thread-safe.
class StreamProgress final : public apply::Progress {
 public:
  StreamProgress(std::ostream& os, bool terminal, const i18n::Translator& tr);

  void phase(const std::string& name, std::size_t total) override;
  void advance(std::size_t n) override;
  void endPhase() override;

 private:
  void draw();

  std::ostream& os_;
  const bool terminal_;
  const i18n::Translator& tr_;
  std::mutex mutex_;
  std::string name_;
  std::size_t total_ = 0;
  std::size_t done_ = 0;
};

}  // namespace membersync::cli
