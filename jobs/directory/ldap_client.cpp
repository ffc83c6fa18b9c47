#include "jobs/directory/ldap_client.h"

#include <ldap.h>
#include <sys/time.h>

#include <filesystem>

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
      : s_(settings), source_(ldapSourceName(settings)), names_(attributes) {
    for (std::string& n : names_) attrs_.push_back(n.data());
    attrs_.push_back(nullptr);
    open();
  }

  LdapPage page(const std::string& cookie) override;
  LdapEntry read(const std::string& dn, const std::string& description) override;

 private:
  struct Unbind {
    void operator()(LDAP* ld) const { ldap_unbind_ext_s(ld, nullptr, nullptr); }
  };

  void open();
  void setOptions();
  void set(int option, const void* value, const i18n::Message& advice);
  void readResult(LDAPMessage* result, LdapPage& page);
  // "<source>: <what failed>: <libldap's diagnosis>; <what to do>".
  [[noreturn]] void fail(i18n::Message what, int rc, i18n::Message advice) const {
    throw ExportError(i18n::msg("{source}: {what}: {diagnosis}; {advice}")
                          .with("source", source_)
                          .with("what", std::move(what))
                          .with("diagnosis", diagnosis(ld_.get(), rc))
                          .with("advice", std::move(advice)));
  }
  [[noreturn]] void failSearch(int rc) const;
  timeval timeout() const { return timeval{s_.timeoutS, 0}; }

  LdapSettings s_;
  std::string source_;
  std::vector<std::string> names_;
  std::vector<char*> attrs_;
  std::unique_ptr<LDAP, Unbind> ld_;  // unbound however the constructor ends
};

// The system's bundle on Debian; elsewhere none is named, and libldap's TLS library falls back
// to the system trust store.
const char* const kDebianCaBundle = "/etc/ssl/certs/ca-certificates.crt";

void LibldapDirectory::set(int option, const void* value, const i18n::Message& advice) {
  const int rc = ldap_set_option(ld_.get(), option, value);
  if (rc != LDAP_OPT_SUCCESS) fail(i18n::msg("cannot set up the connection"), rc, advice);
}

void LibldapDirectory::setOptions() {
  const int version = LDAP_VERSION3;
  set(LDAP_OPT_PROTOCOL_VERSION, &version, i18n::msg("the directory must speak LDAPv3"));
  // A referral fails the read.
  set(LDAP_OPT_REFERRALS, LDAP_OPT_OFF, i18n::msg("referrals must not be chased"));
  const timeval t = timeout();
  set(LDAP_OPT_NETWORK_TIMEOUT, &t, i18n::msg("check [directory] timeout_s"));
  set(LDAP_OPT_TIMEOUT, &t, i18n::msg("check [directory] timeout_s"));
  // Trust is decided here, not by ldap.conf or LDAPTLS_* (which could say "never"): the peer
  // is always verified, with its host name, against ca_file or the system's CAs. Each option
  // must take, and so must the handle's own TLS context: without it libldap would fall back to
  // the process-wide one that ldap.conf and the environment configure.
  const i18n::Message trust =
      i18n::msg("check [directory] ca_file (a readable PEM file of CA certificates)");
  const int demand = LDAP_OPT_X_TLS_DEMAND;
  set(LDAP_OPT_X_TLS_REQUIRE_CERT, &demand, trust);
  const std::string ca = !s_.caFile.empty()                          ? s_.caFile
                         : std::filesystem::exists(kDebianCaBundle) ? kDebianCaBundle
                                                                     : "";
  set(LDAP_OPT_X_TLS_CACERTFILE, ca.empty() ? nullptr : ca.c_str(), trust);
  set(LDAP_OPT_X_TLS_CACERTDIR, nullptr, trust);
  const int server = 0;
  set(LDAP_OPT_X_TLS_NEWCTX, &server, trust);
}

void LibldapDirectory::open() {
  LDAP* ld = nullptr;
  const int init = ldap_initialize(&ld, s_.url.c_str());
  ld_.reset(ld);
  if (init != LDAP_SUCCESS)
    fail(i18n::msg("cannot use the URL"), init, i18n::msg("check [directory] url"));
  setOptions();
  const i18n::Message trust = i18n::msg(
      "check [directory] url; if the directory's certificate is not trusted, set [directory] "
      "ca_file to the CA that signed it");
  int rc = LDAP_SUCCESS;
  if (s_.startTls) {
    rc = ldap_start_tls_s(ld_.get(), nullptr, nullptr);
    if (rc != LDAP_SUCCESS) fail(i18n::msg("StartTLS failed"), rc, trust);
  }
  berval password{static_cast<ber_len_t>(s_.bindPassword.reveal().size()),
                  const_cast<char*>(s_.bindPassword.reveal().data())};
  rc = ldap_sasl_bind_s(ld_.get(), s_.bindDn.c_str(), LDAP_SASL_SIMPLE, &password, nullptr,
                        nullptr, nullptr);
  if (rc == LDAP_INVALID_CREDENTIALS)
    fail(i18n::msg("bind refused for {dn}").with("dn", s_.bindDn), rc,
         i18n::msg("check [directory] bind_dn and the password in bind_password_file"));
  if (rc == LDAP_SERVER_DOWN || rc == LDAP_CONNECT_ERROR || rc == LDAP_TIMEOUT)
    fail(i18n::msg("cannot connect"), rc, trust);
  if (rc != LDAP_SUCCESS)
    fail(i18n::msg("bind failed for {dn}").with("dn", s_.bindDn), rc,
         i18n::msg("check [directory] bind_dn"));
}

void LibldapDirectory::failSearch(int rc) const {
  using i18n::msg;
  switch (rc) {
    case LDAP_NO_SUCH_OBJECT:
      fail(msg("no such base DN {dn}").with("dn", s_.baseDn), rc, msg("check [directory] base_dn"));
    case LDAP_FILTER_ERROR:
      fail(msg("the filter {filter} does not parse").with("filter", s_.filter), rc,
           msg("check [directory] filter, e.g. (objectClass=person)"));
    case LDAP_SIZELIMIT_EXCEEDED:
      fail(msg("the directory stopped the search at its size limit"), rc,
           msg("nothing is planned from a partial list. Lift the size limit for bind_dn, or "
               "lower [directory] page_size"));
    case LDAP_TIMELIMIT_EXCEEDED:
      fail(msg("the directory stopped the search at its time limit"), rc,
           msg("nothing is planned from a partial list. Lift the time limit for bind_dn, or "
               "narrow [directory] filter"));
    case LDAP_TIMEOUT:
      fail(msg("the search ran out of time"), rc,
           msg("nothing is planned from a partial list. Raise [directory] timeout_s, or narrow "
               "[directory] filter"));
    case LDAP_SERVER_DOWN:
    case LDAP_CONNECT_ERROR:
      fail(msg("the connection was lost during the search"), rc,
           msg("nothing is planned from a partial list; the next run retries"));
    default:
      fail(msg("the search failed"), rc, msg("nothing is planned from a partial list"));
  }
}

// The search's final message: its result code, where a referral points, and the next cookie.
void LibldapDirectory::readResult(LDAPMessage* result, LdapPage& page) {
  int code = LDAP_SUCCESS;
  char** referrals = nullptr;
  Controls returned;
  const int rc =
      ldap_parse_result(ld_.get(), result, &code, nullptr, nullptr, &referrals, &returned.list, 0);
  std::string to;
  if (referrals) {
    for (char** r = referrals; *r; ++r) to += (to.empty() ? "" : " ") + std::string(*r);
    ldap_memvfree(reinterpret_cast<void**>(referrals));
  }
  if (rc != LDAP_SUCCESS) failSearch(rc);
  if (code == LDAP_REFERRAL)
    throw ExportError(
        i18n::msg("{source}: the server referred the search to {to}; membersync "
                  "does not follow referrals (a partial list would make people look "
                  "departed): set [directory] url and base_dn to the server that "
                  "holds the entries")
            .with("source", source_)
            .with("to", to.empty() ? i18n::msg("another server") : i18n::verbatim(to)));
  if (code != LDAP_SUCCESS) failSearch(code);
  LDAPControl* response = ldap_control_find(LDAP_CONTROL_PAGEDRESULTS, returned.list, nullptr);
  if (!response)
    throw ExportError(i18n::msg("{source}: the server's answer lacks the paged-results control "
                                "(the page cookie is lost); nothing is planned from a partial "
                                "list. Check that the server supports RFC 2696")
                          .with("source", source_));
  ber_int_t estimate = 0;
  berval next{0, nullptr};
  if (ldap_parse_pageresponse_control(ld_.get(), response, &estimate, &next) != LDAP_SUCCESS)
    throw ExportError(i18n::msg("{source}: the paged-results control does not decode; nothing is "
                                "planned from a partial list")
                          .with("source", source_));
  if (next.bv_val) {
    page.cookie.assign(next.bv_val, next.bv_len);
    ber_memfree(next.bv_val);
  }
}

LdapPage LibldapDirectory::page(const std::string& cookie) {
  berval previous{static_cast<ber_len_t>(cookie.size()), const_cast<char*>(cookie.data())};
  LDAPControl* paging = nullptr;
  int rc = ldap_create_page_control(ld_.get(), s_.pageSize, cookie.empty() ? nullptr : &previous,
                                    1, &paging);
  if (rc != LDAP_SUCCESS)
    fail(i18n::msg("cannot request paged results"), rc, i18n::msg("check [directory] page_size"));
  LDAPControl* controls[] = {paging, nullptr};
  timeval t = timeout();
  Answer answer;
  rc = ldap_search_ext_s(ld_.get(), s_.baseDn.c_str(), scopeOf(s_.scope), s_.filter.c_str(),
                         attrs_.data(), 0, controls, nullptr, &t, 0, &answer.chain);
  ldap_control_free(paging);
  // No answer at all (connection lost, bad filter, time-out): libldap leaves the chain null.
  if (!answer.chain) failSearch(rc == LDAP_SUCCESS ? LDAP_SERVER_DOWN : rc);

  LdapPage page;
  bool finished = false;
  for (LDAPMessage* m = ldap_first_message(ld_.get(), answer.chain); m;
       m = ldap_next_message(ld_.get(), m)) {
    const int type = ldap_msgtype(m);
    if (type == LDAP_RES_SEARCH_ENTRY) {
      page.entries.push_back(entryOf(ld_.get(), m));
    } else if (type == LDAP_RES_SEARCH_REFERENCE) {
      for (std::string& url : referencesOf(ld_.get(), m)) page.continuations.push_back(std::move(url));
    } else if (type == LDAP_RES_SEARCH_RESULT) {
      finished = true;
      readResult(m, page);
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
  const int rc = ldap_search_ext_s(ld_.get(), dn.c_str(), LDAP_SCOPE_BASE, "(objectClass=*)",
                                   attrs, 0, nullptr, nullptr, &t, 0, &answer.chain);
  if (rc != LDAP_SUCCESS && rc != LDAP_NO_SUCH_OBJECT) failSearch(rc);
  LDAPMessage* entry =
      rc == LDAP_SUCCESS && answer.chain ? ldap_first_entry(ld_.get(), answer.chain) : nullptr;
  if (!entry)
    throw ExportError(i18n::msg("{source}: entry {dn} vanished while its {attribute} values were "
                                "read; the next run reads it again")
                          .with("source", source_)
                          .with("dn", dn)
                          .with("attribute", description));
  return entryOf(ld_.get(), entry);
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
