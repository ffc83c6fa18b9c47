#pragma once

#include <string>

#include "jobs/directory/person.h"
#include "jobs/i18n/message.h"

namespace membersync::directory {

// Where a row is, in words: "line 12" for CSV, "item 3 (line 14)" for JSON (item with no known
// line: "item 3").
std::string placeOf(int line, int item);
i18n::Message placeMessage(int line, int item);  // the same, to show in the reader's language

// Where the export is ("hr.csv", "hr.xlsx, sheet 员工"), and where its row `line` is ("hr.csv:12",
// "hr.xlsx, sheet 员工, row 12"): a workbook's words are a message, the rest read the same in
// every language.
i18n::Message sourceMessage(const Export& hr);
i18n::Message rowMessage(const Export& hr, int line);

// One skipped row as a person reads it, naming the file and the line:
//   "hr.csv:12: E1007 (zhaolei): name is 31 characters; the center allows at most 30"
//   "hr.json:14: item 3: E1007 (zhaolei): ..."
//   "ldaps://dc1.acme.example/ou=staff,dc=acme,dc=example: entry cn=Zhao Lei,ou=staff,...: ..."
// The "E1007 (zhaolei)" part shows whichever keys the row has.
// describeMessage() is that sentence to show in the reader's language; describe() its English.
i18n::Message describeMessage(const Export& hr, const RowProblem& problem);
std::string describe(const Export& hr, const RowProblem& problem);

}  // namespace membersync::directory
