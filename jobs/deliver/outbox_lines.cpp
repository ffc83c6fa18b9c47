#include "jobs/deliver/outbox_lines.h"

#include <csv.h>

#include <algorithm>
#include <utility>
#include <vector>

namespace membersync::deliver {
namespace {

struct Record {
  int line = 0;
  std::vector<std::string> fields;
};

struct Collector {
  std::vector<std::string> fields;
  std::vector<Record> records;
  int recordLine = 0;  // the line the record in progress began on; 0: none in progress
};

void onField(void* data, std::size_t length, void* self) {
  auto* c = static_cast<Collector*>(self);
  c->fields.emplace_back(data ? std::string(static_cast<const char*>(data), length) : "");
}

void onRecordEnd(int, void* self) {
  auto* c = static_cast<Collector*>(self);
  c->records.push_back({c->recordLine, std::move(c->fields)});
  c->fields.clear();
  c->recordLine = 0;
}

int nothingIsSpace(unsigned char) { return 0; }

bool isHeader(const Record& r, bool first) {
  return first && !r.fields.empty() && r.fields[0] == "account";
}

std::string problemAt(int line, const std::string& what) {
  return "line " + std::to_string(line) + ": " + what;
}

}  // namespace

// libcsv, strict, one physical line at a time, each line a record on its own: membersync never
// writes a line break inside a field, so a line it cannot read (a quote left open by a write cut
// short, a stray quote typed by hand) costs that line only and never swallows the lines after
// it.
class OutboxLineReader::Parser {
 public:
  Parser() { start(); }
  ~Parser() { csv_free(&parser_); }
  Parser(const Parser&) = delete;
  Parser& operator=(const Parser&) = delete;

  // The records of the next physical line, in `records`; false when the line cannot be read
  // (the records it ended before that are kept, as they always were).
  bool run(std::string_view text, std::vector<Record>& records) {
    collector_.recordLine = ++line_;
    const bool parsed = csv_parse(&parser_, text.data(), text.size(), onField, onRecordEnd,
                                  &collector_) == text.size() &&
                        csv_fini(&parser_, onField, onRecordEnd, &collector_) == 0;
    if (!parsed) {
      collector_.fields.clear();
      csv_free(&parser_);
      start();  // the next line afresh
    }
    records = std::move(collector_.records);
    collector_.records.clear();
    return parsed;
  }
  int line() const { return line_; }

 private:
  void start() {
    parser_ = csv_parser{};
    csv_init(&parser_, CSV_STRICT | CSV_STRICT_FINI);
    csv_set_space_func(&parser_, nothingIsSpace);
  }

  csv_parser parser_{};
  Collector collector_;
  int line_ = 0;
};

OutboxLineReader::OutboxLineReader() : parser_(std::make_unique<Parser>()) {}
OutboxLineReader::~OutboxLineReader() = default;

void OutboxLineReader::read(std::string_view line, std::vector<OutboxLine>& out) {
  std::vector<Record> records;
  if (!parser_->run(line, records)) damaged_.push_back(parser_->line());
  for (Record& r : records) {
    if (r.fields.size() == 1 && r.fields[0].empty()) continue;  // a blank line
    if (isHeader(r, std::exchange(first_, false))) continue;
    if (r.fields.size() < 4) {
      problems_.push_back(problemAt(r.line, "has " + std::to_string(r.fields.size()) +
                                                " fields; an outbox line has at least 4"));
      continue;
    }
    r.fields.resize(7);
    OutboxLine l{r.line,      r.fields[0], Secret(r.fields[1]), r.fields[2],
                 r.fields[3], r.fields[4], r.fields[5],         r.fields[6]};
    if (l.status != "pending" && l.status != "set" && l.status != "void") {
      // The status is not quoted: on a damaged line it may be a piece of a password.
      problems_.push_back(problemAt(r.line, "has an unknown status; it is pending, set or void"));
      continue;
    }
    if (l.account.empty() || (l.status == "pending" && l.password.empty())) {
      problems_.push_back(problemAt(
          r.line, l.account.empty() ? "has no account" : "is pending without a password"));
      continue;
    }
    out.push_back(std::move(l));
  }
}

std::vector<std::string> OutboxLineReader::problems() const {
  std::vector<std::string> all = problems_;
  for (int line : damaged_)
    all.push_back(problemAt(line,
                            "is not well-formed CSV (a quote left open by a write "
                            "cut short, or a stray quote)"));
  return all;
}

OutboxText parseOutbox(std::string_view text) {
  OutboxText out;
  OutboxLineReader reader;
  for (std::size_t pos = 0; pos < text.size();) {
    std::size_t end = text.find('\n', pos);
    end = end == std::string_view::npos ? text.size() : end + 1;
    reader.read(text.substr(pos, end - pos), out.lines);
    pos = end;
  }
  out.problems = reader.problems();
  return out;
}

std::optional<TornLine> findTornLine(std::string_view text) {
  if (text.empty()) return std::nullopt;
  const bool ended = text.back() == '\n';
  const std::size_t end = text.size() - (ended ? 1 : 0);
  const std::size_t newline = end == 0 ? std::string_view::npos : text.rfind('\n', end - 1);
  const std::size_t offset = newline == std::string_view::npos ? 0 : newline + 1;
  const int line = 1 + static_cast<int>(std::count(text.begin(), text.begin() + offset, '\n'));
  return findTornLine(text.substr(offset, end - offset), ended, line, offset);
}

std::optional<TornLine> findTornLine(std::string_view last, bool ended, int line,
                                     std::size_t offset) {
  TornLine torn;
  torn.offset = offset;
  torn.line = line;
  // Read as the whole file would read it: line 1 may be the header.
  const OutboxText read = parseOutbox(
      (torn.line == 1 ? std::string() : std::string(kOutboxHeader)) + std::string(last));
  if (read.problems.empty()) {
    // A whole line (or the header) that only lacks its "\n" lost nothing; a pending one may
    // have lost the end of its name, and was never sent.
    if (ended || read.lines.empty() || read.lines[0].status != "pending") return std::nullopt;
    torn.account = read.lines[0].account;
    return torn;
  }
  if (torn.line == 1 && std::string_view(kOutboxHeader).substr(0, last.size()) == last)
    return torn;  // the header cut short, by the first write to a new file
  const std::size_t comma = last.find(',');
  torn.account = std::string(last.substr(0, comma));
  torn.accountCut = comma == std::string_view::npos;
  return torn;
}

std::string csvField(const std::string& value) {
  if (value.find_first_of(",\"\r\n") == std::string::npos) return value;
  if (value.find('\n') != std::string::npos) {
    std::string oneLine = value;  // a line is a record: a line break in a name becomes a space
    std::replace(oneLine.begin(), oneLine.end(), '\n', ' ');
    return csvField(oneLine);
  }
  std::string quoted(value.size() * 2 + 2, '\0');
  quoted.resize(csv_write(quoted.data(), quoted.size(), value.data(), value.size()));
  return quoted;
}

std::string formatOutboxLine(const OutboxLine& l) {
  return csvField(l.account) + "," + csvField(l.password.reveal()) + "," + csvField(l.created) +
         "," + csvField(l.status) + "," + csvField(l.login) + "," + csvField(l.hrAccount) + "," +
         csvField(l.name) + "\n";
}

OpenPasswords::OpenPasswords(Keep keep, const std::set<std::string>* among)
    : keep_(keep), among_(among) {}

// Per account, the passwords not cancelled yet, oldest first: `void` cancels the newest, `set`
// confirms it.
void OpenPasswords::add(const OutboxLine& l) {
  if (among_ && !among_->count(l.account)) return;
  if (l.status == "pending") {
    Open& open = open_[l.account];
    open.confirmed += '0';
    if (keep_ == Keep::Passwords)
      open.passwords.push_back(
          {l.account, l.password, l.created, false, l.login, l.hrAccount, l.name});
    return;
  }
  const auto open = open_.find(l.account);
  if (open == open_.end() || open->second.confirmed.empty()) return;
  const bool passwords = keep_ == Keep::Passwords;
  std::string& stack = open->second.confirmed;
  if (l.status == "void") {
    stack.pop_back();
    if (passwords) open->second.passwords.pop_back();
  } else {
    stack.back() = '1';
    if (passwords) open->second.passwords.back().confirmed = true;
  }
  // Confirmed passwords at the bottom of the stack answer "is the one in force unconfirmed?" as
  // no password does, whatever comes after: the stack never begins with one, and a stack without
  // any password is let go. Only the bottom one can have changed.
  if (keep_ == Keep::UnconfirmedOnly && (stack.empty() || stack.front() == '1'))
    open_.erase(open);
}

std::map<std::string, CurrentPassword> OpenPasswords::current() && {
  std::map<std::string, CurrentPassword> current;
  for (auto& [account, open] : open_)
    if (!open.passwords.empty()) current.emplace(account, std::move(open.passwords.back()));
  return current;
}

std::map<std::string, CurrentPassword> OpenPasswords::confirmed() && {
  std::map<std::string, CurrentPassword> confirmed;
  for (auto& [account, open] : open_) {
    for (auto p = open.passwords.rbegin(); p != open.passwords.rend(); ++p) {
      if (!p->confirmed) continue;
      confirmed.emplace(account, std::move(*p));
      break;
    }
  }
  return confirmed;
}

std::set<std::string> OpenPasswords::confirmedAccounts() const {
  std::set<std::string> accounts;
  for (const auto& [account, open] : open_)
    if (open.confirmed.find('1') != std::string::npos) accounts.insert(accounts.end(), account);
  return accounts;
}

std::set<std::string> OpenPasswords::currentAccounts(bool confirmed) const {
  std::set<std::string> accounts;
  for (const auto& [account, open] : open_)
    if (!open.confirmed.empty() && (open.confirmed.back() == '1') == confirmed)
      accounts.insert(accounts.end(), account);
  return accounts;
}

std::map<std::string, CurrentPassword> currentPasswords(const std::vector<OutboxLine>& lines) {
  OpenPasswords open;
  for (const OutboxLine& l : lines) open.add(l);
  return std::move(open).current();
}

std::map<std::string, CurrentPassword> confirmedPasswords(const std::vector<OutboxLine>& lines) {
  OpenPasswords open;
  for (const OutboxLine& l : lines) open.add(l);
  return std::move(open).confirmed();
}

}  // namespace membersync::deliver
