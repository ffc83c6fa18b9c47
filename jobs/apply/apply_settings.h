#pragma once

#include <atomic>
#include <cstddef>
#include <string>

namespace membersync::apply {

// How the applier carries a plan out; filled from [center] and [sync].
struct ApplySettings {
  std::string accountSuffix;      // expanded, e.g. "@acme"
  std::size_t passwordLength = 16;
  int workers = 8;                // calls in flight (max_concurrency)
  std::size_t addChunk = 100;     // A1's limit
  // Read before every call: once true, nothing new is sent (calls in flight finish) and the run
  // ends stopped early; adds prepared but not sent are journaled as not sent, with no retry
  // delay, so the next run sends them. Null: never cancelled. (The daemon sets it on SIGTERM.)
  const std::atomic<bool>* cancel = nullptr;
};

// What settling steps in doubt needs to know.
struct SettleSettings {
  std::string accountSuffix;  // expanded, e.g. "@acme"
  std::size_t passwordLength = 16;
};

}  // namespace membersync::apply
