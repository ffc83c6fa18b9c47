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

// libcsv, strict, one physical line at a time, each line a record on its own: membersync never
// writes a line break inside a field, so a line it cannot read (a quote left open by a write cut
// short, a stray quote typed by hand) costs that line only and never swallows the lines after
// it. Such lines are returned in `damaged`.
class LineParser {
 public:
  LineParser() { start(); }
  ~LineParser() { csv_free(&parser_); }
  LineParser(const LineParser&) = delete;
  LineParser& operator=(const LineParser&) = delete;

  std::vector<Record> run(std::string_view text, std::vector<int>& damaged) {
    int line = 0;
    for (std::size_t pos = 0; pos < text.size();) {
      std::size_t end = text.find('\n', pos);
      end = end == std::string_view::npos ? text.size() : end + 1;
      collector_.recordLine = ++line;
      const bool parsed =
          csv_parse(&parser_, text.data() + pos, end - pos, onField, onRecordEnd, &collector_) ==
              end - pos &&
          csv_fini(&parser_, onField, onRecordEnd, &collector_) == 0;
      if (!parsed) {
        damaged.push_back(line);
        collector_.fields.clear();
        csv_free(&parser_);
        start();  // the next line afresh
      }
      pos = end;
    }
    return std::move(collector_.records);
  }

 private:
  void start() {
    parser_ = csv_parser{};
    csv_init(&parser_, CSV_STRICT | CSV_STRICT_FINI);
    csv_set_space_func(&parser_, nothingIsSpace);
  }

  csv_parser parser_{};
  Collector collector_;
};

bool isHeader(const Record& r, bool first) {
  return first && !r.fields.empty() && r.fields[0] == "account";
}

std::string problemAt(int line, const std::string& what) {
  return "line " + std::to_string(line) + ": " + what;
}

}  // namespace

OutboxText parseOutbox(std::string_view text) {
  OutboxText out;
  std::vector<int> damaged;
  bool first = true;
  for (Record& r : LineParser().run(text, damaged)) {
    if (r.fields.size() == 1 && r.fields[0].empty()) continue;  // a blank line
    if (isHeader(r, std::exchange(first, false))) continue;
    if (r.fields.size() < 4) {
      out.problems.push_back(problemAt(r.line, "has " + std::to_string(r.fields.size()) +
                                                   " fields; an outbox line has at least 4"));
      continue;
    }
    r.fields.resize(7);
    OutboxLine l{r.line,         r.fields[0], Secret(r.fields[1]), r.fields[2],
                 r.fields[3],    r.fields[4], r.fields[5],         r.fields[6]};
    if (l.status != "pending" && l.status != "set" && l.status != "void") {
      // The status is not quoted: on a damaged line it may be a piece of a password.
      out.problems.push_back(problemAt(r.line, "has an unknown status; it is pending, set or void"));
      continue;
    }
    if (l.account.empty() || (l.status == "pending" && l.password.empty())) {
      out.problems.push_back(problemAt(r.line, l.account.empty() ? "has no account"
                                                                 : "is pending without a password"));
      continue;
    }
    out.lines.push_back(std::move(l));
  }
  for (int line : damaged)
    out.problems.push_back(problemAt(line, "is not well-formed CSV (a quote left open by a write "
                                           "cut short, or a stray quote)"));
  return out;
}

std::optional<TornLine> findTornLine(std::string_view text) {
  if (text.empty()) return std::nullopt;
  const bool ended = text.back() == '\n';
  const std::size_t end = text.size() - (ended ? 1 : 0);
  const std::size_t newline = end == 0 ? std::string_view::npos : text.rfind('\n', end - 1);
  TornLine torn;
  torn.offset = newline == std::string_view::npos ? 0 : newline + 1;
  torn.line = 1 + static_cast<int>(std::count(text.begin(), text.begin() + torn.offset, '\n'));
  const std::string_view last = text.substr(torn.offset, end - torn.offset);
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
  return csvField(l.account) + "," + csvField(l.password.reveal()) + "," + csvField(l.created) + "," +
         csvField(l.status) + "," + csvField(l.login) + "," + csvField(l.hrAccount) + "," + csvField(l.name) +
         "\n";
}

namespace {

// Per account, the passwords not cancelled yet, oldest first: `void` cancels the newest, `set`
// confirms it.
std::map<std::string, std::vector<CurrentPassword>> openPasswords(
    const std::vector<OutboxLine>& lines) {
  std::map<std::string, std::vector<CurrentPassword>> open;
  for (const OutboxLine& l : lines) {
    auto& stack = open[l.account];
    if (l.status == "pending") {
      stack.push_back({l.account, l.password, l.created, false, l.login, l.hrAccount, l.name});
    } else if (!stack.empty()) {
      if (l.status == "void") stack.pop_back();
      else stack.back().confirmed = true;
    }
  }
  return open;
}

}  // namespace

std::map<std::string, CurrentPassword> currentPasswords(const std::vector<OutboxLine>& lines) {
  std::map<std::string, CurrentPassword> current;
  for (auto& [account, stack] : openPasswords(lines))
    if (!stack.empty()) current.emplace(account, std::move(stack.back()));
  return current;
}

std::map<std::string, CurrentPassword> confirmedPasswords(const std::vector<OutboxLine>& lines) {
  std::map<std::string, CurrentPassword> confirmed;
  for (auto& [account, stack] : openPasswords(lines)) {
    for (auto p = stack.rbegin(); p != stack.rend(); ++p) {
      if (!p->confirmed) continue;
      confirmed.emplace(account, std::move(*p));
      break;
    }
  }
  return confirmed;
}

}  // namespace membersync::deliver
