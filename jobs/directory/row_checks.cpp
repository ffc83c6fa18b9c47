#include "jobs/directory/row_checks.h"

#include "jobs/directory/mobile_number.h"
#include "jobs/directory/utf8.h"

namespace membersync::directory {

namespace {

bool isAsciiAlnum(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

bool isDigit(char c) { return c >= '0' && c <= '9'; }

using i18n::msg;
using Problems = std::vector<i18n::Message>;

void checkEmployeeId(const Person& p, Problems& out) {
  if (p.employeeId.empty())
    out.push_back(msg("employee_id is empty; every row needs the stable HR key"));
}

void checkAccount(const Person& p, const std::string& suffix, Problems& out) {
  if (p.account.empty()) {
    out.push_back(msg("account is empty; every row needs the member-center account"));
    return;
  }
  for (char c : p.account) {
    if (!isAsciiAlnum(c)) {
      out.push_back(msg("account \"{account}\" may hold only ASCII letters and digits (the "
                        "center refuses others)")
                        .with("account", p.account));
      break;
    }
  }
  const std::size_t total = codePoints(p.account) + codePoints(suffix);
  if (total > kMaxUserName)
    out.push_back(msg("account \"{account}\" is {length} characters, {total} with the suffix "
                      "\"{suffix}\"; the center allows at most {max} together")
                      .with("account", p.account)
                      .with("length", static_cast<long long>(codePoints(p.account)))
                      .with("total", static_cast<long long>(total))
                      .with("suffix", suffix)
                      .with("max", static_cast<long long>(kMaxUserName)));
}

void checkName(const Person& p, Problems& out) {
  const std::size_t length = codePoints(p.name);
  if (length == 0) {
    out.push_back(msg("name is empty; the center needs 1 to {max} characters")
                      .with("max", static_cast<long long>(kMaxName)));
  } else if (length > kMaxName) {
    out.push_back(msg("name is {length} characters; the center allows at most {max}")
                      .with("length", static_cast<long long>(length))
                      .with("max", static_cast<long long>(kMaxName)));
  }
}

void checkRemark(const Person& p, Problems& out) {
  if (!p.remark) return;
  const std::size_t length = codePoints(*p.remark);
  if (length > kMaxRemark)
    out.push_back(msg("remark is {length} characters; the center allows at most {max}")
                      .with("length", static_cast<long long>(length))
                      .with("max", static_cast<long long>(kMaxRemark)));
}

// `m` is the number as sent (mobileAsSent): separators are gone from any that was a number.
void checkMobile(const Person& p, const std::string& column, Problems& out) {
  if (!p.mobile || p.mobile->empty()) return;
  const std::string& m = *p.mobile;
  if (inScientificNotation(m)) {
    out.push_back(msg("mobile \"{mobile}\" is in scientific notation, as Excel saves a long "
                      "number, and has lost digits; in Excel, format the column \"{column}\" as "
                      "Text, check that every number shows all its digits, and save the export "
                      "again")
                      .with("mobile", m)
                      .with("column", column));
    return;
  }
  if (hasTrunkZero(m)) {
    out.push_back(msg("mobile \"{mobile}\" has a \"(0)\", a prefix dialled only within the "
                      "country; write the number without it")
                      .with("mobile", m));
    return;
  }
  const std::string digits = m[0] == '+' ? m.substr(1) : m;
  for (char c : digits) {
    if (!isDigit(c)) {
      out.push_back(msg("mobile \"{mobile}\" may hold only digits, with an optional leading '+' "
                        "(spaces, hyphens and brackets between them are removed)")
                        .with("mobile", m));
      return;
    }
  }
  if (digits.size() < kMinMobileDigits || digits.size() > kMaxMobileDigits)
    out.push_back(msg("mobile \"{mobile}\" has {digits} digits; it needs {min} to {max}")
                      .with("mobile", m)
                      .with("digits", static_cast<long long>(digits.size()))
                      .with("min", static_cast<long long>(kMinMobileDigits))
                      .with("max", static_cast<long long>(kMaxMobileDigits)));
}

}  // namespace

std::vector<i18n::Message> checkPerson(const Person& person, const std::string& accountSuffix,
                                       const std::string& mobileColumn) {
  std::vector<i18n::Message> out;
  checkEmployeeId(person, out);
  checkAccount(person, accountSuffix, out);
  checkName(person, out);
  checkRemark(person, out);
  checkMobile(person, mobileColumn, out);
  return out;
}

}  // namespace membersync::directory
