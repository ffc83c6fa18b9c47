#include "jobs/deliver/outbox_lines.h"

#include <csv.h>

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

// libcsv in its lenient mode (a stray quote is data), fed one physical line at a time so that
// every record knows the line it began on. Lenient: the outbox is written by membersync, and a
// line damaged by hand must cost that line only.
std::vector<Record> records(std::string_view text) {
  csv_parser parser{};
  csv_init(&parser, 0);
  csv_set_space_func(&parser, nothingIsSpace);
  Collector collector;
  int line = 0;
  for (std::size_t pos = 0; pos < text.size();) {
    std::size_t end = text.find('\n', pos);
    end = end == std::string_view::npos ? text.size() : end + 1;
    ++line;
    if (collector.recordLine == 0) collector.recordLine = line;
    csv_parse(&parser, text.data() + pos, end - pos, onField, onRecordEnd, &collector);
    pos = end;
  }
  csv_fini(&parser, onField, onRecordEnd, &collector);
  csv_free(&parser);
  return std::move(collector.records);
}

// Only the first record can be the header: "account" is also a valid account.
bool isHeader(const Record& r, bool first) {
  return first && !r.fields.empty() && r.fields[0] == "account";
}

std::string problemAt(int line, const std::string& what) {
  return "line " + std::to_string(line) + ": " + what;
}

}  // namespace

OutboxText parseOutbox(std::string_view text) {
  OutboxText out;
  bool first = true;
  for (Record& r : records(text)) {
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
      out.problems.push_back(problemAt(r.line, "unknown status '" + l.status.substr(0, 20) +
                                                   "'; it is pending, set or void"));
      continue;
    }
    if (l.account.empty() || (l.status == "pending" && l.password.empty())) {
      out.problems.push_back(problemAt(r.line, l.account.empty() ? "has no account"
                                                                 : "is pending without a password"));
      continue;
    }
    out.lines.push_back(std::move(l));
  }
  return out;
}

std::string csvField(const std::string& value) {
  if (value.find_first_of(",\"\r\n") == std::string::npos) return value;
  std::string quoted(value.size() * 2 + 2, '\0');
  quoted.resize(csv_write(quoted.data(), quoted.size(), value.data(), value.size()));
  return quoted;
}

std::string formatOutboxLine(const OutboxLine& l) {
  return csvField(l.account) + "," + csvField(l.password.reveal()) + "," + csvField(l.created) + "," +
         csvField(l.status) + "," + csvField(l.login) + "," + csvField(l.hrAccount) + "," + csvField(l.name) +
         "\n";
}

std::map<std::string, CurrentPassword> currentPasswords(const std::vector<OutboxLine>& lines) {
  // Per account, the passwords not cancelled yet, oldest first: `void` cancels the newest,
  // `set` confirms it.
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
  std::map<std::string, CurrentPassword> current;
  for (auto& [account, stack] : open)
    if (!stack.empty()) current.emplace(account, std::move(stack.back()));
  return current;
}

}  // namespace membersync::deliver
