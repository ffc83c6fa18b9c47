#pragma once

// What every row accepted from an HR export must obey, whichever format it came in: the
// center's limits (the constants jobs/directory checks with), trimmed well-formed UTF-8, keys
// unique, and every data row either a person or a problem.

#include <set>
#include <string>

#include "jobs/core/text.h"
#include "jobs/directory/person.h"
#include "jobs/directory/row_checks.h"
#include "jobs/directory/utf8.h"
#include "tests/fuzz/fuzz_support.h"

namespace membersync::fuzz {

inline bool cleanText(const std::string& s) {
  return !directory::firstInvalidUtf8(s) && trim(s) == s;
}

inline bool asciiAlnum(const std::string& s) {
  for (char c : s)
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'))) return false;
  return true;
}

inline bool validMobile(const std::string& m) {
  if (m.empty()) return true;
  const std::string digits = m[0] == '+' ? m.substr(1) : m;
  if (digits.size() < directory::kMinMobileDigits || digits.size() > directory::kMaxMobileDigits)
    return false;
  return digits.find_first_not_of("0123456789") == std::string::npos;
}

inline void checkPersonLimits(const directory::Person& p, const std::string& suffix) {
  using namespace directory;
  FUZZ_CHECK(!p.employeeId.empty() && cleanText(p.employeeId));
  FUZZ_CHECK(!p.account.empty() && asciiAlnum(p.account));
  FUZZ_CHECK(codePoints(p.account) + codePoints(suffix) <= kMaxUserName);
  FUZZ_CHECK(cleanText(p.name));
  FUZZ_CHECK(codePoints(p.name) >= 1 && codePoints(p.name) <= kMaxName);
  FUZZ_CHECK(cleanText(p.department) && cleanText(p.status));
  FUZZ_CHECK(!p.remark || (cleanText(*p.remark) && codePoints(*p.remark) <= kMaxRemark));
  FUZZ_CHECK(!p.mobile || validMobile(*p.mobile));
  for (const auto& [column, value] : p.attributes) FUZZ_CHECK(cleanText(value));
}

inline void checkExport(const directory::Export& hr, std::size_t dataRows,
                        const std::string& suffix) {
  FUZZ_CHECK(hr.rowCount == dataRows);
  FUZZ_CHECK(hr.people.size() + hr.problems.size() == hr.rowCount);
  std::set<std::string> ids, accounts;
  for (const directory::Person& p : hr.people) {
    checkPersonLimits(p, suffix);
    FUZZ_CHECK(ids.insert(p.employeeId).second);
    FUZZ_CHECK(accounts.insert(lowerAscii(p.account)).second);
    // A skipped row's keys keep its member safe; a valid row never shares them.
    FUZZ_CHECK(!hr.skippedEmployeeIds.count(p.employeeId));
    FUZZ_CHECK(!hr.skippedAccounts.count(lowerAscii(p.account)));
  }
  for (const directory::RowProblem& problem : hr.problems) FUZZ_CHECK(!problem.message.empty());
}

}  // namespace membersync::fuzz
