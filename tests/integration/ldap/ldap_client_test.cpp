// membersync's libldap client (jobs/directory/ldap_client.h) against a real slapd on loopback,
// page by page: what happens when the server goes between two pages, and how referrals and
// continuation references are treated.

#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "jobs/directory/ldap_client.h"
#include "jobs/directory/ldap_entries.h"
#include "jobs/directory/person.h"
#include "tests/support/slapd_process.h"

namespace {

using membersync::directory::connectLdap;
using membersync::directory::ExportError;
using membersync::directory::LdapSettings;
using membersync::testing::SlapdProcess;

LdapSettings settingsFor(const SlapdProcess& slapd, const std::string& base, int pageSize) {
  LdapSettings s;
  s.url = slapd.ldapUrl();
  s.bindDn = SlapdProcess::bindDn();
  s.bindPassword = membersync::Secret(SlapdProcess::bindPassword());
  s.baseDn = base;
  s.filter = "(objectClass=inetOrgPerson)";
  s.pageSize = pageSize;
  return s;
}

std::string people() { return "ou=people," + SlapdProcess::baseDn(); }

// A referral object below ou=people: a subtree search meets it as a continuation reference, a
// search based on it gets a referral result.
std::string withBranchReferral(int count) {
  return SlapdProcess::peopleLdif(count) +
         "dn: ou=branch," + people() + "\n"
         "objectClass: referral\n"
         "objectClass: extensibleObject\n"
         "ou: branch\n"
         "ref: ldap://branch.example.com/ou=branch,dc=example,dc=com\n\n";
}

}  // namespace

TEST_CASE("ldap client: a server that stops between two pages fails the read", "[ldap]") {
  SlapdProcess slapd({SlapdProcess::peopleLdif(30), 0, false});
  auto directory = connectLdap(settingsFor(slapd, people(), 10), {});
  const auto first = directory->page("");
  CHECK(first.entries.size() == 10);
  REQUIRE_FALSE(first.cookie.empty());
  slapd.stop();
  CHECK_THROWS_WITH(directory->page(first.cookie),
                    Catch::Contains("the connection was lost during the search") &&
                        Catch::Contains("nothing is planned from a partial list"));
}

TEST_CASE("ldap client: the pages together hold every entry once", "[ldap]") {
  SlapdProcess slapd({SlapdProcess::peopleLdif(25), 0, false});
  auto directory = connectLdap(settingsFor(slapd, people(), 10), {});
  std::vector<std::string> skipped;
  const auto table = membersync::directory::readLdapTable(*directory, "test", {"employeeNumber"}, skipped);
  CHECK(table.rows.size() == 25);
  CHECK(skipped.empty());
  CHECK(table.rows.front().cells.at("employeeNumber") == "E00000");
}

TEST_CASE("ldap client: a continuation reference is skipped with a message naming it", "[ldap]") {
  SlapdProcess slapd({withBranchReferral(5), 0, false});
  auto directory = connectLdap(settingsFor(slapd, people(), 100), {});
  std::vector<std::string> skipped;
  const auto table = membersync::directory::readLdapTable(*directory, "test", {}, skipped);
  CHECK(table.rows.size() == 5);
  REQUIRE(skipped.size() == 1);
  CHECK_THAT(skipped[0], Catch::Contains("ldap://branch.example.com/"));
}

TEST_CASE("ldap client: a referral result fails the read, naming where it points", "[ldap]") {
  SlapdProcess slapd({withBranchReferral(2), 0, false});
  auto directory = connectLdap(settingsFor(slapd, "ou=branch," + people(), 100), {});
  CHECK_THROWS_WITH(directory->page(""), Catch::Contains("referred the search to ldap://branch.example.com") &&
                                             Catch::Contains("does not follow referrals"));
}

TEST_CASE("ldap client: a filter that does not parse is named in the error", "[ldap]") {
  SlapdProcess slapd({SlapdProcess::peopleLdif(2), 0, false});
  LdapSettings s = settingsFor(slapd, people(), 100);
  s.filter = "(objectClass=person";
  auto directory = connectLdap(s, {});
  CHECK_THROWS_WITH(directory->page(""), Catch::Contains("the filter (objectClass=person does not parse"));
}
