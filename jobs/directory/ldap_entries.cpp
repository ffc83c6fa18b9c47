#include "jobs/directory/ldap_entries.h"

#include <algorithm>
#include <map>
#include <set>

#include "jobs/core/sha256.h"
#include "jobs/core/text.h"
#include "jobs/directory/person.h"

namespace membersync::directory {

namespace {

constexpr std::string_view kRangeOption = ";range=";

std::optional<std::size_t> number(std::string_view digits) {
  if (digits.empty() || digits.size() > 18) return std::nullopt;
  std::size_t n = 0;
  for (const char c : digits) {
    if (c < '0' || c > '9') return std::nullopt;
    n = n * 10 + static_cast<std::size_t>(c - '0');
  }
  return n;
}

// Entries from every page; continuation references become messages in `skipped`. A server
// may hand back the same cookie on every page (389 Directory Server does), so what is checked is
// progress: pages that promise more but bring no entry not seen before, three in a row, would
// go on for ever.
std::vector<LdapEntry> readPages(LdapDirectory& directory, const std::string& source,
                                 std::vector<std::string>& skipped) {
  constexpr int kMaxStalls = 3;
  std::vector<LdapEntry> entries;
  std::set<std::string> seen;
  int stalls = 0;
  std::string cookie;
  do {
    LdapPage page = directory.page(cookie);
    bool progress = false;
    for (LdapEntry& entry : page.entries) {
      progress = seen.insert(entry.dn).second || progress;
      entries.push_back(std::move(entry));
    }
    stalls = progress || page.cookie.empty() ? 0 : stalls + 1;
    if (stalls == kMaxStalls)
      throw ExportError(i18n::msg("{source}: the directory sent {count} pages in a row with no "
                                  "new entry while promising more; the search would never finish, "
                                  "and nothing is planned from a partial list. Check the server")
                            .with("source", source)
                            .with("count", static_cast<long long>(kMaxStalls)));
    for (const std::string& url : page.continuations)
      skipped.push_back(source + ": skipped the continuation reference " + url +
                        " (another naming context, not read; set base_dn to it to read it)");
    cookie = std::move(page.cookie);
  } while (!cookie.empty());
  return entries;
}

// The values of `range` and of every later part, read through the directory until the part
// that ends in `*`.
std::vector<std::string> wholeRange(LdapDirectory& directory, const std::string& dn,
                                    const ValueRange& range, std::vector<std::string> values) {
  std::optional<std::size_t> high = range.high;
  while (high) {
    const std::size_t next = *high + 1;
    const LdapEntry rest =
        directory.read(dn, range.attribute + std::string(kRangeOption) + std::to_string(next) + "-*");
    const LdapAttribute* part = nullptr;
    std::optional<ValueRange> partRange;
    for (const LdapAttribute& a : rest.attributes) {
      partRange = valueRangeOf(a.description);
      if (partRange && lowerAscii(partRange->attribute) == lowerAscii(range.attribute) &&
          partRange->low == next) {
        part = &a;
        break;
      }
    }
    if (!part)
      throw ExportError(i18n::msg("entry {dn}: attribute {attribute} has more values than the "
                                  "directory sends at once, and values from {next} on could not "
                                  "be read; the read stops so that no value is silently missing")
                            .with("dn", dn)
                            .with("attribute", range.attribute)
                            .with("next", std::to_string(next)));
    values.insert(values.end(), part->values.begin(), part->values.end());
    high = partRange->high;
  }
  return values;
}

// The attribute's name as the configuration spells it when it names it (LDAP names are
// case-insensitive), else as the server sent it.
class Spelling {
 public:
  explicit Spelling(const std::vector<std::string>& wanted) {
    for (const std::string& name : wanted) byLower_.emplace(lowerAscii(name), name);
  }
  std::string of(const std::string& name) const {
    const auto it = byLower_.find(lowerAscii(name));
    return it == byLower_.end() ? name : it->second;
  }

 private:
  std::map<std::string, std::string> byLower_;
};

SourceRow rowOf(LdapDirectory& directory, const LdapEntry& entry, const Spelling& spelling) {
  std::map<std::string, std::vector<std::string>> values;
  for (const LdapAttribute& a : entry.attributes) {
    const std::optional<ValueRange> range = valueRangeOf(a.description);
    if (range && range->low != 0)
      throw ExportError(i18n::msg("entry {dn}: attribute {attribute} came as values from {low} "
                                  "on, without the first ones; the read stops so that no value is "
                                  "silently missing")
                            .with("dn", entry.dn)
                            .with("attribute", range->attribute)
                            .with("low", std::to_string(range->low)));
    std::vector<std::string> all =
        range ? wholeRange(directory, entry.dn, *range, a.values) : a.values;
    std::vector<std::string>& into = values[spelling.of(range ? range->attribute : a.description)];
    into.insert(into.end(), all.begin(), all.end());
  }
  SourceRow row;
  row.dn = entry.dn;
  for (auto& [name, list] : values) {
    if (list.size() <= 1) {
      row.cells[name] = list.empty() ? "" : std::move(list.front());
    } else {
      row.multi[name] = std::move(list);
    }
  }
  return row;
}

void lengthPrefixed(Sha256& hash, std::string_view bytes) {
  hash.update(std::to_string(bytes.size())).update(":").update(bytes);
}

}  // namespace

std::optional<ValueRange> valueRangeOf(std::string_view description) {
  const std::string lower = lowerAscii(description);
  const auto at = lower.find(kRangeOption);
  if (at == std::string::npos) return std::nullopt;
  const auto start = at + kRangeOption.size();
  const auto end = std::min(lower.find(';', start), lower.size());
  const std::string_view spec = std::string_view(lower).substr(start, end - start);
  const auto dash = spec.find('-');
  if (dash == std::string_view::npos) return std::nullopt;
  ValueRange r;
  const auto low = number(spec.substr(0, dash));
  const std::string_view high = spec.substr(dash + 1);
  if (!low) return std::nullopt;
  r.low = *low;
  if (high != "*") {
    r.high = number(high);
    if (!r.high || *r.high < r.low) return std::nullopt;
  }
  r.attribute = std::string(description.substr(0, at)) + std::string(description.substr(end));
  return r;
}

SourceTable readLdapTable(LdapDirectory& directory, const std::string& source,
                          const std::vector<std::string>& wanted, std::vector<std::string>& skipped) {
  std::vector<LdapEntry> entries = readPages(directory, source, skipped);
  std::stable_sort(entries.begin(), entries.end(),
            [](const LdapEntry& a, const LdapEntry& b) { return a.dn < b.dn; });
  const Spelling spelling(wanted);
  SourceTable table;
  table.kind = SourceKind::Ldap;
  table.file = source;
  std::set<std::string> columns;
  for (const LdapEntry& entry : entries) {
    SourceRow row = rowOf(directory, entry, spelling);
    for (const auto& cell : row.cells) columns.insert(cell.first);
    for (const auto& multi : row.multi) columns.insert(multi.first);
    table.rows.push_back(std::move(row));
  }
  table.columns.assign(columns.begin(), columns.end());
  return table;
}

std::string ldapContentHash(const SourceTable& table) {
  Sha256 hash;
  for (const SourceRow& row : table.rows) {  // sorted by DN
    lengthPrefixed(hash, row.dn);
    hash.update(std::to_string(row.cells.size() + row.multi.size())).update(";");
    for (const auto& [name, value] : row.cells) {
      lengthPrefixed(hash, name);
      lengthPrefixed(hash, value);
    }
    for (const auto& [name, values] : row.multi) {
      std::vector<std::string> sorted = values;  // values have no order
      std::sort(sorted.begin(), sorted.end());
      lengthPrefixed(hash, name);
      hash.update(std::to_string(sorted.size())).update(";");
      for (const std::string& v : sorted) lengthPrefixed(hash, v);
    }
  }
  return hash.hex();
}

}  // namespace membersync::directory
