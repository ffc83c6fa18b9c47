#pragma once

#include <cstddef>
#include <string>

namespace membersync::apply {

// Where the applier reports how far it got: a counting line on a terminal, plain log lines
// otherwise (daemon/ decides). Implementations must be thread-safe: workers call advance().
class Progress {
 public:
  virtual ~Progress() = default;
  virtual void phase(const std::string& name, std::size_t total) = 0;
  virtual void advance(std::size_t n = 1) = 0;
  virtual void endPhase() = 0;
};

// Reports nothing (tests, `plan`).
class NoProgress final : public Progress {
 public:
  void phase(const std::string&, std::size_t) override {}
  void advance(std::size_t) override {}
  void endPhase() override {}
};

}  // namespace membersync::apply
