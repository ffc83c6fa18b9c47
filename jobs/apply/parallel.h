#pragma once

#include <atomic>
#include <cstddef>
#include <functional>

namespace membersync::apply {

// Calls work(i) for every i in [0, n) on up to `workers` threads (the calling thread among them)
// and returns when all calls have returned. Once `stop` becomes true no new index is started
// (calls under way finish). If a call throws, no new index is started either, every thread is
// joined, and the first exception is rethrown to the caller: a failing state store ends the run
// with its message instead of terminating the process.
void parallelFor(std::size_t n, int workers, const std::function<void(std::size_t)>& work,
                 const std::atomic<bool>* stop = nullptr);

}  // namespace membersync::apply
