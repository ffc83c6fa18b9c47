#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <thread>

namespace membersync::center {

// Ends socket exchanges that outlive their deadline. A socket's own time-outs apply to each read
// on its own, so an answer that trickles in a byte at a time (status line and headers included)
// would never time out; this watch shuts the socket down (both ways) once the deadline passes,
// and every read or write blocked on it returns at once. One thread serves every exchange of its
// owner. Thread-safe.
class DeadlineWatch {
 public:
  using Clock = std::chrono::steady_clock;

  DeadlineWatch();
  ~DeadlineWatch();  // stops the thread; every Guard must be gone
  DeadlineWatch(const DeadlineWatch&) = delete;
  DeadlineWatch& operator=(const DeadlineWatch&) = delete;

  // Watches one socket until the Guard goes. The watch keeps a duplicate of the descriptor (closed
  // with the Guard), so whoever owns `fd` may close it at any time: a shutdown never reaches a
  // descriptor number that has since been reused.
  class Guard {
   public:
    Guard(Guard&& other) noexcept;
    Guard& operator=(Guard&&) = delete;
    Guard(const Guard&) = delete;
    ~Guard();
    bool expired() const;  // the deadline passed and the socket was shut down
    // Stops the clock while the caller waits on something that is not the service (the
    // large-answer permit), and starts it again, the deadline moved by the time paused.
    void pause();
    void resume();

   private:
    friend class DeadlineWatch;
    Guard(DeadlineWatch* watch, std::uint64_t id) : watch_(watch), id_(id) {}
    DeadlineWatch* watch_;
    std::uint64_t id_;
  };

  Guard watch(int fd, Clock::time_point deadline);

 private:
  struct Entry {
    int fd;  // the watch's own duplicate
    Clock::time_point deadline;
    bool expired = false;
    std::optional<Clock::time_point> pausedAt;
  };
  void run();
  void expireDue(Clock::time_point now);

  std::mutex mutex_;
  std::condition_variable changed_;
  std::map<std::uint64_t, Entry> entries_;
  std::uint64_t nextId_ = 1;
  bool stopping_ = false;
  std::thread thread_;  // last: started once the rest exists
};

}  // namespace membersync::center
