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
#include <memory>
#include <optional>
#include <set>
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
  std::vector<OutboxLine> lines;      // the valid lines, in file order (the header left out)
  std::vector<std::string> problems;  // "line N: what is wrong" for lines that were skipped
};

// Never throws for bad input: a line that cannot be read is skipped and named in `problems`
// (a hand-edited outbox must not stop password delivery for everyone else).
OutboxText parseOutbox(std::string_view text);

// parseOutbox() one physical line at a time, for a file read line by line: it holds one line,
// never the file. Feed every line in file order, each with its "\n" (the last may lack it).
class OutboxLineReader {
 public:
  OutboxLineReader();
  ~OutboxLineReader();
  OutboxLineReader(const OutboxLineReader&) = delete;
  OutboxLineReader& operator=(const OutboxLineReader&) = delete;
  // Appends the valid lines `line` holds to `out`: none for the header, a blank or a damaged
  // line; one as a rule (a stray CR may split a line in two).
  void read(std::string_view line, std::vector<OutboxLine>& out);
  // What parseOutbox() would name, in its order (the lines it cannot read last).
  std::vector<std::string> problems() const;

 private:
  class Parser;
  std::unique_ptr<Parser> parser_;
  bool first_ = true;  // the header may come next
  std::vector<std::string> problems_;
  std::vector<int> damaged_;
};

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
// The same for the file's last line alone: `last` without its "\n", `ended` whether it had one,
// `line` its physical line, `offset` where it begins. A file read line by line needs no more.
std::optional<TornLine> findTornLine(std::string_view last, bool ended, int line,
                                     std::size_t offset);

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

// The two above folded one line at a time, for a file read line by line: it holds the passwords
// not cancelled yet, never the lines. add() every line in file order.
class OpenPasswords {
 public:
  // Passwords: keep each password and its names (for current() and confirmed()), or only
  // whether it is confirmed (for the accounts alone: no Secret is held). UnconfirmedOnly: only
  // what currentAccounts(false) needs: an account none of whose passwords waits for its `set`
  // is let go, so that a file of 400,000 confirmed passwords holds next to nothing.
  enum class Keep { Passwords, AccountsOnly, UnconfirmedOnly };
  // `among`: only these accounts are kept, the lines of any other skipped; nullptr: all.
  explicit OpenPasswords(Keep keep = Keep::Passwords, const std::set<std::string>* among = nullptr);
  void add(const OutboxLine& line);
  std::map<std::string, CurrentPassword> current() &&;    // as currentPasswords()
  std::map<std::string, CurrentPassword> confirmed() &&;  // as confirmedPasswords()
  // The accounts of confirmed(); those of current() whose password in force is (not) confirmed.
  // Both work with Keep::AccountsOnly; only currentAccounts(false) with Keep::UnconfirmedOnly.
  std::set<std::string> confirmedAccounts() const;
  std::set<std::string> currentAccounts(bool confirmed) const;

 private:
  struct Open {
    std::string confirmed;  // per password not cancelled, oldest first: '1' confirmed, '0' not
    std::vector<CurrentPassword> passwords;  // the same passwords in full (Keep::Passwords)
  };
  Keep keep_;
  const std::set<std::string>* among_;
  std::map<std::string, Open> open_;
};

}  // namespace membersync::deliver
