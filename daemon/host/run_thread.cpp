#include "daemon/host/run_thread.h"

#include <stdexcept>

namespace membersync::daemon {

RunThread::RunThread(std::function<RunVerdict()> run, std::function<void()> onEnd)
    : run_(std::move(run)), onEnd_(std::move(onEnd)) {}

RunThread::~RunThread() {
  if (thread_.joinable()) thread_.join();
}

void RunThread::start() {
  if (going_) throw std::logic_error("RunThread::start: a run is still going");
  if (thread_.joinable()) thread_.join();
  going_ = true;
  thread_ = std::thread([this] {
    // The run function catches what it can report; anything else ends the run as failed.
    RunVerdict verdict = RunVerdict::Failed;
    try {
      verdict = run_();
    } catch (...) {
      verdict = RunVerdict::Failed;
    }
    {
      std::lock_guard<std::mutex> lock(mutex_);
      finished_ = verdict;
    }
    going_ = false;
    onEnd_();
  });
}

bool RunThread::busy() const {
  return going_;
}

std::optional<RunVerdict> RunThread::takeFinished() {
  std::lock_guard<std::mutex> lock(mutex_);
  auto v = finished_;
  finished_.reset();
  return v;
}

void RunThread::abandon() {
  if (thread_.joinable()) thread_.detach();
}

}  // namespace membersync::daemon
