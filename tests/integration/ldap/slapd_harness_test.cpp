#include <catch2/catch.hpp>

#include <map>
#include <regex>
#include <string>
#include <vector>

#include "tests/support/command.h"
#include "tests/support/slapd_process.h"

using namespace membersync::testing;

namespace {

struct Search {
  int exitCode = -1;
  int entries = 0;  // "dn:" lines in the output
  std::string output;
};

// ldapsearch as the reader for the uid of every person under the base, printing DNs only.
// `extra` goes before the filter (e.g. {"-E", "pr=200/noprompt"} or {"-ZZ"}); `env` sets
// LDAPTLS_CACERT and the like.
Search search(const std::string& url, const std::vector<std::string>& extra = {},
              const std::map<std::string, std::string>& env = {}) {
  std::vector<std::string> args{"-LLL", "-x",
                                "-H",   url,
                                "-D",   SlapdProcess::bindDn(),
                                "-w",   SlapdProcess::bindPassword(),
                                "-b",   SlapdProcess::baseDn()};
  args.insert(args.end(), extra.begin(), extra.end());
  args.insert(args.end(), {"(objectClass=inetOrgPerson)", "1.1"});  // 1.1: no attributes
  CommandResult r = runCommand(ldapsearchExecutable(), args, env);
  static const std::regex kDnLine("^dn: ", std::regex::multiline);
  Search s;
  s.exitCode = r.exitCode;
  s.entries = static_cast<int>(std::distance(
      std::sregex_iterator(r.out.begin(), r.out.end(), kDnLine), std::sregex_iterator()));
  s.output = r.out + r.err;
  return s;
}

SlapdProcess::Options people(int count) {
  SlapdProcess::Options options;
  options.ldif = SlapdProcess::peopleLdif(count);
  return options;
}

}  // namespace

TEST_CASE("slapd: the reader finds every person loaded from the LDIF", "[ldap][harness]") {
  SlapdProcess slapd(people(25));
  CHECK(slapd.ldapUrl() == "ldap://127.0.0.1:" + std::to_string(slapd.port()));
  Search s = search(slapd.ldapUrl());
  INFO(s.output);
  CHECK(s.exitCode == 0);
  CHECK(s.entries == 25);
}

TEST_CASE("slapd: an unpaged search stops at the size limit, a paged one reads everything",
          "[ldap][harness]") {
  SlapdProcess::Options options = people(2000);
  options.sizeLimit = 500;
  SlapdProcess slapd(options);

  Search unpaged = search(slapd.ldapUrl());
  INFO(unpaged.output.substr(unpaged.output.size() > 300 ? unpaged.output.size() - 300 : 0));
  CHECK(unpaged.exitCode == 4);  // LDAP_SIZELIMIT_EXCEEDED
  CHECK(unpaged.output.find("Size limit exceeded") != std::string::npos);
  CHECK(unpaged.entries == 500);

  Search paged = search(slapd.ldapUrl(), {"-E", "pr=200/noprompt"});
  CHECK(paged.exitCode == 0);
  CHECK(paged.entries == 2000);
}

TEST_CASE("slapd: without a bind a search sees nothing", "[ldap][harness]") {
  SlapdProcess slapd(people(3));
  CommandResult r =
      runCommand(ldapsearchExecutable(), {"-LLL", "-x", "-H", slapd.ldapUrl(), "-b",
                                          SlapdProcess::baseDn(), "(objectClass=*)", "1.1"});
  CHECK(r.exitCode == 32);  // noSuchObject: the ACL hides even the base
  CHECK(r.out.find("dn:") == std::string::npos);
}

TEST_CASE("slapd: ldaps and StartTLS work with the test CA and fail without it",
          "[ldap][harness][tls]") {
  SlapdProcess::Options options = people(3);
  options.tls = true;
  SlapdProcess slapd(options);
  const std::map<std::string, std::string> trustCa{{"LDAPTLS_CACERT", slapd.caFile()}};

  Search ldaps = search(slapd.ldapsUrl(), {}, trustCa);
  INFO(ldaps.output);
  CHECK(ldaps.exitCode == 0);
  CHECK(ldaps.entries == 3);

  Search startTls = search(slapd.ldapUrl(), {"-ZZ"}, trustCa);
  INFO(startTls.output);
  CHECK(startTls.exitCode == 0);
  CHECK(startTls.entries == 3);

  // The system's trust store (ldap.conf's TLS_CACERT, if any) does not hold the test CA.
  Search untrusted = search(slapd.ldapsUrl());
  INFO(untrusted.output);
  CHECK(untrusted.exitCode != 0);
  CHECK(untrusted.entries == 0);

  Search untrustedStartTls = search(slapd.ldapUrl(), {"-ZZ"});
  CHECK(untrustedStartTls.exitCode != 0);
  CHECK(untrustedStartTls.entries == 0);
}

TEST_CASE("slapd: entries deleted, added and modified over LDAP", "[ldap][harness]") {
  SlapdProcess slapd(people(5));
  slapd.deleteEntry(SlapdProcess::personDn(2));
  CHECK(search(slapd.ldapUrl()).entries == 4);

  slapd.addEntries(SlapdProcess::personLdif(7) + SlapdProcess::personLdif(8));
  CHECK(search(slapd.ldapUrl()).entries == 6);

  slapd.modify("dn: " + SlapdProcess::personDn(7) +
               "\nchangetype: modify\nreplace: mail\nmail: seven@example.com\n");
  CommandResult r = runCommand(
      ldapsearchExecutable(),
      {"-LLL", "-x", "-H", slapd.ldapUrl(), "-D", SlapdProcess::bindDn(), "-w",
       SlapdProcess::bindPassword(), "-b", SlapdProcess::personDn(7), "-s", "base", "mail"});
  CHECK(r.out.find("mail: seven@example.com") != std::string::npos);

  CHECK_THROWS_WITH(slapd.deleteEntry(SlapdProcess::personDn(2)),
                    Catch::Contains("No such object"));
}

TEST_CASE("slapd: stopped, the server refuses connections, and started again it has the same data",
          "[ldap][harness]") {
  SlapdProcess slapd(people(4));
  slapd.deleteEntry(SlapdProcess::personDn(0));
  const int port = slapd.port();

  slapd.stop();
  CHECK_FALSE(slapd.running());
  Search gone = search(slapd.ldapUrl());
  CHECK(gone.exitCode == 255);  // LDAP_SERVER_DOWN as the tools report it
  CHECK(gone.entries == 0);

  slapd.start();
  CHECK(slapd.running());
  CHECK(slapd.port() == port);
  CHECK(search(slapd.ldapUrl()).entries == 3);
}

TEST_CASE("slapd: an LDIF that slapadd rejects makes the constructor throw", "[ldap][harness]") {
  SlapdProcess::Options options;
  options.ldif = "dn: uid=x,ou=nowhere,dc=example,dc=com\nobjectClass: noSuchClass\n";
  CHECK_THROWS_AS(SlapdProcess(options), std::runtime_error);
}
