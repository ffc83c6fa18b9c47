#pragma once

#include <cstdint>
#include <string>

namespace membersync::state {

// What one asset rule of the policy looked like to a run: how many assets it can hand out and
// how they stand, as the run read the enterprise's assets (A6) before it changed anything. The
// console's pool pages, its chart and its forecast read these, one row per rule per applying
// run. Plain values, no Poco.
struct PoolCount {
  std::string rule;
  bool product = false;  // a product rule (capacity: assets holding its product); else a pool
  // The assets the rule hands out: a pool rule the assets of its pool A6 has, a product rule the
  // assets holding its product outside every pool (a pool's assets are its own rule's).
  std::int64_t capacity = 0;
  std::int64_t assigned = 0;  // of those, held by some member (by anyone, membersync or not)
  std::int64_t free = 0;      // capacity - assigned
  std::int64_t owned = 0;     // of the assigned, those membersync assigned to their holder
  std::int64_t wanted = 0;    // active people (with a member or an add) the rule grants one
};

// A rule's counts as one run recorded them (StateStore::poolHistory()).
struct PoolRecord {
  std::int64_t runId = 0;
  std::int64_t at = 0;  // when the run recorded them (as it ended), ms since the epoch
  PoolCount counts;
};

}  // namespace membersync::state
