#pragma once

#include <array>
#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

#include "jobs/center/endpoint.h"
#include "jobs/center/result.h"
#include "jobs/core/clock.h"

namespace membersync::center {

// Counters of one endpoint.
struct EndpointStats {
  std::uint64_t calls = 0;     // calls finished
  std::uint64_t ok = 0;
  std::uint64_t failed = 0;
  std::uint64_t unknown = 0;   // outcome unknown (an unsafe call lost its answer)
  std::uint64_t attempts = 0;  // requests sent or tried, retries and renewal repeats included
  std::uint64_t retries = 0;   // backoff retries
  std::uint64_t renewals = 0;  // token renewals caused by 60000/60005/401
  std::array<std::uint64_t, kErrorKindCount> failedByKind{};  // indexed by ErrorKind
  Clock::Duration totalTime{};  // summed duration of the calls, retries and waits included
};

// Per-call statistics a Session keeps, for a benchmark and the /metrics endpoint. Thread-safe.
class CallStats {
 public:
  void attempt(Endpoint e);
  void retry(Endpoint e);
  void renewal(Endpoint e);
  void finished(Endpoint e, Outcome outcome, const Error* error, Clock::Duration took);

  struct Row {
    Endpoint endpoint;
    std::string label;  // endpointLabel()
    EndpointStats stats;
  };
  // Every endpoint, in Endpoint order, including those never called.
  std::vector<Row> snapshot() const;
  EndpointStats of(Endpoint e) const;

 private:
  mutable std::mutex mutex_;
  std::array<EndpointStats, kEndpointCount> byEndpoint_{};
};

}  // namespace membersync::center
