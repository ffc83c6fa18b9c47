#include "tests/emulator/stats.h"

#include <algorithm>
#include <stdexcept>

namespace membersync::emulator {
namespace {

const char* const kEndpoints[] = {"token", "A1", "A2", "A3", "A4",  "A5",
                                  "A6",    "A7", "A8", "A9", "A10", "B1"};

}  // namespace

Stats::Stats() {
  clear();
}

void Stats::clear() {
  streamed_ = Streamed{};
  endpoints_.clear();
  for (const char* name : kEndpoints) endpoints_.emplace_back(name, Endpoint{});
}

void Stats::record(const std::string& endpoint, const std::string& outcome) {
  auto it = std::find_if(endpoints_.begin(), endpoints_.end(),
                         [&](const auto& e) { return e.first == endpoint; });
  if (it == endpoints_.end()) throw std::logic_error("Stats: unknown endpoint " + endpoint);
  ++it->second.calls;
  ++it->second.outcomes[outcome];
}

void Stats::streamFinished(std::int64_t bytes, bool complete) {
  ++streamed_.finished;
  if (!complete) ++streamed_.cutShort;
  streamed_.bytes += bytes;
}

bool Stats::isWrite(const std::string& e) {
  return e == "A1" || e == "A2" || e == "A3" || e == "A4" || e == "A9" || e == "A10" || e == "B1";
}

bool Stats::isRead(const std::string& e) {
  return e == "A5" || e == "A6" || e == "A7" || e == "A8";
}

std::int64_t Stats::sum(bool (*which)(const std::string&)) const {
  std::int64_t n = 0;
  for (const auto& [name, e] : endpoints_) {
    if (which == nullptr || which(name)) n += e.calls;
  }
  return n;
}

std::int64_t Stats::totalCalls() const {
  return sum(nullptr);
}
std::int64_t Stats::reads() const {
  return sum(&isRead);
}
std::int64_t Stats::writes() const {
  return sum(&isWrite);
}

}  // namespace membersync::emulator
