#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "jobs/directory/source_table.h"

// LDAP search results as plain data, and how they become a SourceTable. Pure C++ (no libldap):
// the reader's logic, its unit tests and its fuzz target need nothing else.
namespace membersync::directory {

// One attribute as the server sent it: the description may carry options
// ("member;range=0-1499"), and values are raw bytes (objectGUID is binary).
struct LdapAttribute {
  std::string description;
  std::vector<std::string> values;
};

struct LdapEntry {
  std::string dn;
  std::vector<LdapAttribute> attributes;
};

// One page of a paged search (RFC 2696): its entries, the continuation references met (URLs),
// and the cookie for the next page (empty: this was the last).
struct LdapPage {
  std::vector<LdapEntry> entries;
  std::vector<std::string> continuations;
  std::string cookie;
};

// The `;range=low-high` option Active Directory puts on an attribute with more values than it
// sends at once (MaxValRange, 1,500): `high` is nullopt for `*`, the last part.
struct ValueRange {
  std::string attribute;  // the description without the range option
  std::size_t low = 0;
  std::optional<std::size_t> high;
};

// The range option of `description`, or nullopt when it has none. A malformed range
// ("range=5", "range=9-3") is nullopt too: the caller treats it as an ordinary option.
std::optional<ValueRange> valueRangeOf(std::string_view description);

// What the reader asks of the directory: the pages of the search, and the rest of a ranged
// attribute. Implemented over libldap (ldap_client.h) and by fakes in unit tests. Both throw
// ExportError, saying what failed, when the directory cannot answer whole.
class LdapDirectory {
 public:
  virtual ~LdapDirectory() = default;
  // The page after `cookie` ("" for the first).
  virtual LdapPage page(const std::string& cookie) = 0;
  // The entry `dn` read with only `description` requested (e.g. "member;range=1500-*").
  virtual LdapEntry read(const std::string& dn, const std::string& description) = 0;
};

// Reads every page of `directory` into a SourceTable named `source` (the URL and base DN, for
// messages), entries sorted by DN so the order (and the content hash) does not depend on the
// server. Pages that promise more but bring no entry not seen before, three in a row, fail the
// read (cookies themselves may repeat: 389 Directory Server sends the same one on every page).
// A ranged attribute is read to its end through LdapDirectory::read(), or the read fails, also
// when the first part does not start at value 0. Attribute names are compared
// case-insensitively, as LDAP does: a name that matches one of `wanted` (the configured columns,
// template sources and the policy's attributes) takes its spelling. A single value lands in
// SourceRow::cells, several in SourceRow::multi. Continuation references are returned in
// `skipped` as messages. Throws ExportError.
SourceTable readLdapTable(LdapDirectory& directory, const std::string& source,
                          const std::vector<std::string>& wanted, std::vector<std::string>& skipped);

// The SHA-256 (lower-case hex) of the table's entries in a canonical form: what grace_runs
// counted as "the same export" before the content hash was taken over the rows as mapped
// (ExportHash); Export::legacyContentHash, so that absences counted then are not counted twice.
std::string ldapContentHash(const SourceTable& table);

}  // namespace membersync::directory
