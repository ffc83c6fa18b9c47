#pragma once

#include <string>
#include <vector>

namespace membersync::directory {

// The keys of one row, for finding rows that name the same person twice.
struct RowKeys {
  std::string employeeId;  // trimmed; empty keys are never duplicates
  std::string account;     // trimmed; compared case-insensitively
  int line = 0;
  int item = 0;
};

// For each row (same order as `rows`), what it shares with other rows: "employee_id "E1" is also
// on line 9". Every row of a clash gets a message, since neither can be trusted to be the right
// one; empty when the row is unique.
std::vector<std::vector<std::string>> findDuplicates(const std::vector<RowKeys>& rows);

}  // namespace membersync::directory
