#pragma once

// Shared by the fuzz targets (libFuzzer, built only with MEMBERSYNC_FUZZ): the input as text,
// and the invariant check that stops the run with a crash libFuzzer keeps.

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>

namespace membersync::fuzz {

inline std::string text(const std::uint8_t* data, std::size_t size) {
  return std::string(reinterpret_cast<const char*>(data), size);
}

[[noreturn]] inline void broken(const char* what, const char* file, int line) {
  std::fprintf(stderr, "%s:%d: invariant broken: %s\n", file, line, what);
  __builtin_trap();
}

}  // namespace membersync::fuzz

// An invariant of what the parser accepted: when it does not hold, the input is a finding.
#define FUZZ_CHECK(condition) \
  ((condition) ? (void)0 : ::membersync::fuzz::broken(#condition, __FILE__, __LINE__))
