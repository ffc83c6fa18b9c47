#pragma once

#include <condition_variable>
#include <cstddef>
#include <mutex>

namespace membersync::apply {

// How many of a sequence's first elements are ready, for threads that take the elements in
// turn while another makes them ready in order (the adds' passwords, written batch by batch
// ahead of the calls). The count only grows; once finished it grows no more, and a thread
// waiting for an element beyond it is told so instead of waiting forever. Thread-safe.
class ReadyPrefix {
 public:
  ReadyPrefix() = default;
  ReadyPrefix(const ReadyPrefix&) = delete;
  ReadyPrefix& operator=(const ReadyPrefix&) = delete;

  // Elements [0, count) are ready (a smaller count than before changes nothing).
  void publish(std::size_t count);
  // No element becomes ready any more.
  void finish();
  // Waits until element `i` is ready (true) or will never be (false).
  bool waitFor(std::size_t i);

 private:
  std::mutex mutex_;
  std::condition_variable changed_;
  std::size_t ready_ = 0;
  bool finished_ = false;
};

}  // namespace membersync::apply
