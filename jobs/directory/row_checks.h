#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "jobs/directory/person.h"
#include "jobs/i18n/message.h"

// The member center's limits on one person (spec sections 4 A1 and 8), counted in Unicode code
// points as the center counts them.
namespace membersync::directory {

inline constexpr std::size_t kMaxUserName = 62;  // account + suffix: "fewer than 63"
inline constexpr std::size_t kMaxName = 30;
inline constexpr std::size_t kMaxRemark = 200;
inline constexpr std::size_t kMinMobileDigits = 5;
inline constexpr std::size_t kMaxMobileDigits = 20;

// What is wrong with `person` (trimmed cells), one sentence each; empty when the row is valid.
// `accountSuffix` is the expanded suffix the center appends ("@acme"); `mobileColumn` is where the
// mobile comes from (its column or attribute, or "mobile" when a template computes it), named
// when the fix is to format that column in Excel.
std::vector<i18n::Message> checkPerson(const Person& person, const std::string& accountSuffix,
                                       const std::string& mobileColumn);

}  // namespace membersync::directory
