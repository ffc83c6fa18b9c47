#pragma once

#include <memory>
#include <string>

namespace membersync::testing {

// A real OpenLDAP slapd on 127.0.0.1 for integration tests, with its config, database (and,
// with TLS, a test CA and server certificate) in a temp folder removed when destroyed.
// The constructor loads the LDIF with slapadd and starts slapd in the foreground as our own
// child (so stopping it needs no pidfile), returning once its port accepts connections; it
// throws std::runtime_error with slapd's output when slapd cannot start within 20 s. The
// destructor stops it (SIGTERM, then SIGKILL). Not copyable.
//
// Two accounts: the admin (the rootdn, which writes, and which slapd exempts from every size
// limit and ACL) and a reader, cn=reader under the suffix, who may read everything but
// passwords and is subject to the size limit, as the daemon's bind account would be.
class SlapdProcess {
 public:
  struct Options {
    // Loaded before the start. The suffix entry is added in front when the LDIF lacks it;
    // peopleLdif() builds one. The reader's entry is always added.
    std::string ldif;
    // > 0: an unpaged search by the reader stops at this many entries with "Size limit
    // exceeded" (result 4), while a paged one (RFC 2696) reads them all, as Active Directory
    // does at 1,000.
    int sizeLimit = 0;
    // true: a test CA and a server certificate for 127.0.0.1 and localhost are generated,
    // slapd also listens on ldaps:// (ldapsUrl()) and accepts StartTLS on ldap://. (libldap
    // checks a URL's "localhost" against the machine's host name: use 127.0.0.1 with it.)
    bool tls = false;
  };

  SlapdProcess();
  explicit SlapdProcess(Options options);
  ~SlapdProcess();
  SlapdProcess(const SlapdProcess&) = delete;
  SlapdProcess& operator=(const SlapdProcess&) = delete;

  // Stops slapd (a no-op when stopped); the data stays, so start() brings the same directory
  // back on the same port(s). start() throws std::runtime_error as the constructor does,
  // including when something else took the port meanwhile; it is a no-op when running.
  void stop();
  void start();
  bool running() const;

  int port() const;
  int tlsPort() const;           // 0 without TLS
  std::string ldapUrl() const;   // "ldap://127.0.0.1:PORT"
  std::string ldapsUrl() const;  // "ldaps://127.0.0.1:TLSPORT"; throws without TLS
  std::string caFile() const;    // the test CA's PEM certificate; throws without TLS

  static std::string baseDn();  // "dc=example,dc=com"
  static std::string bindDn();  // the reader: "cn=reader,dc=example,dc=com"
  static std::string bindPassword();
  static std::string adminDn();  // the rootdn: "cn=admin,dc=example,dc=com"
  static std::string adminPassword();

  // Changes to the running directory, made as the admin with ldapmodify; each throws
  // std::runtime_error with ldapmodify's output when it fails.
  void addEntries(const std::string& ldif) const;  // entries without changetype lines
  void modify(const std::string& ldif) const;      // records with changetype lines
  void deleteEntry(const std::string& dn) const;

  // LDIF builders. baseLdif(): the suffix entry and ou=people. personLdif(n): the
  // inetOrgPerson uid=userNNNNN,ou=people (five digits) with cn, sn, mail, employeeNumber,
  // departmentNumber and mobile. peopleLdif(count): baseLdif() and persons 0 to count-1.
  static std::string baseLdif();
  static std::string personDn(int n);
  static std::string personLdif(int n);
  static std::string peopleLdif(int count);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// Paths of the OpenLDAP client tools, found at configure time (for tests that run them).
std::string ldapsearchExecutable();

}  // namespace membersync::testing
