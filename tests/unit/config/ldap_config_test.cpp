// [directory] format = ldap: what the loader accepts, what it refuses and why.

#include <catch2/catch.hpp>

#include "config/loader.h"
#include "jobs/core/scrubber.h"
#include "tests/support/temp_dir.h"
#include "tests/unit/config/config_files.h"

using membersync::config::ConfigError;
using membersync::config::loadConfig;
using membersync::directory::ExportFormat;
using membersync::directory::LdapScope;
using membersync::testing::TempDir;

using membersync::config::testing::errorOf;
using membersync::config::testing::kCenterSection;

namespace {

const std::string kCenter = kCenterSection;

struct Fixture {
  TempDir dir;
  Fixture() {
    dir.write("client-secret", "s3cr3t-value\n");
    dir.write("admin-password", "p4ss-value\n");
    dir.write("bind-password", "b1nd-value\n");
  }
  // [directory] with format = ldap, the required keys, and `extra` (which may repeat a key to
  // override it: the last value wins).
  std::string config(const std::string& url, const std::string& extra = "") const {
    return dir
        .write("membersync.ini", std::string(kCenter) +
                                     "[directory]\n"
                                     "format = ldap\n"
                                     "url = " + url + "\n"
                                     "bind_dn = cn=membersync,ou=services,dc=acme,dc=example\n"
                                     "bind_password_file = bind-password\n"
                                     "base_dn = ou=staff,dc=acme,dc=example\n" + extra)
        .string();
  }
};

}  // namespace

TEST_CASE("config ldap: the directory keys are read with their documented defaults", "[config]") {
  Fixture f;
  const auto c = loadConfig(f.config("ldaps://dc1.acme.example"), {});
  const auto& l = c.directory.ldap;
  CHECK(c.directory.format == ExportFormat::Ldap);
  CHECK(c.directory.path.empty());
  CHECK(l.url == "ldaps://dc1.acme.example");
  CHECK_FALSE(l.startTls);
  CHECK(l.caFile.empty());
  CHECK(l.bindPassword.reveal() == "b1nd-value");
  CHECK(l.baseDn == "ou=staff,dc=acme,dc=example");
  CHECK(l.filter == "(objectClass=person)");
  CHECK(l.scope == LdapScope::Sub);
  CHECK(l.pageSize == 500);
  CHECK(l.timeoutS == 60);
}

TEST_CASE("config ldap: plain ldap:// is refused to another machine unless StartTLS is on",
          "[config]") {
  Fixture f;
  CHECK_THAT(errorOf(f.config("ldap://dc1.acme.example")),
             Catch::Contains("[directory] url") && Catch::Contains("bind password unencrypted"));
  CHECK(errorOf(f.config("ldap://dc1.acme.example", "start_tls = true\n")).empty());
  CHECK(errorOf(f.config("ldap://127.0.0.1:3389")).empty());
  CHECK(errorOf(f.config("ldap://localhost")).empty());
  CHECK_THAT(errorOf(f.config("ldap://127.0.0.1.evil.example")), Catch::Contains("unencrypted"));
}

TEST_CASE("config ldap: the URL is scheme, host and port only, and ldaps with StartTLS is refused",
          "[config]") {
  Fixture f;
  CHECK_THAT(errorOf(f.config("http://dc1.acme.example")),
             Catch::Contains("must start with ldaps:// or ldap://"));
  CHECK_THAT(errorOf(f.config("ldaps://dc1.acme.example/ou=staff??sub")),
             Catch::Contains("have keys of their own"));
  CHECK_THAT(errorOf(f.config("ldaps://")), Catch::Contains("names no host"));
  CHECK(errorOf(f.config("ldaps://dc1.acme.example:636/")).empty());
  CHECK_THAT(errorOf(f.config("ldaps://dc1.acme.example", "start_tls = yes\n")),
             Catch::Contains("[directory] start_tls"));
}

TEST_CASE("config ldap: a path with format = ldap and a missing bind password file are errors",
          "[config]") {
  Fixture f;
  CHECK_THAT(errorOf(f.config("ldaps://dc1.acme.example", "path = hr.csv\n")),
             Catch::Contains("[directory] path") && Catch::Contains("remove path"));
  CHECK_THAT(errorOf(f.config("ldaps://dc1.acme.example", "bind_password_file = nowhere\n")),
             Catch::Contains("[directory] bind_password_file"));
  CHECK_THAT(errorOf(f.config("ldaps://dc1.acme.example", "scope = subtree\n")),
             Catch::Contains("[directory] scope") && Catch::Contains("sub, one or base"));
  CHECK_THAT(errorOf(f.config("ldaps://dc1.acme.example", "page_size = 0\n")),
             Catch::Contains("[directory] page_size"));
  CHECK_THAT(errorOf(f.config("ldaps://dc1.acme.example", "ca_file = no-such-ca.pem\n")),
             Catch::Contains("[directory] ca_file") && Catch::Contains("is not a file"));
  CHECK_THAT(errorOf(f.config("ldaps://dc1.acme.example", "delimiter = ;\n")),
             Catch::Contains("[directory] delimiter") && Catch::Contains("is for CSV exports"));
}

TEST_CASE("config ldap: the bind password joins the scrubber", "[config][scrub]") {
  Fixture f;
  const auto c = loadConfig(f.config("ldaps://dc1.acme.example"), {});
  membersync::Scrubber scrubber;
  membersync::config::registerSecrets(c, scrubber);
  CHECK(scrubber.scrub("bind with b1nd-value") == "bind with [redacted]");
}

TEST_CASE("config ldap: the shipped Active Directory example loads without error", "[config]") {
  const auto c = loadConfig(MEMBERSYNC_SOURCE_DIR "/config/examples/ldap.ini", {});
  CHECK(c.directory.format == ExportFormat::Ldap);
  CHECK(c.directory.ldap.url == "ldaps://dc1.acme.example");
  CHECK(c.directory.columns.at("employee_id") == "{objectGUID|guid}");
  CHECK(c.directory.columns.at("status") == "{userAccountControl|uac}");
}
