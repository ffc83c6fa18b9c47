#pragma once

#include <iosfwd>

#include "jobs/report/status_text.h"

namespace membersync::report {

// `status --format json`: what `status` shows, for monitoring, as one object whose fields are
// stable within its `version`. The fields are in docs/status-json.md (the one place they are
// listed; tests/unit/report/status_json_test.cpp pins them).
void writeStatusJson(std::ostream& os, const StatusInputs& in);

}  // namespace membersync::report
