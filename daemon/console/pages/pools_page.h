#pragma once

// GET /pools: every asset rule of the policy (pools and product rules) with its capacity,
// assigned, free, owned by membersync and the people it grants, as the last run recorded them
// (with that run's time), the forecast sentence and the last 90 days as an SVG chart drawn by
// the server. Reads the state only (StateStore::recentRuns, poolHistory).

#include "daemon/console/page.h"

namespace membersync::console {

// Template "pools" (templates/pools.mustache). Holds no personal data: counts only.
PageAnswer poolsPage(const PageRequest& request);
// What /pools shows, for another page too: "counted", "run", "at" and "pools" (each rule's
// counts and forecast; its SVG chart only with `charts`). `/` shows them without charts.
mstch::map poolsData(state::StateStore& store, bool charts, const i18n::Translator& tr);

}  // namespace membersync::console
