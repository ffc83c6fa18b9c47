#pragma once

#include <cstddef>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "jobs/directory/attributes.h"
#include "jobs/i18n/message.h"

namespace membersync::directory {

// One valid row of the HR export. Plain data: the planner and the policy read it.
struct Person {
  std::string employeeId;  // the stable HR key
  std::string account;     // member-center account, as HR spells it (compared case-insensitively)
  std::string name;
  std::string department;  // the HR value; the policy maps it to a departmentId
  // An optional field whose column the export does not have is std::nullopt: membersync does not
  // manage it. A present but empty cell is "" and clears the field on the center.
  std::optional<std::string> remark;
  std::optional<std::string> mobile;
  std::string status;  // as exported; empty counts as active
  bool active = true;  // status empty or in [directory] active_status
  // Every column that is not a mapped field, by its header name, for policy rules. (An LDAP
  // value that is not text, such as a binary objectGUID, is left out.)
  Attributes attributes;
  // LDAP attributes with several values (memberOf), every value: a policy `when` matches any.
  std::map<std::string, std::vector<std::string>> multiAttributes;
  int line = 0;  // where the row starts in the file (1-based; the header is line 1)
  int item = 0;  // JSON exports: the 1-based position in the array (0 for CSV)
  std::string dn;  // LDAP: the entry's distinguished name
};

// A row that failed validation. It is skipped, and its keys are remembered so that its existing
// member is never taken for departed.
struct RowProblem {
  int line = 0;
  std::string employeeId;  // as found, possibly empty
  std::string account;     // as found, possibly empty
  // What is wrong and what to do, e.g. "name is 31 characters; at most 30": shown in the
  // reader's language (i18n::render), in English (i18n::english) for logs and the state.
  i18n::Message message;
  int item = 0;  // JSON exports: the 1-based position in the array (0 for CSV)
  std::string dn;  // LDAP: the entry's distinguished name
  // The row as read, when all that is wrong with it is an account other rows carry too: kept so
  // that the one membersync links to that account can be used after all (keepLinkedRows).
  std::shared_ptr<const Person> sharesAccountOnly;
};

// What one HR export holds.
struct Export {
  std::string path;
  std::vector<Person> people;         // valid rows, active and departed, in file order
  std::vector<RowProblem> problems;   // invalid rows, skipped
  // Keys of the skipped rows (employee ids as exported, accounts in lower case): whoever they
  // name is neither added nor edited nor treated as departed this run.
  std::set<std::string> skippedEmployeeIds;
  std::set<std::string> skippedAccounts;
  std::size_t rowCount = 0;  // data rows (LDAP: entries), valid or not
  // SHA-256, lower-case hex, over the rows as mapped (ExportHash): what grace_runs counts as one
  // export and what a saved plan's export must still be.
  std::string contentHash;
  // The hash earlier versions took (of the file's bytes; LDAP: of the entries), which absences
  // counted before the upgrade hold: the same file is not counted again for them.
  std::string legacyContentHash;
  // What the reader skipped on purpose and the log should say (LDAP continuation references).
  std::vector<std::string> notices;
  // A workbook's file and sheet (path reads "hr.xlsx, sheet 员工"): a problem's row is placed as
  // "hr.xlsx, sheet 员工, row 12", a message (rowMessage). Empty for the other sources, whose
  // rows read "hr.csv:12" in every language.
  std::string workbook;
  std::string sheet;
  // An organisation platform's walk (DingTalk): how many departments it found and the calls it
  // made (check prints them). 0 for files and LDAP.
  std::size_t departmentCount = 0;
  int calls = 0;
};

// The export as a whole cannot be used (unreadable, empty, truncated, invalid UTF-8, ragged, a
// required column missing). what() names the file and, where there is one, the line. No row of
// such an export is used, so nobody looks departed because of it.
// message() is shown in the reader's language; what() is its English (logs, tests).
class ExportError : public std::runtime_error {
 public:
  // Text that is not a message of ours (a library's, a server's): shown as it is.
  explicit ExportError(const std::string& english)
      : std::runtime_error(english), message_(i18n::verbatim(english)) {}
  explicit ExportError(i18n::Message message)
      : std::runtime_error(i18n::english(message)), message_(std::move(message)) {}

  const i18n::Message& message() const { return message_; }

  // The calls an organisation platform's walk made before it failed: spent all the same, they
  // count in the month's budget ([directory] max_calls_month). 0 for files and LDAP.
  int platformCalls = 0;

 private:
  i18n::Message message_;
};

}  // namespace membersync::directory
