#include "jobs/apply/parallel.h"

#include <algorithm>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace membersync::apply {

void parallelFor(std::size_t n, int workers, const std::function<void(std::size_t)>& work,
                 const std::atomic<bool>* stop) {
  std::atomic<std::size_t> next{0};
  std::atomic<bool> failed{false};
  std::exception_ptr firstError;
  std::mutex errorMutex;
  auto loop = [&] {
    for (;;) {
      if (failed.load() || (stop && stop->load())) return;
      const std::size_t i = next.fetch_add(1);
      if (i >= n) return;
      try {
        work(i);
      } catch (...) {
        std::lock_guard<std::mutex> lock(errorMutex);
        if (!firstError) firstError = std::current_exception();
        failed = true;
        return;
      }
    }
  };
  const std::size_t threads =
      std::min<std::size_t>(n, static_cast<std::size_t>(std::max(1, workers)));
  std::vector<std::thread> pool;
  for (std::size_t t = 1; t < threads; ++t) pool.emplace_back(loop);
  loop();
  for (auto& t : pool) t.join();
  if (firstError) std::rethrow_exception(firstError);
}

}  // namespace membersync::apply
