#pragma once

#include <string>
#include <vector>

#include "jobs/i18n/message.h"

namespace membersync::directory {

// The keys of one row, for finding rows that name the same person twice.
struct RowKeys {
  std::string employeeId;  // trimmed; empty keys are never duplicates
  std::string account;     // trimmed; compared case-insensitively
  int line = 0;
  int item = 0;
};

// What one row shares with other rows.
struct RowDuplicates {
  // "employee_id "E1" is also on line 9; each person must appear once", one per shared key.
  std::vector<i18n::Message> messages;
  bool sharesEmployeeId = false;
  bool sharesAccount = false;
};

// For each row (same order as `rows`), what it shares with other rows. Every row of a clash gets
// a message, since the export alone cannot tell which one is right; empty when the row is unique.
// (The state can tell for an account: see plan::keepAccountOwners.)
std::vector<RowDuplicates> findDuplicates(const std::vector<RowKeys>& rows);

}  // namespace membersync::directory
