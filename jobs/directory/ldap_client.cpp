#include "jobs/directory/ldap_client.h"

#include <ldap.h>
#include <sys/time.h>

#include "jobs/directory/person.h"

namespace membersync::directory {

namespace {

// What libldap says about the last failure on `ld`: the result code's text and, when the
// server or the TLS layer gave one, the diagnostic message.
std::string diagnosis(LDAP* ld, int rc) {
  std::string out = ldap_err2string(rc);
  char* message = nullptr;
  if (ld && ldap_get_option(ld, LDAP_OPT_DIAGNOSTIC_MESSAGE, &message) == LDAP_OPT_SUCCESS &&
      message) {
    if (*message) out += " (" + std::string(message) + ")";
    ldap_memfree(message);
  }
  return out;
}

int scopeOf(LdapScope scope) {
  switch (scope) {
    case LdapScope::Base: return LDAP_SCOPE_BASE;
    case LdapScope::One: return LDAP_SCOPE_ONELEVEL;
    case LdapScope::Sub: return LDAP_SCOPE_SUBTREE;
  }
  return LDAP_SCOPE_SUBTREE;
}

// Owns what libldap allocates for one answer.
struct Answer {
  LDAPMessage* chain = nullptr;
  ~Answer() {
    if (chain) ldap_msgfree(chain);
  }
};

struct Controls {
  LDAPControl** list = nullptr;
  ~Controls() {
    if (list) ldap_controls_free(list);
  }
};

LdapEntry entryOf(LDAP* ld, LDAPMessage* message) {
  LdapEntry entry;
  if (char* dn = ldap_get_dn(ld, message)) {
    entry.dn = dn;
    ldap_memfree(dn);
  }
  BerElement* ber = nullptr;
  for (char* name = ldap_first_attribute(ld, message, &ber); name;
       name = ldap_next_attribute(ld, message, ber)) {
    LdapAttribute attribute;
    attribute.description = name;
    if (berval** values = ldap_get_values_len(ld, message, name)) {
      for (berval** v = values; *v; ++v) attribute.values.emplace_back((*v)->bv_val, (*v)->bv_len);
      ldap_value_free_len(values);
    }
    ldap_memfree(name);
    entry.attributes.push_back(std::move(attribute));
  }
  if (ber) ber_free(ber, 0);
  return entry;
}

std::vector<std::string> referencesOf(LDAP* ld, LDAPMessage* message) {
  std::vector<std::string> urls;
  char** refs = nullptr;
  if (ldap_parse_reference(ld, message, &refs, nullptr, 0) == LDAP_SUCCESS && refs) {
    for (char** r = refs; *r; ++r) urls.emplace_back(*r);
    ldap_memvfree(reinterpret_cast<void**>(refs));
  }
  return urls;
}

class LibldapDirectory final : public LdapDirectory {
 public:
  LibldapDirectory(const LdapSettings& settings, const std::vector<std::string>& attributes)
      : s_(settings), source_(ldapSourceName(settings)) {
    names_.push_back("*");
    for (const std::string& a : attributes) names_.push_back(a);
    for (std::string& n : names_) attrs_.push_back(n.data());
    attrs_.push_back(nullptr);
    open();
  }
  ~LibldapDirectory() override {
    if (ld_) ldap_unbind_ext_s(ld_, nullptr, nullptr);
  }
  LibldapDirectory(const LibldapDirectory&) = delete;
  LibldapDirectory& operator=(const LibldapDirectory&) = delete;

  LdapPage page(const std::string& cookie) override;
  LdapEntry read(const std::string& dn, const std::string& description) override;

 private:
  void open();
  void setOptions();
  [[noreturn]] void fail(const std::string& what, int rc, const std::string& advice) const {
    throw ExportError(source_ + ": " + what + ": " + diagnosis(ld_, rc) + "; " + advice);
  }
  [[noreturn]] void failSearch(int rc) const;
  timeval timeout() const { return timeval{s_.timeoutS, 0}; }

  LdapSettings s_;
  std::string source_;
  std::vector<std::string> names_;
  std::vector<char*> attrs_;
  LDAP* ld_ = nullptr;
};

void LibldapDirectory::setOptions() {
  const int version = LDAP_VERSION3;
  ldap_set_option(ld_, LDAP_OPT_PROTOCOL_VERSION, &version);
  ldap_set_option(ld_, LDAP_OPT_REFERRALS, LDAP_OPT_OFF);  // a referral fails the read instead
  const timeval t = timeout();
  ldap_set_option(ld_, LDAP_OPT_NETWORK_TIMEOUT, &t);
  ldap_set_option(ld_, LDAP_OPT_TIMEOUT, &t);
  // Trust is decided here, not by ldap.conf or LDAPTLS_* (which could say "never"): the peer
  // is always verified, against ca_file or the system's bundle, with the host name checked.
  const int demand = LDAP_OPT_X_TLS_DEMAND;
  ldap_set_option(ld_, LDAP_OPT_X_TLS_REQUIRE_CERT, &demand);
  const std::string ca = s_.caFile.empty() ? "/etc/ssl/certs/ca-certificates.crt" : s_.caFile;
  ldap_set_option(ld_, LDAP_OPT_X_TLS_CACERTFILE, ca.c_str());
  ldap_set_option(ld_, LDAP_OPT_X_TLS_CACERTDIR, nullptr);
  const int server = 0;  // a fresh TLS context, so the options above take effect
  ldap_set_option(ld_, LDAP_OPT_X_TLS_NEWCTX, &server);
}

void LibldapDirectory::open() {
  int rc = ldap_initialize(&ld_, s_.url.c_str());
  if (rc != LDAP_SUCCESS) fail("cannot use the URL", rc, "check [directory] url");
  setOptions();
  const std::string trust =
      "check [directory] url; if the directory's certificate is not trusted, set "
      "[directory] ca_file to the CA that signed it";
  if (s_.startTls) {
    rc = ldap_start_tls_s(ld_, nullptr, nullptr);
    if (rc != LDAP_SUCCESS) fail("StartTLS failed", rc, trust);
  }
  berval password{static_cast<ber_len_t>(s_.bindPassword.reveal().size()),
                  const_cast<char*>(s_.bindPassword.reveal().data())};
  rc = ldap_sasl_bind_s(ld_, s_.bindDn.c_str(), LDAP_SASL_SIMPLE, &password, nullptr, nullptr,
                        nullptr);
  if (rc == LDAP_INVALID_CREDENTIALS)
    fail("bind refused for " + s_.bindDn, rc,
         "check [directory] bind_dn and the password in bind_password_file");
  if (rc == LDAP_SERVER_DOWN || rc == LDAP_CONNECT_ERROR || rc == LDAP_TIMEOUT)
    fail("cannot connect", rc, trust);
  if (rc != LDAP_SUCCESS) fail("bind failed for " + s_.bindDn, rc, "check [directory] bind_dn");
}

void LibldapDirectory::failSearch(int rc) const {
  const std::string partial = "nothing is planned from a partial list";
  switch (rc) {
    case LDAP_NO_SUCH_OBJECT:
      fail("no such base DN " + s_.baseDn, rc, "check [directory] base_dn");
    case LDAP_FILTER_ERROR:
      fail("the filter " + s_.filter + " does not parse", rc,
           "check [directory] filter, e.g. (objectClass=person)");
    case LDAP_SIZELIMIT_EXCEEDED:
      fail("the directory stopped the search at its size limit", rc,
           partial + ". Lift the size limit for bind_dn, or lower [directory] page_size");
    case LDAP_TIMELIMIT_EXCEEDED:
    case LDAP_TIMEOUT:
      fail("the search ran out of time", rc,
           partial + ". Narrow [directory] filter or raise [directory] timeout_s");
    case LDAP_SERVER_DOWN:
    case LDAP_CONNECT_ERROR:
      fail("the connection was lost during the search", rc, partial + "; the next run retries");
    default:
      fail("the search failed", rc, partial);
  }
}

LdapPage LibldapDirectory::page(const std::string& cookie) {
  berval previous{static_cast<ber_len_t>(cookie.size()), const_cast<char*>(cookie.data())};
  LDAPControl* paging = nullptr;
  int rc = ldap_create_page_control(ld_, s_.pageSize, cookie.empty() ? nullptr : &previous, 1,
                                    &paging);
  if (rc != LDAP_SUCCESS) fail("cannot request paged results", rc, "check [directory] page_size");
  LDAPControl* controls[] = {paging, nullptr};
  timeval t = timeout();
  Answer answer;
  rc = ldap_search_ext_s(ld_, s_.baseDn.c_str(), scopeOf(s_.scope), s_.filter.c_str(),
                         attrs_.data(), 0, controls, nullptr, &t, 0, &answer.chain);
  ldap_control_free(paging);
  // No answer at all (connection lost, bad filter, time-out): libldap leaves the chain null.
  if (!answer.chain) failSearch(rc == LDAP_SUCCESS ? LDAP_SERVER_DOWN : rc);

  LdapPage page;
  bool finished = false;
  for (LDAPMessage* m = ldap_first_message(ld_, answer.chain); m; m = ldap_next_message(ld_, m)) {
    switch (ldap_msgtype(m)) {
      case LDAP_RES_SEARCH_ENTRY:
        page.entries.push_back(entryOf(ld_, m));
        break;
      case LDAP_RES_SEARCH_REFERENCE:
        for (std::string& url : referencesOf(ld_, m)) page.continuations.push_back(std::move(url));
        break;
      case LDAP_RES_SEARCH_RESULT: {
        finished = true;
        int result = LDAP_SUCCESS;
        char** referrals = nullptr;
        Controls returned;
        rc = ldap_parse_result(ld_, m, &result, nullptr, nullptr, &referrals, &returned.list, 0);
        std::string to;
        if (referrals) {
          for (char** r = referrals; *r; ++r) to += (to.empty() ? "" : " ") + std::string(*r);
          ldap_memvfree(reinterpret_cast<void**>(referrals));
        }
        if (rc != LDAP_SUCCESS) failSearch(rc);
        if (result == LDAP_REFERRAL)
          throw ExportError(source_ + ": the server referred the search to " +
                            (to.empty() ? std::string("another server") : to) +
                            "; membersync does not follow referrals (a partial list would make "
                            "people look departed): set [directory] url and base_dn to the "
                            "server that holds the entries");
        if (result != LDAP_SUCCESS) failSearch(result);
        LDAPControl* response =
            ldap_control_find(LDAP_CONTROL_PAGEDRESULTS, returned.list, nullptr);
        if (!response)
          throw ExportError(source_ + ": the server's answer lacks the paged-results control "
                                      "(the page cookie is lost); nothing is planned from a "
                                      "partial list. Check that the server supports RFC 2696");
        ber_int_t estimate = 0;
        berval next{0, nullptr};
        if (ldap_parse_pageresponse_control(ld_, response, &estimate, &next) != LDAP_SUCCESS)
          throw ExportError(source_ + ": the paged-results control does not decode; nothing is "
                                      "planned from a partial list");
        if (next.bv_val) {
          page.cookie.assign(next.bv_val, next.bv_len);
          ber_memfree(next.bv_val);
        }
        break;
      }
      default:
        break;
    }
  }
  if (!finished) failSearch(rc == LDAP_SUCCESS ? LDAP_SERVER_DOWN : rc);
  return page;
}

LdapEntry LibldapDirectory::read(const std::string& dn, const std::string& description) {
  std::string name = description;
  char* attrs[] = {name.data(), nullptr};
  timeval t = timeout();
  Answer answer;
  const int rc = ldap_search_ext_s(ld_, dn.c_str(), LDAP_SCOPE_BASE, "(objectClass=*)", attrs, 0,
                                   nullptr, nullptr, &t, 0, &answer.chain);
  if (rc != LDAP_SUCCESS) failSearch(rc);
  LDAPMessage* entry = answer.chain ? ldap_first_entry(ld_, answer.chain) : nullptr;
  if (!entry) throw ExportError(source_ + ": entry " + dn + " vanished while its " + description +
                                " values were read; the next run reads it again");
  return entryOf(ld_, entry);
}

}  // namespace

std::string ldapSourceName(const LdapSettings& settings) {
  std::string url = settings.url;
  while (!url.empty() && url.back() == '/') url.pop_back();
  return url + "/" + settings.baseDn;
}

std::unique_ptr<LdapDirectory> connectLdap(const LdapSettings& settings,
                                           const std::vector<std::string>& attributes) {
  return std::make_unique<LibldapDirectory>(settings, attributes);
}

}  // namespace membersync::directory
