#pragma once

#include <memory>
#include <string>
#include <vector>

#include "jobs/directory/directory_settings.h"
#include "jobs/directory/ldap_entries.h"

namespace membersync::directory {

// Connects to `settings.url` through OpenLDAP's libldap and binds: LDAPv3, referrals not
// chased, StartTLS when asked, and the peer's certificate always verified
// (LDAP_OPT_X_TLS_REQUIRE_CERT = DEMAND on the handle, against `ca_file` or the system's CAs,
// whatever /etc/ldap/ldap.conf or LDAPTLS_* say). The directory it returns searches
// `base_dn` with `filter` and `scope`, `page_size` entries a page (RFC 2696, critical), asking
// for the `attributes` named and no others. Every libldap option must take, the handle's own
// TLS context included, or the connection is refused. Throws ExportError saying what failed
// (cannot connect, certificate not trusted, StartTLS refused, bind refused); never the password.
std::unique_ptr<LdapDirectory> connectLdap(const LdapSettings& settings,
                                           const std::vector<std::string>& attributes);

// "ldaps://host:636/ou=staff,dc=acme,dc=example": how messages name the directory.
std::string ldapSourceName(const LdapSettings& settings);

}  // namespace membersync::directory
