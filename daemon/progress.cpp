#include "daemon/progress.h"

#include <ostream>

namespace membersync::cli {
namespace {

// The phases of jobs/apply, as its applier names them.
constexpr const char* kPhases[] = {
    i18n::translateLater("adds"),        i18n::translateLater("edits"),
    i18n::translateLater("assignments"), i18n::translateLater("lendings"),
    i18n::translateLater("withdrawals"), i18n::translateLater("deletes"),
    i18n::translateLater("enrolments"),
};

}  // namespace

std::string phaseName(const std::string& name, const i18n::Translator& tr) {
  for (const char* phase : kPhases)
    if (name == phase) return tr.tr(phase);
  return name;  // a phase added to the applier and not yet here: its own name
}

StreamProgress::StreamProgress(std::ostream& os, bool terminal, const i18n::Translator& tr)
    : os_(os), terminal_(terminal), tr_(tr) {}

void StreamProgress::phase(const std::string& name, std::size_t total) {
  std::lock_guard<std::mutex> lock(mutex_);
  name_ = phaseName(name, tr_);
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
    os_ << i18n::format(tr_.tr("{phase}: {done} of {total} done"),
                        {{"phase", name_},
                         {"done", std::to_string(done_)},
                         {"total", std::to_string(total_)}})
        << "\n";
  }
  os_.flush();
}

void StreamProgress::draw() {
  os_ << "\r" << name_ << " " << done_ << "/" << total_ << std::flush;
}

}  // namespace membersync::cli
