#pragma once

// `membersync passwords` for people (a table), for spreadsheets (CSV) and for programs (JSON).
// These are the only renderings that print passwords: the listing exists to hand them out.

#include <iosfwd>
#include <vector>

#include "jobs/deliver/passwords_listing.h"

namespace membersync::report {

void printPasswordsText(std::ostream& os, const std::vector<deliver::ListedPassword>& rows);
void printPasswordsCsv(std::ostream& os, const std::vector<deliver::ListedPassword>& rows);
void printPasswordsJson(std::ostream& os, const std::vector<deliver::ListedPassword>& rows);

}  // namespace membersync::report
