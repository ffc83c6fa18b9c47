#include "jobs/directory/row_checks.h"

#include "jobs/directory/mobile_number.h"
#include "jobs/directory/utf8.h"

namespace membersync::directory {

namespace {

bool isAsciiAlnum(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

bool isDigit(char c) { return c >= '0' && c <= '9'; }

std::string quoted(const std::string& text) { return "\"" + text + "\""; }

void checkEmployeeId(const Person& p, std::vector<std::string>& out) {
  if (p.employeeId.empty())
    out.push_back("employee_id is empty; every row needs the stable HR key");
}

void checkAccount(const Person& p, const std::string& suffix, std::vector<std::string>& out) {
  if (p.account.empty()) {
    out.push_back("account is empty; every row needs the member-center account");
    return;
  }
  for (char c : p.account) {
    if (!isAsciiAlnum(c)) {
      out.push_back("account " + quoted(p.account) +
                    " may hold only ASCII letters and digits (the center refuses others, 10003)");
      break;
    }
  }
  const std::size_t total = codePoints(p.account) + codePoints(suffix);
  if (total > kMaxUserName)
    out.push_back("account " + quoted(p.account) + " is " + std::to_string(codePoints(p.account)) +
                  " characters, " + std::to_string(total) + " with the suffix " + quoted(suffix) +
                  "; the center allows at most " + std::to_string(kMaxUserName) + " together");
}

void checkName(const Person& p, std::vector<std::string>& out) {
  const std::size_t length = codePoints(p.name);
  if (length == 0) {
    out.push_back("name is empty; the center needs 1 to " + std::to_string(kMaxName) +
                  " characters");
  } else if (length > kMaxName) {
    out.push_back("name is " + std::to_string(length) + " characters; the center allows at most " +
                  std::to_string(kMaxName));
  }
}

void checkRemark(const Person& p, std::vector<std::string>& out) {
  if (!p.remark) return;
  const std::size_t length = codePoints(*p.remark);
  if (length > kMaxRemark)
    out.push_back("remark is " + std::to_string(length) +
                  " characters; the center allows at most " + std::to_string(kMaxRemark));
}

// `m` is the number as sent (mobileAsSent): separators are gone from any that was a number.
void checkMobile(const Person& p, const std::string& column, std::vector<std::string>& out) {
  if (!p.mobile || p.mobile->empty()) return;
  const std::string& m = *p.mobile;
  if (inScientificNotation(m)) {
    out.push_back("mobile " + quoted(m) +
                  " is in scientific notation, as Excel saves a long number, and has lost digits; "
                  "in Excel, format the column " +
                  quoted(column) +
                  " as Text, check that every number shows all its digits, and save the export "
                  "again");
    return;
  }
  if (hasTrunkZero(m)) {
    out.push_back("mobile " + quoted(m) +
                  " has a \"(0)\", a prefix dialled only within the country; write the number "
                  "without it");
    return;
  }
  const std::string digits = m[0] == '+' ? m.substr(1) : m;
  for (char c : digits) {
    if (!isDigit(c)) {
      out.push_back("mobile " + quoted(m) +
                    " may hold only digits, with an optional leading '+' (spaces, hyphens and "
                    "brackets between them are removed)");
      return;
    }
  }
  if (digits.size() < kMinMobileDigits || digits.size() > kMaxMobileDigits)
    out.push_back("mobile " + quoted(m) + " has " + std::to_string(digits.size()) +
                  " digits; it needs " + std::to_string(kMinMobileDigits) + " to " +
                  std::to_string(kMaxMobileDigits));
}

}  // namespace

std::vector<std::string> checkPerson(const Person& person, const std::string& accountSuffix,
                                     const std::string& mobileColumn) {
  std::vector<std::string> out;
  checkEmployeeId(person, out);
  checkAccount(person, accountSuffix, out);
  checkName(person, out);
  checkRemark(person, out);
  checkMobile(person, mobileColumn, out);
  return out;
}

}  // namespace membersync::directory
