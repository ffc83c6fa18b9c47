#pragma once

#include <condition_variable>
#include <cstddef>
#include <functional>
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
  // True once finish() has been called.
  bool finished();

 private:
  std::mutex mutex_;
  std::condition_variable changed_;
  std::size_t ready_ = 0;
  bool finished_ = false;
};

// Makes the `count` elements of `ready` ready in batches written ahead of its takers: first
// `first` elements, then each batch twice the one before. `write(from, to)` makes [from, to)
// ready to take (durable) and returns false when it cannot, which ends the batches; each batch
// is published once written. Before each batch: nothing more once `stopping()` says so, or once
// `ready` is finished (the takers gave up, e.g. one of them failed), so a batch begun before
// that is the last. What is not written is never taken. Does not finish `ready`.
void publishInBatches(ReadyPrefix& ready, std::size_t count, std::size_t first,
                      const std::function<bool(std::size_t from, std::size_t to)>& write,
                      const std::function<bool()>& stopping);

}  // namespace membersync::apply
