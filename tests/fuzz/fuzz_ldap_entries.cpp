// LDAP search results -> SourceTable -> people: the pages and follow-up reads a directory might
// send, through readLdapTable (ldap_entries.h) and buildExport, as readExport does for
// `format = ldap` (without libldap: a fake directory serves the decoded input).
//
// The input is lines ('\n'); the first byte of a line is a command, the rest (after one optional
// space) its argument, in which `\xHH` stands for the byte HH (other bytes are taken as they are,
// so values may be binary). Unknown commands and lines out of place are ignored.
//   P cookie        a new page, served when the reader asks for `cookie` (the input starts in the
//                   page served for ""; of two pages with one cookie the first is served)
//   N cookie        the current page's cookie for the next page (none or empty: the last page)
//   C url           a continuation reference in the current page
//   E dn            a new entry in the current page
//   R desc dn       a new answer of read(dn, desc) (desc up to the first space), e.g.
//                   `R member;range=2-* uid=a,dc=x`; the A and V lines after it fill the answer
//   A description   a new attribute of the current entry or read answer (`member;range=0-1`)
//   V value         a value of the current attribute
// The fake directory throws ExportError (as the libldap client does when the server fails) for a
// cookie it has no page for, and after 64 pages or 64 reads, so no input can make the reader loop.
//
// Invariants: ExportError is the only failure; a table's rows are sorted by DN, their columns are
// every attribute any row has, and no attribute is both single- and multi-valued or multi-valued
// with fewer than two values; the content hash does not change when each page lists its entries
// in reverse order (DNs unique); every accepted person obeys the center's limits with trimmed,
// well-formed UTF-8 fields and attributes (export_checks.h) and rowCount == people + problems.
#include <algorithm>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "jobs/directory/column_template.h"
#include "jobs/directory/export_builder.h"
#include "jobs/directory/ldap_entries.h"
#include "tests/fuzz/export_checks.h"

namespace {

using namespace membersync::directory;

constexpr std::size_t kMaxPageCalls = 64;
constexpr std::size_t kMaxReadCalls = 64;
constexpr std::size_t kMaxEntries = 256;
constexpr const char* kSource = "ldap://fuzz.example base dc=example,dc=com";

int hexDigit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

std::string unescaped(const std::string& s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '\\' && i + 3 < s.size() && s[i + 1] == 'x' && hexDigit(s[i + 2]) >= 0 &&
        hexDigit(s[i + 3]) >= 0) {
      out += static_cast<char>(hexDigit(s[i + 2]) * 16 + hexDigit(s[i + 3]));
      i += 3;
    } else {
      out += s[i];
    }
  }
  return out;
}

struct Script {
  std::vector<std::pair<std::string, LdapPage>> pages{{"", LdapPage{}}};
  std::vector<std::pair<std::pair<std::string, std::string>, LdapEntry>> reads;
};

Script decode(const std::string& input) {
  Script s;
  LdapEntry* entry = nullptr;  // where A lines go: an entry of the current page or a read answer
  std::size_t entries = 0;
  std::size_t start = 0;
  while (start <= input.size()) {
    std::size_t end = input.find('\n', start);
    if (end == std::string::npos) end = input.size();
    const std::string line = input.substr(start, end - start);
    start = end + 1;
    if (line.empty()) continue;
    const char command = line[0];
    const std::string arg = unescaped(line.substr(line.size() > 1 && line[1] == ' ' ? 2 : 1));
    LdapPage& page = s.pages.back().second;
    switch (command) {
      case 'P':
        s.pages.push_back({arg, LdapPage{}});
        entry = nullptr;
        break;
      case 'N':
        page.cookie = arg;
        break;
      case 'C':
        page.continuations.push_back(arg);
        break;
      case 'E':
        if (++entries > kMaxEntries) break;
        page.entries.push_back(LdapEntry{arg, {}});
        entry = &page.entries.back();
        break;
      case 'R': {
        if (++entries > kMaxEntries) break;
        const auto space = arg.find(' ');
        const std::string description = arg.substr(0, space);
        const std::string dn = space == std::string::npos ? "" : arg.substr(space + 1);
        s.reads.push_back({{dn, description}, LdapEntry{dn, {}}});
        entry = &s.reads.back().second;
        break;
      }
      case 'A':
        if (entry) entry->attributes.push_back(LdapAttribute{arg, {}});
        break;
      case 'V':
        if (entry && !entry->attributes.empty()) entry->attributes.back().values.push_back(arg);
        break;
      default:
        break;
    }
  }
  return s;
}

class ScriptedDirectory : public LdapDirectory {
 public:
  explicit ScriptedDirectory(const Script& script) : script_(script) {}

  LdapPage page(const std::string& cookie) override {
    if (++pageCalls_ > kMaxPageCalls) throw ExportError(std::string(kSource) + ": too many pages");
    for (const auto& [key, page] : script_.pages)
      if (key == cookie) return page;
    throw ExportError(std::string(kSource) + ": the server does not know the cookie");
  }

  LdapEntry read(const std::string& dn, const std::string& description) override {
    if (++readCalls_ > kMaxReadCalls) throw ExportError(std::string(kSource) + ": too many reads");
    for (const auto& [key, entry] : script_.reads)
      if (key.first == dn && key.second == description) return entry;
    return LdapEntry{dn, {}};
  }

 private:
  const Script& script_;
  std::size_t pageCalls_ = 0;
  std::size_t readCalls_ = 0;
};

DirectorySettings settings() {
  DirectorySettings cfg;
  cfg.format = ExportFormat::Ldap;
  cfg.path = kSource;
  cfg.columns = {{"employee_id", "employeeNumber"},
                 {"account", "{mail|localpart|alnum|lower}"},
                 {"name", "cn"},
                 {"mobile", "{telephoneNumber|trim}"},
                 {"status", "{userAccountControl|uac}"}};
  return cfg;
}

std::vector<std::string> wantedBy(const DirectorySettings& cfg) {
  std::vector<std::string> wanted;
  for (const auto& [field, column] : cfg.columns) {
    if (ColumnTemplate::isTemplate(column)) {
      for (const std::string& source : ColumnTemplate::parse(column).sources()) wanted.push_back(source);
    } else {
      wanted.push_back(column);
    }
  }
  return wanted;
}

void checkTable(const SourceTable& table) {
  std::set<std::string> names;
  for (std::size_t i = 0; i < table.rows.size(); ++i) {
    const SourceRow& row = table.rows[i];
    if (i > 0) FUZZ_CHECK(table.rows[i - 1].dn <= row.dn);
    for (const auto& [name, value] : row.cells) {
      FUZZ_CHECK(!row.multi.count(name));
      names.insert(name);
    }
    for (const auto& [name, values] : row.multi) {
      FUZZ_CHECK(values.size() >= 2);
      names.insert(name);
    }
  }
  FUZZ_CHECK(table.columns == std::vector<std::string>(names.begin(), names.end()));
}

bool uniqueDns(const SourceTable& table) {
  for (std::size_t i = 1; i < table.rows.size(); ++i)
    if (table.rows[i - 1].dn == table.rows[i].dn) return false;
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace membersync;
  const Script script = decode(fuzz::text(data, size));
  const DirectorySettings cfg = settings();
  const std::vector<std::string> wanted = wantedBy(cfg);
  const std::string suffix = "@acme";

  SourceTable table;
  std::vector<std::string> skipped;
  try {
    ScriptedDirectory directory(script);
    table = readLdapTable(directory, kSource, wanted, skipped);
  } catch (const ExportError&) {
    return 0;
  }
  checkTable(table);
  FUZZ_CHECK(table.file == kSource);
  for (const std::string& message : skipped) FUZZ_CHECK(message.rfind(kSource, 0) == 0);
  const std::string hash = ldapContentHash(table);
  FUZZ_CHECK(hash.size() == 64);

  // The same search with every page's entries listed backwards: the same table, the same hash.
  if (uniqueDns(table)) {
    Script reversed = script;
    for (auto& [cookie, page] : reversed.pages) std::reverse(page.entries.begin(), page.entries.end());
    ScriptedDirectory directory(reversed);
    std::vector<std::string> skippedAgain;
    const SourceTable again = readLdapTable(directory, kSource, wanted, skippedAgain);  // no throw
    FUZZ_CHECK(ldapContentHash(again) == hash);
    FUZZ_CHECK(skippedAgain == skipped);
  }

  try {
    const Export hr = buildExport(table, cfg, suffix);
    fuzz::checkExport(hr, table.rows.size(), suffix);
    std::set<std::string> dns;
    for (const SourceRow& row : table.rows) dns.insert(row.dn);
    for (const Person& p : hr.people) {
      FUZZ_CHECK(dns.count(p.dn));
      for (const auto& [name, values] : p.multiAttributes)
        for (const std::string& value : values) FUZZ_CHECK(fuzz::cleanText(value));
    }
    for (const RowProblem& problem : hr.problems) FUZZ_CHECK(dns.count(problem.dn));
  } catch (const ExportError& e) {
    FUZZ_CHECK(std::string(e.what()).rfind(kSource, 0) == 0);  // every refusal names the source
  }
  return 0;
}
