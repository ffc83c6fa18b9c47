#pragma once

// The password outbox's text, without any file: parsing it (libcsv), folding its lines into the
// password in force per account, and writing a line. Pure, so the reader can be fuzzed.
//
// Columns: account,password,created,status,login,hr_account,name. `account` is the key the state
// database uses (lower case, no suffix); `login` is what the person types (the userName the
// center holds, suffix included); `hr_account` is the account as HR spells it. Lines written
// before login, HR spelling and name were kept have the first four columns only and still read.
// `status` is `pending` (a password generated, its call not yet answered), `set` (the call set
// it) or `void` (the call did not take effect: the newest pending password is cancelled).

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "jobs/core/secret.h"

namespace membersync::deliver {

struct OutboxLine {
  int line = 0;  // physical line in the file (1-based; the header is line 1)
  std::string account;
  Secret password;  // empty on `set` and `void` lines
  std::string created;
  std::string status;  // pending, set or void
  std::string login;
  std::string hrAccount;
  std::string name;
};

struct OutboxText {
  std::vector<OutboxLine> lines;     // the valid lines, in file order (the header left out)
  std::vector<std::string> problems;  // "line N: what is wrong" for lines that were skipped
};

// Never throws for bad input: a line that cannot be read is skipped and named in `problems`
// (a hand-edited outbox must not stop password delivery for everyone else).
OutboxText parseOutbox(std::string_view text);

// The file's last line when a write cut short (a full disk, a crash) may have left it: it lacks
// its final "\n", or it cannot be read. Every line is written whole with its "\n", and made
// durable before the call it belongs to is sent (a `set` or `void` line before the state records
// the outcome), so nothing was ever sent on the strength of such a line. A `set` or `void` line
// that only lacks its "\n" is not torn: it lost nothing (a file saved by hand may end so).
struct TornLine {
  int line = 0;             // its physical line (1-based)
  std::size_t offset = 0;   // where it begins in the text
  std::string account;      // its first field as far as it goes; empty for the header
  bool accountCut = false;  // the line ends within that field: the account may go on
};
std::optional<TornLine> findTornLine(std::string_view text);

inline constexpr const char* kOutboxHeader =
    "account,password,created,status,login,hr_account,name\n";
// `value` as one CSV field: quoted (libcsv) when it holds a comma, a quote or a CR; a line feed
// becomes a space (a line is a record, so a damaged line never swallows the next).
std::string csvField(const std::string& value);
// One line, fields quoted where CSV needs it (a name with a comma or a quote), ending in \n.
std::string formatOutboxLine(const OutboxLine& line);

// The password in force for an account: its newest `pending` password that no `void` line
// cancelled, and whether a `set` line after it confirmed it.
struct CurrentPassword {
  std::string account;
  Secret password;
  std::string created;
  bool confirmed = false;
  std::string login;      // empty for lines from before logins were kept
  std::string hrAccount;  // likewise
  std::string name;
};

std::map<std::string, CurrentPassword> currentPasswords(const std::vector<OutboxLine>& lines);
// The password in force per account as far as the center is concerned: the newest confirmed one
// not cancelled, even below a newer pending one (a reset not answered yet, or never sent).
std::map<std::string, CurrentPassword> confirmedPasswords(const std::vector<OutboxLine>& lines);

}  // namespace membersync::deliver
