#pragma once

#include <string>

#include "jobs/directory/person.h"

namespace membersync::plan {

// The key of the Problem item a row skipped as invalid becomes, by where the row is: its CSV
// line ("problem:line:14"), its JSON item ("problem:item:3") or its LDAP entry's DN
// ("problem:dn:uid=..."), so that each row is its own item (LDAP and JSON rows have no line).
inline std::string rowProblemKey(const directory::RowProblem& row) {
  if (!row.dn.empty()) return "problem:dn:" + row.dn;
  if (row.item > 0) return "problem:item:" + std::to_string(row.item);
  return "problem:line:" + std::to_string(row.line);
}

}  // namespace membersync::plan
