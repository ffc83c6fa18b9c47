#include "jobs/directory/export_hash.h"

#include <algorithm>
#include <optional>
#include <string_view>
#include <utility>

namespace membersync::directory {

namespace {

// Every piece with its length first: no value, however odd (a JSON string may hold any
// separator), can pose as the end of one piece and the start of the next.
void piece(std::string& out, std::string_view bytes) {
  out += std::to_string(bytes.size());
  out += ':';
  out += bytes;
}

// Absent and empty differ: an absent column is not managed, an empty cell clears the field.
void optionalPiece(std::string& out, const std::optional<std::string>& value) {
  piece(out, value ? "1" : "0");
  if (value) piece(out, *value);
}

// A list of values, sorted: LDAP values have no order.
void valuesPiece(std::string& out, const std::string& name, std::vector<std::string> values) {
  std::sort(values.begin(), values.end());
  piece(out, name);
  piece(out, std::to_string(values.size()));
  for (const std::string& v : values) piece(out, v);
}

}  // namespace

ExportHash::ExportHash(const std::vector<std::string>& readAttributes,
                       std::set<std::string> fieldColumns)
    : read_(readAttributes.begin(), readAttributes.end()), fieldColumns_(std::move(fieldColumns)) {}

void ExportHash::addRow(const Person& row, const SourceRow& source,
                        const std::vector<std::string>& issues) {
  // The row's pieces go to one buffer, hashed at once: a digest call for each piece cost more
  // than the hashing itself.
  std::string& out = buffer_;
  out.clear();
  for (const std::string* field : {&row.employeeId, &row.account, &row.name, &row.department})
    piece(out, *field);
  optionalPiece(out, row.remark);
  optionalPiece(out, row.mobile);
  piece(out, row.status);
  piece(out, row.active ? "active" : "departed");
  // The attributes the run reads, by name (a sorted set: the columns' order does not count),
  // each with its one value or its several.
  for (const std::string& name : read_) {
    const auto one = row.attributes.find(name);
    if (one != row.attributes.end()) {
      piece(out, "=");
      piece(out, name);
      piece(out, one->second);
    }
    const auto several = row.multiAttributes.find(name);
    if (several != row.multiAttributes.end()) {
      piece(out, "*");
      valuesPiece(out, name, several->second);
    }
  }
  // A field's attribute with several values (LDAP) makes the entry invalid, and every value
  // that could be its key is remembered as skipped: the values count, not only the issue.
  for (const auto& [column, values] : source.multi) {
    if (!fieldColumns_.count(column)) continue;
    piece(out, "#");
    valuesPiece(out, column, values);
  }
  piece(out, "!");
  piece(out, std::to_string(issues.size()));
  for (const std::string& issue : issues) piece(out, issue);
  rows_.push_back(digest_.update(out).digest());
}

std::string ExportHash::hex() {
  std::sort(rows_.begin(), rows_.end());
  Sha256 all;
  for (const Sha256::Digest& row : rows_)
    all.update(std::string_view(reinterpret_cast<const char*>(row.data()), row.size()));
  return all.hex();
}

}  // namespace membersync::directory
