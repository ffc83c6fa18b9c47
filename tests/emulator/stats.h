#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace membersync::emulator {

// Calls per endpoint ("token", "A1".."A10", "B1") and per outcome ("0", "60027", "0000",
// "invalid_grant", "dropped", ...). A call counts once whatever happened to it. Not thread-safe.
class Stats {
 public:
  Stats();

  void record(const std::string& endpoint, const std::string& outcome);
  void clear();

  struct Endpoint {
    std::int64_t calls = 0;
    std::map<std::string, std::int64_t> outcomes;
  };
  // In a fixed order: token, A1..A10, B1; every endpoint listed, called or not.
  const std::vector<std::pair<std::string, Endpoint>>& endpoints() const { return endpoints_; }

  // Answers the server streamed itself (--drip-ms, --huge-answer-mb): how many started and
  // finished, how many the peer cut short, and the bytes the connections accepted in all.
  struct Streamed {
    std::int64_t answers = 0;
    std::int64_t finished = 0;
    std::int64_t cutShort = 0;
    std::int64_t bytes = 0;
  };
  void streamStarted() { ++streamed_.answers; }
  void streamFinished(std::int64_t bytes, bool complete);
  const Streamed& streamed() const { return streamed_; }

  std::int64_t totalCalls() const;
  std::int64_t reads() const;   // A5-A8
  std::int64_t writes() const;  // A1-A4, A9, A10, B1

  static bool isWrite(const std::string& endpoint);
  static bool isRead(const std::string& endpoint);

 private:
  std::int64_t sum(bool (*which)(const std::string&)) const;
  std::vector<std::pair<std::string, Endpoint>> endpoints_;
  Streamed streamed_;
};

}  // namespace membersync::emulator
