#pragma once

// Internal to jobs/apply: when a refusal is the configuration's or the center's rather than the
// rows' ("systemic"), judged here and nowhere else, whatever form it takes: a call refused as a
// whole with a configuration code (50003, 40006, 60017, 40009 while the policy maps no
// department, ...), or an A1 call whose every row the 60027 answer lists as failed alike. A
// systemic refusal stops the run naming the setting to fix, and no row is held as refused.
// Pure: no I/O.

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "jobs/center/members.h"
#include "jobs/center/result.h"

namespace membersync::apply {

// One row a 60027 answer lists as failed: its code ("" when the entry has none, as the spec's
// entries have only a userName and a message) and its text.
struct RowRefusal {
  std::string code;
  std::string message;
};

// What the center refused in one call carrying `rows` rows: the call as a whole (`whole`), or
// item by item (`items`, one per row of the call the answer lists as failed; `created` rows it
// created). A call about one member (A2, A3, A9, ...) is one row.
struct CallRefusal {
  std::size_t rows = 1;
  std::optional<center::Error> whole;
  std::vector<RowRefusal> items;
  std::size_t created = 0;
  bool rowsLackDepartment = false;  // every row went without a departmentId
};

// A refusal of membersync's settings (or the center's), not of the rows.
struct SystemicRefusal {
  std::string code;      // the one code; "" when the rows' entries carried none
  std::string what;      // the refusal, described for people
  std::string setting;   // what to change, naming the key; "" when nothing is known to help
  bool perItem = false;  // judged from a 60027 answer's rows, not a whole-call code
  std::size_t rows = 0;

  // The run's stop reason: what was refused and the setting to fix.
  std::string reason() const;
  // For a refusal judged item by item: the error every row of the call takes instead (kind
  // Configuration, as a whole-call refusal of the settings is): not sent again this run, no
  // history kept.
  center::Error asError(const std::string& endpoint) const;
};

// Fewer rows than this, all refused alike, may still be a coincidence of the rows.
inline constexpr std::size_t kSystemicRows = 10;

// True when `code` judges a row's own fields (10003, 10004, 30002, 30003, 40008, 40022; and 40009
// while the policy maps departments, for a row whose department it does not map). A refusal
// with such a code is the row's: isolated by halving the chunk, never systemic.
bool isRowCode(const std::string& code, bool policyMapsDepartments);

// The one rule.
// - Refused whole: systemic when the code is a configuration code (ErrorKind::Configuration)
//   that is not a row's (isRowCode) nor the trial-member quota (60009: the rows wait for room).
// - Item by item: systemic when the call carried at least kSystemicRows rows, none was created,
//   every one is listed as failed, and all with one code that is not a row's, or, carrying no
//   code, with one message. A message alone cannot tell 40009 apart: while the policy maps
//   departments and no row of the call had one, the rows may all be of one unmapped department,
//   so that is not systemic (the rows are held, and released once the policy changes).
std::optional<SystemicRefusal> judgeRefusal(const CallRefusal& call, bool policyMapsDepartments);

// An A1 call's answer as a CallRefusal: a failure is `whole`; an answer lists the rows of
// `batch` it names as failed, matched by account (`suffix`, e.g. "@acme", maps userNames back);
// an unknown outcome refuses nothing.
CallRefusal refusalOf(const std::vector<center::NewMember>& batch,
                      const center::Result<center::AddMembersResult>& result,
                      const std::string& suffix);

}  // namespace membersync::apply
