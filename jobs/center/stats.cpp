#include "jobs/center/stats.h"

namespace membersync::center {
namespace {
std::size_t at(Endpoint e) { return static_cast<std::size_t>(e); }
}  // namespace

void CallStats::attempt(Endpoint e) {
  std::lock_guard<std::mutex> lock(mutex_);
  ++byEndpoint_[at(e)].attempts;
}

void CallStats::retry(Endpoint e) {
  std::lock_guard<std::mutex> lock(mutex_);
  ++byEndpoint_[at(e)].retries;
}

void CallStats::renewal(Endpoint e) {
  std::lock_guard<std::mutex> lock(mutex_);
  ++byEndpoint_[at(e)].renewals;
}

void CallStats::finished(Endpoint e, Outcome outcome, const Error* error, Clock::Duration took) {
  std::lock_guard<std::mutex> lock(mutex_);
  EndpointStats& s = byEndpoint_[at(e)];
  ++s.calls;
  s.totalTime += took;
  switch (outcome) {
    case Outcome::Ok: ++s.ok; break;
    case Outcome::Unknown: ++s.unknown; break;
    case Outcome::Failed:
      ++s.failed;
      if (error) ++s.failedByKind[static_cast<std::size_t>(error->kind)];
      break;
  }
}

std::vector<CallStats::Row> CallStats::snapshot() const {
  std::lock_guard<std::mutex> lock(mutex_);
  std::vector<Row> rows;
  for (std::size_t i = 0; i < kEndpointCount; ++i) {
    const auto e = static_cast<Endpoint>(i);
    rows.push_back({e, std::string(endpointLabel(e)), byEndpoint_[i]});
  }
  return rows;
}

EndpointStats CallStats::of(Endpoint e) const {
  std::lock_guard<std::mutex> lock(mutex_);
  return byEndpoint_[at(e)];
}

}  // namespace membersync::center
