// LDAP search results -> SourceTable (ldap_entries.h), without libldap: a fake directory serves
// the pages and the follow-up reads of ranged attributes, and records what it was asked.
#include <catch2/catch.hpp>

#include <map>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "jobs/directory/export_builder.h"
#include "jobs/directory/ldap_entries.h"

using namespace membersync::directory;

namespace {

constexpr const char* kSource = "ldap://dir.example base dc=example,dc=com";

// Pages by the cookie that asks for them, entries for read() by dn and description; every call
// is recorded. Asking for a page or a read it does not have is a test failure (std::logic_error),
// as is asking for more than 100 pages (the reader would loop).
class FakeDirectory : public LdapDirectory {
 public:
  std::vector<std::pair<std::string, LdapPage>> pages;
  std::vector<std::pair<std::pair<std::string, std::string>, LdapEntry>> reads;
  std::vector<std::string> pageCalls;
  std::vector<std::pair<std::string, std::string>> readCalls;

  LdapPage page(const std::string& cookie) override {
    pageCalls.push_back(cookie);
    if (pageCalls.size() > 100) throw std::logic_error("the reader keeps asking for pages");
    for (const auto& [key, page] : pages)
      if (key == cookie) return page;
    throw std::logic_error("no page for cookie '" + cookie + "'");
  }

  LdapEntry read(const std::string& dn, const std::string& description) override {
    readCalls.emplace_back(dn, description);
    if (readCalls.size() > 100) throw std::logic_error("the reader keeps reading");
    for (const auto& [key, entry] : reads)
      if (key.first == dn && key.second == description) return entry;
    return LdapEntry{dn, {}};  // the entry without the attribute asked for
  }

  // A single page holding `entries`.
  static FakeDirectory onePage(std::vector<LdapEntry> entries) {
    FakeDirectory d;
    d.pages.push_back({"", LdapPage{std::move(entries), {}, ""}});
    return d;
  }
};

SourceTable readAll(LdapDirectory& d, const std::vector<std::string>& wanted = {}) {
  std::vector<std::string> skipped;
  return readLdapTable(d, kSource, wanted, skipped);
}

std::vector<std::string> dnsOf(const SourceTable& table) {
  std::vector<std::string> dns;
  for (const SourceRow& row : table.rows) dns.push_back(row.dn);
  return dns;
}

LdapEntry person(const std::string& uid, std::vector<LdapAttribute> more = {}) {
  LdapEntry e{"uid=" + uid + ",ou=people,dc=example,dc=com",
              {{"employeeNumber", {"E-" + uid}}, {"uid", {uid}}, {"cn", {"Person " + uid}}}};
  for (LdapAttribute& a : more) e.attributes.push_back(std::move(a));
  return e;
}

DirectorySettings ldapSettings() {
  DirectorySettings cfg;
  cfg.format = ExportFormat::Ldap;
  cfg.path = kSource;
  cfg.columns = {{"employee_id", "employeeNumber"}, {"account", "uid"}, {"name", "cn"}};
  return cfg;
}

std::vector<std::string> wantedBy(const DirectorySettings& cfg) {
  std::vector<std::string> wanted;
  for (const auto& [field, column] : cfg.columns) wanted.push_back(column);
  return wanted;
}

}  // namespace

// ---- valueRangeOf ------------------------------------------------------------------------------

TEST_CASE("ldap: valueRangeOf reads a closed range", "[directory][ldap]") {
  const auto r = valueRangeOf("member;range=0-1499");
  REQUIRE(r);
  CHECK(r->attribute == "member");
  CHECK(r->low == 0);
  CHECK(r->high == std::optional<std::size_t>(1499));
}

TEST_CASE("ldap: valueRangeOf reads the last part, ending in a star, with no high bound",
          "[directory][ldap]") {
  const auto r = valueRangeOf("member;range=1500-*");
  REQUIRE(r);
  CHECK(r->attribute == "member");
  CHECK(r->low == 1500);
  CHECK_FALSE(r->high);
}

TEST_CASE("ldap: valueRangeOf ignores case in the option and keeps the attribute's spelling",
          "[directory][ldap]") {
  const auto r = valueRangeOf("Member;Range=0-5");
  REQUIRE(r);
  CHECK(r->attribute == "Member");
  CHECK(r->low == 0);
  CHECK(r->high == std::optional<std::size_t>(5));
}

TEST_CASE("ldap: valueRangeOf is nullopt for a description without a range option",
          "[directory][ldap]") {
  CHECK_FALSE(valueRangeOf("member"));
  CHECK_FALSE(valueRangeOf("cn;lang-en"));
  CHECK_FALSE(valueRangeOf(""));
  CHECK_FALSE(valueRangeOf("range=0-5"));  // not an option: no ';'
}

TEST_CASE("ldap: valueRangeOf is nullopt for a malformed range", "[directory][ldap]") {
  CHECK_FALSE(valueRangeOf("member;range=5"));
  CHECK_FALSE(valueRangeOf("member;range=9-3"));
  CHECK_FALSE(valueRangeOf("member;range=a-b"));
  CHECK_FALSE(valueRangeOf("member;range=0-b"));
  CHECK_FALSE(valueRangeOf("member;range=-5"));
  CHECK_FALSE(valueRangeOf("member;range=5-"));
  CHECK_FALSE(valueRangeOf("member;range="));
  CHECK_FALSE(valueRangeOf("member;range=+1-2"));
  CHECK_FALSE(valueRangeOf("member;range=0-99999999999999999999999"));
  CHECK_FALSE(valueRangeOf("member;range=99999999999999999999999-*"));
  CHECK_FALSE(valueRangeOf("member;range=0-18446744073709551616"));
}

TEST_CASE("ldap: valueRangeOf keeps another option in the attribute name", "[directory][ldap]") {
  const auto before = valueRangeOf("member;x-foo;range=0-1");
  REQUIRE(before);
  CHECK(before->attribute == "member;x-foo");
  CHECK(before->high == std::optional<std::size_t>(1));
  const auto after = valueRangeOf("member;range=2-*;x-foo");
  REQUIRE(after);
  CHECK(after->attribute == "member;x-foo");
  CHECK(after->low == 2);
  CHECK_FALSE(after->high);
}

// ---- readLdapTable: pages ----------------------------------------------------------------------

TEST_CASE("ldap: readLdapTable reads every page in the order of cookies and sorts entries by DN",
          "[directory][ldap]") {
  FakeDirectory d;
  // Listed out of order: the reader follows the cookies, not the vector.
  d.pages.push_back({"c2", LdapPage{{person("carol")}, {}, ""}});
  d.pages.push_back({"", LdapPage{{person("dave"), person("bob")}, {}, "c1"}});
  d.pages.push_back({"c1", LdapPage{{person("alice")}, {}, "c2"}});
  const SourceTable table = readAll(d);
  CHECK(d.pageCalls == std::vector<std::string>{"", "c1", "c2"});
  CHECK(dnsOf(table) == std::vector<std::string>{"uid=alice,ou=people,dc=example,dc=com",
                                                 "uid=bob,ou=people,dc=example,dc=com",
                                                 "uid=carol,ou=people,dc=example,dc=com",
                                                 "uid=dave,ou=people,dc=example,dc=com"});
  CHECK(table.file == kSource);
  CHECK(table.columns == std::vector<std::string>{"cn", "employeeNumber", "uid"});
  CHECK(table.rows[0].cells.at("uid") == "alice");
  CHECK(d.readCalls.empty());
}

TEST_CASE("ldap: an empty page with a cookie is followed to the next page", "[directory][ldap]") {
  FakeDirectory d;
  d.pages.push_back({"", LdapPage{{}, {}, "c1"}});
  d.pages.push_back({"c1", LdapPage{{person("alice")}, {}, ""}});
  const SourceTable table = readAll(d);
  CHECK(d.pageCalls == std::vector<std::string>{"", "c1"});
  CHECK(table.rows.size() == 1);
}

TEST_CASE("ldap: no entries at all make an empty table, not an error", "[directory][ldap]") {
  FakeDirectory d = FakeDirectory::onePage({});
  const SourceTable table = readAll(d);
  CHECK(table.rows.empty());
  CHECK(table.columns.empty());
}

TEST_CASE("ldap: each continuation reference becomes one message naming its URL",
          "[directory][ldap]") {
  FakeDirectory d;
  d.pages.push_back(
      {"", LdapPage{{person("alice")}, {"ldap://other.example/dc=other,dc=com"}, "c1"}});
  d.pages.push_back({"c1", LdapPage{{}, {"ldap://third.example/dc=third,dc=com"}, ""}});
  std::vector<std::string> skipped;
  const SourceTable table = readLdapTable(d, kSource, {}, skipped);
  CHECK(table.rows.size() == 1);
  REQUIRE(skipped.size() == 2);
  CHECK(skipped[0].find("ldap://other.example/dc=other,dc=com") != std::string::npos);
  CHECK(skipped[0].find(kSource) == 0);
  CHECK(skipped[1].find("ldap://third.example/dc=third,dc=com") != std::string::npos);
  CHECK(skipped[1].find("other.example") == std::string::npos);
}

TEST_CASE("ldap: a page repeating its cookie without entries throws instead of looping",
          "[directory][ldap]") {
  FakeDirectory d;
  d.pages.push_back({"", LdapPage{{person("alice")}, {}, "again"}});
  d.pages.push_back({"again", LdapPage{{}, {}, "again"}});
  CHECK_THROWS_AS(readAll(d), ExportError);
  CHECK(d.pageCalls == std::vector<std::string>{"", "again", "again", "again"});
  try {
    readAll(d);
  } catch (const ExportError& e) {
    CHECK(std::string(e.what()).find(kSource) == 0);
    CHECK(std::string(e.what()).find("no new entry") != std::string::npos);
  }
}

// ---- readLdapTable: ranged attributes ----------------------------------------------------------

TEST_CASE("ldap: a ranged attribute is read whole through follow-up reads, values in order",
          "[directory][ldap]") {
  LdapEntry group = person("alice", {{"member;range=0-1", {"m0", "m1"}}});
  const std::string dn = group.dn;
  FakeDirectory d = FakeDirectory::onePage({group});
  d.reads.push_back({{dn, "member;range=2-*"}, LdapEntry{dn, {{"member;range=2-3", {"m2", "m3"}}}}});
  d.reads.push_back({{dn, "member;range=4-*"}, LdapEntry{dn, {{"member;range=4-*", {"m4"}}}}});
  const SourceTable table = readAll(d);
  CHECK(d.readCalls == std::vector<std::pair<std::string, std::string>>{
                           {dn, "member;range=2-*"}, {dn, "member;range=4-*"}});
  REQUIRE(table.rows.size() == 1);
  const SourceRow& row = table.rows[0];
  CHECK(row.multi.at("member") == std::vector<std::string>{"m0", "m1", "m2", "m3", "m4"});
  CHECK(row.cells.count("member") == 0);
  CHECK(row.cells.count("member;range=0-1") == 0);
  CHECK(row.multi.count("member;range=0-1") == 0);
}

TEST_CASE("ldap: a ranged attribute whose part the directory does not return fails the read naming "
          "the entry and attribute",
          "[directory][ldap]") {
  LdapEntry group = person("alice", {{"member;range=0-1", {"m0", "m1"}}});
  const std::string dn = group.dn;
  FakeDirectory d = FakeDirectory::onePage({group});
  // The follow-up answers with another attribute, and with a part that does not start at 2.
  d.reads.push_back({{dn, "member;range=2-*"},
                     LdapEntry{dn, {{"cn", {"x"}}, {"member;range=3-*", {"m3"}}}}});
  try {
    readAll(d);
    FAIL("the read should have failed");
  } catch (const ExportError& e) {
    const std::string what = e.what();
    CHECK(what.find(dn) != std::string::npos);
    CHECK(what.find("member") != std::string::npos);
    CHECK(what.find("from 2 on") != std::string::npos);
  }
  CHECK(d.readCalls.size() == 1);
}

TEST_CASE("ldap: the last part of a range in the search result needs no follow-up read",
          "[directory][ldap]") {
  FakeDirectory d = FakeDirectory::onePage({person("alice", {{"member;range=0-*", {"m0", "m1"}}})});
  const SourceTable table = readAll(d);
  CHECK(d.readCalls.empty());
  CHECK(table.rows[0].multi.at("member") == std::vector<std::string>{"m0", "m1"});
}

TEST_CASE("ldap: a follow-up part is matched by attribute name ignoring case",
          "[directory][ldap]") {
  LdapEntry group = person("alice", {{"member;range=0-0", {"m0"}}});
  const std::string dn = group.dn;
  FakeDirectory d = FakeDirectory::onePage({group});
  d.reads.push_back({{dn, "member;range=1-*"}, LdapEntry{dn, {{"Member;Range=1-*", {"m1"}}}}});
  const SourceTable table = readAll(d);
  CHECK(table.rows[0].multi.at("member") == std::vector<std::string>{"m0", "m1"});
}

// ---- readLdapTable: names and values -----------------------------------------------------------

TEST_CASE("ldap: an attribute name matching a wanted name ignoring case takes the wanted spelling",
          "[directory][ldap]") {
  FakeDirectory d = FakeDirectory::onePage(
      {LdapEntry{"uid=a,dc=x", {{"MAIL", {"a@example.com"}}, {"Title", {"Lead"}}}}});
  const SourceTable table = readAll(d, {"mail", "employeeNumber"});
  const SourceRow& row = table.rows.at(0);
  CHECK(row.cells.at("mail") == "a@example.com");
  CHECK(row.cells.count("MAIL") == 0);
  CHECK(row.cells.at("Title") == "Lead");  // not wanted: the server's spelling
  CHECK(table.columns == std::vector<std::string>{"Title", "mail"});
}

TEST_CASE("ldap: one value lands in cells and several in multi", "[directory][ldap]") {
  FakeDirectory d = FakeDirectory::onePage({LdapEntry{
      "uid=a,dc=x", {{"mail", {"a@example.com"}}, {"memberOf", {"cn=eng", "cn=ops"}}, {"note", {}}}}});
  const SourceTable table = readAll(d);
  const SourceRow& row = table.rows.at(0);
  CHECK(row.cells.at("mail") == "a@example.com");
  CHECK(row.multi.count("mail") == 0);
  CHECK(row.multi.at("memberOf") == std::vector<std::string>{"cn=eng", "cn=ops"});
  CHECK(row.cells.count("memberOf") == 0);
  CHECK(row.cells.at("note").empty());  // an attribute without values is an empty cell
  CHECK(row.dn == "uid=a,dc=x");
  CHECK(row.line == 0);
  CHECK(row.item == 0);
}

TEST_CASE("ldap: an attribute listed twice in an entry merges its values", "[directory][ldap]") {
  FakeDirectory d = FakeDirectory::onePage(
      {LdapEntry{"uid=a,dc=x", {{"memberOf", {"cn=eng"}}, {"cn", {"A"}}, {"memberOf", {"cn=ops"}}}}});
  const SourceTable table = readAll(d);
  CHECK(table.rows.at(0).multi.at("memberOf") == std::vector<std::string>{"cn=eng", "cn=ops"});
  CHECK(table.rows.at(0).cells.at("cn") == "A");
}

TEST_CASE("ldap: two spellings of a wanted attribute in one entry merge under the wanted spelling",
          "[directory][ldap]") {
  FakeDirectory d =
      FakeDirectory::onePage({LdapEntry{"uid=a,dc=x", {{"MAIL", {"a@x"}}, {"mail", {"b@x"}}}}});
  const SourceTable table = readAll(d, {"mail"});
  CHECK(table.rows.at(0).multi.at("mail") == std::vector<std::string>{"a@x", "b@x"});
  CHECK(table.columns == std::vector<std::string>{"mail"});
}

// ---- ldapContentHash ---------------------------------------------------------------------------

TEST_CASE("ldap: the content hash does not depend on page order or the order of values",
          "[directory][ldap]") {
  FakeDirectory one;
  one.pages.push_back({"", LdapPage{{person("alice", {{"memberOf", {"cn=a", "cn=b", "cn=c"}}})},
                                    {}, "next"}});
  one.pages.push_back({"next", LdapPage{{person("bob")}, {}, ""}});
  FakeDirectory other;
  other.pages.push_back({"", LdapPage{{person("bob")}, {}, "k"}});
  other.pages.push_back({"k", LdapPage{{person("alice", {{"memberOf", {"cn=c", "cn=a", "cn=b"}}})},
                                       {}, ""}});
  const std::string hash = ldapContentHash(readAll(one));
  CHECK(hash.size() == 64);
  CHECK(hash.find_first_not_of("0123456789abcdef") == std::string::npos);
  CHECK(ldapContentHash(readAll(other)) == hash);
}

TEST_CASE("ldap: a changed value changes the content hash", "[directory][ldap]") {
  FakeDirectory before = FakeDirectory::onePage({person("alice", {{"memberOf", {"cn=a", "cn=b"}}})});
  FakeDirectory renamed = FakeDirectory::onePage({person("alice", {{"memberOf", {"cn=a", "cn=b"}}})});
  renamed.pages[0].second.entries[0].attributes[2].values = {"Person Alicia"};
  FakeDirectory regrouped = FakeDirectory::onePage({person("alice", {{"memberOf", {"cn=a", "cn=x"}}})});
  const std::string hash = ldapContentHash(readAll(before));
  CHECK(ldapContentHash(readAll(renamed)) != hash);
  CHECK(ldapContentHash(readAll(regrouped)) != hash);
}

TEST_CASE("ldap: the content hash tells apart names and values split at another place",
          "[directory][ldap]") {
  auto tableOf = [](SourceRow row) {
    SourceTable t;
    t.rows.push_back(std::move(row));
    return t;
  };
  SourceRow ab_c;
  ab_c.dn = "uid=a";
  ab_c.cells = {{"ab", "c"}};
  SourceRow a_bc;
  a_bc.dn = "uid=a";
  a_bc.cells = {{"a", "bc"}};
  CHECK(ldapContentHash(tableOf(ab_c)) != ldapContentHash(tableOf(a_bc)));

  SourceRow dnLong;  // the DN swallowing the start of the name
  dnLong.dn = "uid=ab";
  dnLong.cells = {{"c", "d"}};
  SourceRow dnShort;
  dnShort.dn = "uid=a";
  dnShort.cells = {{"bc", "d"}};
  CHECK(ldapContentHash(tableOf(dnLong)) != ldapContentHash(tableOf(dnShort)));

  SourceRow values;  // ("ab", "c") vs ("a", "bc") inside a multi-valued attribute
  values.dn = "uid=a";
  values.multi = {{"m", {"ab", "c"}}};
  SourceRow split;
  split.dn = "uid=a";
  split.multi = {{"m", {"a", "bc"}}};
  CHECK(ldapContentHash(tableOf(values)) != ldapContentHash(tableOf(split)));

  SourceRow single;  // a single value vs the same value as a one-element list
  single.dn = "uid=a";
  single.cells = {{"m", "x"}};
  SourceRow listed;
  listed.dn = "uid=a";
  listed.multi = {{"m", {"x"}}};
  CHECK(ldapContentHash(tableOf(single)) != ldapContentHash(tableOf(listed)));

  SourceTable twoRows;  // one entry with two attributes vs two entries
  SourceRow first;
  first.dn = "uid=a";
  first.cells = {{"x", "1"}, {"y", "2"}};
  twoRows.rows.push_back(first);
  const SourceTable oneRow = tableOf(first);
  SourceRow second;
  second.dn = "uid=b";
  twoRows.rows.push_back(second);
  CHECK(ldapContentHash(twoRows) != ldapContentHash(oneRow));
}

// ---- through buildExport -----------------------------------------------------------------------

TEST_CASE("ldap: a mapped attribute with two values makes the entry a problem naming its DN",
          "[directory][ldap]") {
  LdapEntry twoNames = person("bob");
  twoNames.attributes[2].values = {"Bob", "Robert"};  // cn
  FakeDirectory d = FakeDirectory::onePage({person("alice"), twoNames});
  const DirectorySettings cfg = ldapSettings();
  const SourceTable table = readAll(d, wantedBy(cfg));
  const Export hr = buildExport(table, cfg, "@acme");
  CHECK(hr.rowCount == 2);
  REQUIRE(hr.people.size() == 1);
  CHECK(hr.people[0].account == "alice");
  CHECK(hr.people[0].dn == "uid=alice,ou=people,dc=example,dc=com");
  REQUIRE(hr.problems.size() == 1);
  const RowProblem& p = hr.problems[0];
  CHECK(p.dn == "uid=bob,ou=people,dc=example,dc=com");
  CHECK(membersync::i18n::english(p.message).find("has 2 values") != std::string::npos);
  CHECK(membersync::i18n::english(p.message).find("cn") != std::string::npos);
  CHECK(p.employeeId == "E-bob");
  CHECK(p.account == "bob");
  CHECK(hr.skippedEmployeeIds == std::set<std::string>{"E-bob"});
  CHECK(hr.skippedAccounts == std::set<std::string>{"bob"});
}

TEST_CASE("ldap: an unmapped multi-valued attribute lands in the person's multiAttributes",
          "[directory][ldap]") {
  FakeDirectory d = FakeDirectory::onePage(
      {person("alice", {{"memberOf", {"cn=eng,ou=groups", "cn=ops,ou=groups"}}, {"title", {"Lead"}}})});
  const DirectorySettings cfg = ldapSettings();
  const Export hr = buildExport(readAll(d, wantedBy(cfg)), cfg, "@acme");
  REQUIRE(hr.people.size() == 1);
  const Person& p = hr.people[0];
  CHECK(hr.problems.empty());
  CHECK(p.multiAttributes.at("memberOf") ==
        std::vector<std::string>{"cn=eng,ou=groups", "cn=ops,ou=groups"});
  CHECK(p.attributes.count("memberOf") == 0);
  CHECK(p.attributes.at("title") == "Lead");
  CHECK(p.attributes.count("uid") == 0);  // mapped: a field, not an attribute
}

TEST_CASE("ldap: a binary attribute stays out of the person's attributes but a guid template "
          "computes the employee id from it",
          "[directory][ldap]") {
  const std::string guid("\xff\xfe\xfd\xfc\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c", 16);
  FakeDirectory d = FakeDirectory::onePage({LdapEntry{
      "uid=alice,ou=people,dc=example,dc=com",
      {{"objectguid", {guid}}, {"uid", {"alice"}}, {"cn", {"Alice"}}, {"photo", {"\x89PNG\xff"}}}}});
  DirectorySettings cfg = ldapSettings();
  cfg.columns["employee_id"] = "{objectGUID|guid}";
  // The server spells it objectguid; the configuration's spelling is what the template reads.
  const Export hr = buildExport(readAll(d, {"objectGUID", "uid", "cn"}), cfg, "@acme");
  CHECK(hr.problems.empty());
  REQUIRE(hr.people.size() == 1);
  const Person& p = hr.people[0];
  CHECK(p.employeeId == "fcfdfeff-0201-0403-0506-0708090a0b0c");
  CHECK(p.attributes.count("objectGUID") == 0);
  CHECK(p.attributes.count("objectguid") == 0);
  CHECK(p.attributes.count("photo") == 0);
}

TEST_CASE("ldap: a guid template over a value that is not 16 bytes makes the entry a problem",
          "[directory][ldap]") {
  FakeDirectory d = FakeDirectory::onePage({LdapEntry{
      "uid=alice,dc=x", {{"objectGUID", {"short"}}, {"uid", {"alice"}}, {"cn", {"Alice"}}}}});
  DirectorySettings cfg = ldapSettings();
  cfg.columns["employee_id"] = "{objectGUID|guid}";
  const Export hr = buildExport(readAll(d, {"objectGUID", "uid", "cn"}), cfg, "@acme");
  CHECK(hr.people.empty());
  REQUIRE(hr.problems.size() == 1);
  CHECK(hr.problems[0].dn == "uid=alice,dc=x");
  CHECK(membersync::i18n::english(hr.problems[0].message).find("employee_id") == 0);
}

// ---- the content hash over the entries as mapped (ExportHash) -----------------------------------

namespace {

// The content hash of `d`'s entries as readExport takes it, the policy reading memberOf.
std::string hashOf(FakeDirectory& d) {
  const DirectorySettings cfg = ldapSettings();
  std::vector<std::string> wanted = wantedBy(cfg);
  wanted.push_back("memberOf");
  return buildExport(readAll(d, wanted), cfg, "@acme", {"memberOf"}).contentHash;
}

}  // namespace

TEST_CASE("ldap: the entries in another page order, their values in another order, or moved to "
          "another DN are the same export",
          "[directory][ldap][hash]") {
  FakeDirectory one;
  one.pages.push_back({"", LdapPage{{person("alice", {{"memberOf", {"cn=a", "cn=b"}}})}, {}, "k"}});
  one.pages.push_back({"k", LdapPage{{person("bob")}, {}, ""}});
  FakeDirectory other;
  other.pages.push_back({"", LdapPage{{person("bob")}, {}, "k"}});
  other.pages.push_back(
      {"k", LdapPage{{person("alice", {{"memberOf", {"cn=b", "cn=a"}}})}, {}, ""}});
  FakeDirectory moved =
      FakeDirectory::onePage({person("alice", {{"memberOf", {"cn=a", "cn=b"}}}), person("bob")});
  moved.pages[0].second.entries[1].dn = "uid=bob,ou=alumni,dc=example,dc=com";
  const std::string hash = hashOf(one);
  CHECK(hashOf(other) == hash);
  CHECK(hashOf(moved) == hash);
}

TEST_CASE("ldap: a changed field or a changed value of an attribute the policy reads is another "
          "export",
          "[directory][ldap][hash]") {
  auto directory = [](const std::string& cn, std::vector<std::string> groups) {
    LdapEntry alice = person("alice", {{"memberOf", std::move(groups)}});
    alice.attributes[2].values = {cn};
    return FakeDirectory::onePage({alice, person("bob")});
  };
  FakeDirectory before = directory("Alice", {"cn=a", "cn=b"});
  FakeDirectory renamed = directory("Alicia", {"cn=a", "cn=b"});
  FakeDirectory regrouped = directory("Alice", {"cn=a", "cn=x"});
  const std::string hash = hashOf(before);
  CHECK(hashOf(renamed) != hash);
  CHECK(hashOf(regrouped) != hash);
}

TEST_CASE("ldap: every value of a skipped entry's multi-valued key counts in the hash",
          "[directory][ldap][hash]") {
  // Two uids: the entry is skipped and each uid remembered, so nobody it names looks departed.
  auto directory = [](const std::string& second) {
    LdapEntry twoUids = person("bob");
    twoUids.attributes[1].values = {"bob", second};
    return FakeDirectory::onePage({person("alice"), twoUids});
  };
  FakeDirectory robert = directory("robert");
  FakeDirectory bobby = directory("bobby");
  CHECK(hashOf(robert) != hashOf(bobby));
}

// ---- found by fuzzing (fuzz_ldap_entries) ------------------------------------------------------

TEST_CASE("ldap: pages that go round with entries already seen fail the read after three",
          "[directory][ldap]") {
  FakeDirectory d;
  d.pages.push_back({"", LdapPage{{person("alice")}, {}, "a"}});
  d.pages.push_back({"a", LdapPage{{person("bob")}, {}, "b"}});
  d.pages.push_back({"b", LdapPage{{person("carol")}, {}, "a"}});  // a -> b -> a -> ...
  CHECK_THROWS_WITH(readAll(d), Catch::Contains("3 pages in a row with no new entry"));
  CHECK(d.pageCalls.size() == 6);
}

TEST_CASE("ldap: the same cookie on every page is fine while each page brings new entries, as "
          "389 Directory Server sends it",
          "[directory][ldap]") {
  // The fake serves pages by cookie, so the same cookie needs a directory that counts calls.
  struct SameCookie : FakeDirectory {
    int served = 0;
    LdapPage page(const std::string& cookie) override {
      pageCalls.push_back(cookie);
      ++served;
      const std::string uid = "user" + std::to_string(served);
      return LdapPage{{person(uid)}, {}, served < 4 ? "0" : ""};
    }
  } same;
  const SourceTable table = readAll(same);
  CHECK(table.rows.size() == 4);
  CHECK(same.pageCalls == std::vector<std::string>{"", "0", "0", "0"});
}

TEST_CASE("ldap: an entry without an optional attribute has it empty, so removing it in the "
          "directory clears the field",
          "[directory][ldap]") {
  FakeDirectory d = FakeDirectory::onePage(
      {person("alice", {{"mobile", {"13800000001"}}}), person("bob")});
  DirectorySettings cfg = ldapSettings();
  cfg.columns["mobile"] = "mobile";
  cfg.columns["remark"] = "description";  // named explicitly, and no entry has it
  const Export hr = buildExport(readAll(d, wantedBy(cfg)), cfg, "@acme");
  REQUIRE(hr.people.size() == 2);
  CHECK(hr.people[0].mobile == std::optional<std::string>("13800000001"));
  CHECK(hr.people[1].mobile == std::optional<std::string>(""));
  CHECK(hr.people[0].remark == std::optional<std::string>(""));
}

TEST_CASE("ldap: an entry whose key attribute has several values remembers each, so none of "
          "them looks departed",
          "[directory][ldap]") {
  LdapEntry twoIds = person("bob");
  twoIds.attributes[0].values = {"E-bob", "E-robert"};  // employeeNumber
  FakeDirectory d = FakeDirectory::onePage({twoIds});
  const DirectorySettings cfg = ldapSettings();
  const Export hr = buildExport(readAll(d, wantedBy(cfg)), cfg, "@acme");
  CHECK(hr.people.empty());
  CHECK(hr.skippedEmployeeIds == std::set<std::string>{"E-bob", "E-robert"});
  CHECK(hr.skippedAccounts == std::set<std::string>{"bob"});
}

TEST_CASE("ldap: a ranged attribute that does not start at value 0 fails the read",
          "[directory][ldap]") {
  FakeDirectory d = FakeDirectory::onePage({person("alice", {{"member;range=1500-*", {"m1500"}}})});
  CHECK_THROWS_WITH(readAll(d), Catch::Contains("attribute member came as values from 1500 on"));
}

TEST_CASE("ldap: a mapped value that is not UTF-8 makes the entry a problem, and no message "
          "carries the raw bytes",
          "[directory][ldap]") {
  LdapEntry latin1 = person("bob");
  latin1.attributes[2].values = {"Bob Sm\xe9th"};  // cn in Latin-1
  FakeDirectory d = FakeDirectory::onePage({person("alice"), latin1});
  const DirectorySettings cfg = ldapSettings();
  const Export hr = buildExport(readAll(d, wantedBy(cfg)), cfg, "@acme");
  REQUIRE(hr.people.size() == 1);
  REQUIRE(hr.problems.size() == 1);
  CHECK_THAT(membersync::i18n::english(hr.problems[0].message),
             Catch::Contains("name: the value is not UTF-8 text"));
  CHECK(hr.skippedAccounts == std::set<std::string>{"bob"});
}

TEST_CASE("ldap: an unmapped attribute whose values are all binary is not kept for the policy",
          "[directory][ldap]") {
  FakeDirectory d =
      FakeDirectory::onePage({person("alice", {{"userCertificate", {"\xff\x01", "\xfe\x02"}}})});
  const DirectorySettings cfg = ldapSettings();
  const Export hr = buildExport(readAll(d, wantedBy(cfg)), cfg, "@acme");
  REQUIRE(hr.people.size() == 1);
  CHECK(hr.people[0].multiAttributes.count("userCertificate") == 0);
  CHECK(hr.people[0].attributes.count("userCertificate") == 0);
}

TEST_CASE("ldap: a value of a multi-valued key that a valid person holds stays that person's "
          "key, not a skipped one",
          "[directory][ldap]") {
  LdapEntry twoIds = person("bob");
  twoIds.attributes[0].values = {"E-alice", "E-robert"};  // employeeNumber, one of them alice's
  FakeDirectory d = FakeDirectory::onePage({person("alice"), twoIds});
  const DirectorySettings cfg = ldapSettings();
  const Export hr = buildExport(readAll(d, wantedBy(cfg)), cfg, "@acme");
  REQUIRE(hr.people.size() == 1);
  CHECK(hr.people[0].employeeId == "E-alice");
  CHECK(hr.skippedEmployeeIds == std::set<std::string>{"E-robert"});
}
