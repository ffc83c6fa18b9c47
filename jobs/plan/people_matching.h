#pragma once

#include "jobs/plan/context.h"

namespace membersync::plan::detail {

// One pass over the export's valid rows. An active person is matched to a live member through
// the state link first, else by account (case-insensitive), and gets an Add, an Adopt (+Edit),
// an Edit, a Rename, or a Held add when the account still belongs to another employee's member.
// A departed person's linked member goes to planDeparture(). Stale links are dropped.
void planPeople(Context& ctx);

}  // namespace membersync::plan::detail
