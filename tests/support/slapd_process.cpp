#include "tests/support/slapd_process.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <sstream>
#include <stdexcept>
#include <thread>
#include <vector>

#include "tests/support/child_process.h"
#include "tests/support/temp_dir.h"

extern char** environ;

namespace membersync::testing {
namespace {

constexpr int kStartTimeoutMs = 20000;  // slapd on an idle machine listens within ~50 ms
constexpr int kStartAttempts = 5;       // fresh ports to try when another process took ours
const char* const kSchemaDir = "/etc/ldap/schema";
const char* const kModuleDir = "/usr/lib/ldap";

const std::string kBaseDn = "dc=example,dc=com";
const std::string kAdminDn = "cn=admin,dc=example,dc=com";
const std::string kAdminPassword = "admin-secret";
const std::string kReaderDn = "cn=reader,dc=example,dc=com";
const std::string kReaderPassword = "reader-secret";

std::string errnoText(const std::string& what) {
  return what + ": " + std::strerror(errno);
}

std::string readFile(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// The end of a log, enough to show why slapd stopped without flooding the test's report.
std::string tail(const std::string& text, std::size_t max = 2000) {
  return text.size() <= max ? text : "..." + text.substr(text.size() - max);
}

// A port that was free a moment ago. slapd cannot listen on port 0 and tell us which port it
// got, so we ask the kernel for one and hand it over; if someone takes it in between, slapd
// fails to bind and the caller retries with another.
int freeLoopbackPort() {
  int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) throw std::runtime_error(errnoText("socket"));
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  addr.sin_port = 0;
  socklen_t len = sizeof addr;
  if (::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0 ||
      ::getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len) != 0) {
    const std::string error = errnoText("bind to 127.0.0.1:0");
    ::close(fd);
    throw std::runtime_error(error);
  }
  ::close(fd);
  return ntohs(addr.sin_port);
}

bool acceptsConnections(int port) {
  int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) throw std::runtime_error(errnoText("socket"));
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  addr.sin_port = htons(static_cast<uint16_t>(port));
  // On loopback a refused connect fails at once, so a blocking connect cannot stall the poll.
  const bool ok = ::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0;
  ::close(fd);
  return ok;
}


// Starts argv[0] with stdin from `in` and stdout and stderr appended to `out`. posix_spawn
// rather than fork: the test process may already run threads.
pid_t spawn(std::vector<std::string> args, const std::string& in, const std::string& out) {
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, in.c_str(), O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, out.c_str(),
                                   O_WRONLY | O_CREAT | O_APPEND, 0600);
  posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO);
  pid_t pid = -1;
  const int rc = ::posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (rc != 0) throw std::runtime_error("cannot start " + args[0] + ": " + std::strerror(rc));
  return pid;
}

struct ToolResult {
  int exitCode = -1;
  std::string output;  // stdout and stderr, interleaved
};

// Runs a short-lived tool (slapadd, openssl, ldapmodify) to completion. Input and output go
// through files in `dir`, so there are no pipes to drain and no threads.
ToolResult runTool(const std::filesystem::path& dir, const std::vector<std::string>& args,
                   const std::string& input = "") {
  const auto in = dir / "tool.in";
  const auto out = dir / "tool.out";
  { std::ofstream(in, std::ios::binary | std::ios::trunc) << input; }
  std::filesystem::remove(out);
  const pid_t pid = spawn(args, in.string(), out.string());
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) throw std::runtime_error(errnoText("waitpid " + args[0]));
  }
  ToolResult r;
  r.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.output = readFile(out);
  return r;
}

void runToolOrThrow(const std::filesystem::path& dir, const std::vector<std::string>& args,
                    const std::string& input = "") {
  ToolResult r = runTool(dir, args, input);
  if (r.exitCode == 0) return;
  std::string command;
  for (const auto& a : args) command += (command.empty() ? "" : " ") + a;
  throw std::runtime_error(command + " exited with " + std::to_string(r.exitCode) + ":\n" +
                           tail(r.output));
}

// A test CA and a server certificate it signs for 127.0.0.1 and localhost (clients check the
// host of the URL; libldap itself, though, checks a URL's "localhost" against the machine's
// own host name, so OpenLDAP's tools need ldaps://127.0.0.1). P-256 keys: generating them takes
// milliseconds, unlike RSA. Valid for two days, enough for any test run.
void generateCertificates(const std::filesystem::path& dir) {
  const std::string d = dir.string() + "/";
  const std::string openssl = MEMBERSYNC_TEST_OPENSSL;
  runToolOrThrow(dir, {openssl,
                       "req",
                       "-x509",
                       "-new",
                       "-newkey",
                       "ec",
                       "-pkeyopt",
                       "ec_paramgen_curve:P-256",
                       "-nodes",
                       "-keyout",
                       d + "ca.key",
                       "-out",
                       d + "ca.crt",
                       "-days",
                       "2",
                       "-subj",
                       "/CN=membersync test CA",
                       "-addext",
                       "basicConstraints=critical,CA:TRUE",
                       "-addext",
                       "keyUsage=critical,keyCertSign,cRLSign"});
  runToolOrThrow(dir, {openssl, "req", "-new", "-newkey", "ec", "-pkeyopt",
                       "ec_paramgen_curve:P-256", "-nodes", "-keyout", d + "server.key", "-out",
                       d + "server.csr", "-subj", "/CN=127.0.0.1"});
  std::ofstream(dir / "server.ext") << "subjectAltName=IP:127.0.0.1,DNS:localhost\n"
                                       "basicConstraints=critical,CA:FALSE\n"
                                       "keyUsage=critical,digitalSignature\n"
                                       "extendedKeyUsage=serverAuth\n";
  runToolOrThrow(dir, {openssl, "x509", "-req", "-in", d + "server.csr", "-CA", d + "ca.crt",
                       "-CAkey", d + "ca.key", "-CAcreateserial", "-out", d + "server.crt", "-days",
                       "2", "-extfile", d + "server.ext"});
}

std::string slapdConfig(const std::filesystem::path& dir, const SlapdProcess::Options& options) {
  const std::string d = dir.string() + "/";
  std::ostringstream c;
  c << "# Written by the membersync test harness (tests/support/slapd_process.cpp).\n";
  for (const char* schema : {"core", "cosine", "inetorgperson"}) {
    c << "include " << kSchemaDir << "/" << schema << ".schema\n";
  }
  c << "pidfile " << d << "slapd.pid\n"
    << "argsfile " << d
    << "slapd.args\n"
    // Debian builds back_mdb as a module; without it "database mdb" is unknown.
    << "modulepath " << kModuleDir << "\n"
    << "moduleload back_mdb\n";
  if (options.tls) {
    c << "TLSCACertificateFile " << d << "ca.crt\n"
      << "TLSCertificateFile " << d << "server.crt\n"
      << "TLSCertificateKeyFile " << d << "server.key\n";
  }
  c << "database mdb\n"
    << "suffix \"" << kBaseDn << "\"\n"
    << "rootdn \"" << kAdminDn << "\"\n"
    << "rootpw " << kAdminPassword << "\n"
    << "directory " << d
    << "db\n"
    // back_mdb's default map of 10 MB holds only some 10,000 people; the file is sparse, so a
    // bigger map costs no disk.
    << "maxsize 104857600\n";
  if (options.sizeLimit > 0) {
    // The rootdn is exempt from limits, hence the reader. size.prtotal lifts the limit for
    // paged searches (otherwise the hard limit caps their total too).
    const std::string n = std::to_string(options.sizeLimit);
    c << "limits * size.soft=" << n << " size.hard=" << n << " size.prtotal=unlimited\n";
  }
  // Anyone may bind (auth), bound users read all but passwords, anonymous sees nothing: a
  // search that forgot to bind fails as it would against Active Directory.
  c << "access to attrs=userPassword by anonymous auth by * none\n"
    << "access to * by users read by * none\n";
  return c.str();
}

std::string suffixLdif() {
  return "dn: " + kBaseDn + "\nobjectClass: dcObject\nobjectClass: organization\n" +
         "dc: example\no: Example\n\n";
}

std::string readerLdif() {
  return "dn: " + kReaderDn +
         "\n"
         "objectClass: person\n"
         "cn: reader\n"
         "sn: reader\n"
         "userPassword: " +
         kReaderPassword + "\n\n";
}

// The test's LDIF with the suffix entry in front if it lacks one (slapadd refuses entries
// whose parent is missing) and the reader's entry after it.
std::string initialLdif(const std::string& ldif) {
  const std::string suffixLine = "dn: " + kBaseDn + "\n";
  const bool hasSuffix =
      ldif.rfind(suffixLine, 0) == 0 || ldif.find("\n" + suffixLine) != std::string::npos;
  std::string all = hasSuffix ? "" : suffixLdif();
  all += ldif;
  if (!all.empty() && all.back() != '\n') all += '\n';
  return all + "\n" + readerLdif();
}

}  // namespace

struct SlapdProcess::Impl {
  TempDir dir;
  bool tls = false;
  int port = 0;
  int tlsPort = 0;
  pid_t pid = -1;

  ~Impl() { stopChild(pid); }

  std::filesystem::path logFile() const { return dir.path() / "slapd.log"; }

  // Starts slapd on the current port(s) and waits until they accept connections. Returns ""
  // when it runs, or slapd's log when it exited first (a taken port, a bad config).
  std::string tryStart() {
    std::string urls = "ldap://127.0.0.1:" + std::to_string(port) + "/";
    if (tls) urls += " ldaps://127.0.0.1:" + std::to_string(tlsPort) + "/";
    // In the foreground (-d) slapd stays our child, so we stop exactly it; "none" keeps the
    // log to startup and errors.
    pid = spawn({MEMBERSYNC_TEST_SLAPD, "-f", (dir.path() / "slapd.conf").string(), "-h", urls,
                 "-d", "none"},
                "/dev/null", logFile().string());
    const auto deadline =
        std::chrono::steady_clock::now() + std::chrono::milliseconds(kStartTimeoutMs);
    for (;;) {
      int status = 0;
      if (::waitpid(pid, &status, WNOHANG) == pid) {
        pid = -1;
        return "slapd exited:\n" + tail(readFile(logFile()));
      }
      // Only once slapd has bound a port can a connect there not reach someone else (the
      // window between our freeLoopbackPort() and its bind is what the retries cover).
      if (acceptsConnections(port) && (!tls || acceptsConnections(tlsPort))) return "";
      if (std::chrono::steady_clock::now() >= deadline) {
        stopChild(pid);
        pid = -1;
        throw std::runtime_error("slapd did not listen within 20 s:\n" + tail(readFile(logFile())));
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
  }

  // The first start: fresh ports, and fresh ones again if slapd could not bind them.
  void startOnFreePorts() {
    std::string failure;
    for (int attempt = 0; attempt < kStartAttempts; ++attempt) {
      port = freeLoopbackPort();
      tlsPort = tls ? freeLoopbackPort() : 0;
      failure = tryStart();
      if (failure.empty()) return;
      if (failure.find("Address already in use") == std::string::npos) break;
    }
    throw std::runtime_error("cannot start slapd: " + failure);
  }

  void ldapmodify(const std::vector<std::string>& extra, const std::string& input) const {
    std::vector<std::string> args{MEMBERSYNC_TEST_LDAPMODIFY,
                                  "-x",
                                  "-H",
                                  "ldap://127.0.0.1:" + std::to_string(port),
                                  "-D",
                                  kAdminDn,
                                  "-w",
                                  kAdminPassword};
    args.insert(args.end(), extra.begin(), extra.end());
    runToolOrThrow(dir.path(), args, input);
  }
};

SlapdProcess::SlapdProcess() : SlapdProcess(Options{}) {}

SlapdProcess::SlapdProcess(Options options) : impl_(std::make_unique<Impl>()) {
  impl_->tls = options.tls;
  const auto& dir = impl_->dir;
  std::filesystem::create_directories(dir.path() / "db");
  if (options.tls) generateCertificates(dir.path());
  dir.write("slapd.conf", slapdConfig(dir.path(), options));
  dir.write("initial.ldif", initialLdif(options.ldif));
  // slapadd writes the database files directly, far faster than adding entries over LDAP.
  // -q (quick): one sync at the end instead of one per entry, which took 16 s for 2,000
  // people; it skips consistency checks too, but slapadd still rejects bad entries.
  runToolOrThrow(dir.path(),
                 {MEMBERSYNC_TEST_SLAPADD, "-q", "-f", (dir.path() / "slapd.conf").string(), "-l",
                  (dir.path() / "initial.ldif").string()});
  impl_->startOnFreePorts();
}

SlapdProcess::~SlapdProcess() = default;

void SlapdProcess::stop() {
  stopChild(impl_->pid);
  impl_->pid = -1;
}

void SlapdProcess::start() {
  if (running()) return;
  // slapd sets SO_REUSEADDR, so its own old connections in TIME_WAIT do not block the port.
  const std::string failure = impl_->tryStart();
  if (!failure.empty()) throw std::runtime_error("cannot restart slapd: " + failure);
}

bool SlapdProcess::running() const {
  return impl_->pid > 0;
}

int SlapdProcess::port() const {
  return impl_->port;
}

int SlapdProcess::tlsPort() const {
  return impl_->tlsPort;
}

std::string SlapdProcess::ldapUrl() const {
  return "ldap://127.0.0.1:" + std::to_string(impl_->port);
}

std::string SlapdProcess::ldapsUrl() const {
  if (!impl_->tls) throw std::logic_error("ldapsUrl(): this slapd runs without TLS");
  return "ldaps://127.0.0.1:" + std::to_string(impl_->tlsPort);
}

std::string SlapdProcess::caFile() const {
  if (!impl_->tls) throw std::logic_error("caFile(): this slapd runs without TLS");
  return (impl_->dir.path() / "ca.crt").string();
}

std::string SlapdProcess::baseDn() {
  return kBaseDn;
}
std::string SlapdProcess::bindDn() {
  return kReaderDn;
}
std::string SlapdProcess::bindPassword() {
  return kReaderPassword;
}
std::string SlapdProcess::adminDn() {
  return kAdminDn;
}
std::string SlapdProcess::adminPassword() {
  return kAdminPassword;
}

void SlapdProcess::addEntries(const std::string& ldif) const {
  impl_->ldapmodify({"-a"}, ldif);
}

void SlapdProcess::modify(const std::string& ldif) const {
  impl_->ldapmodify({}, ldif);
}

void SlapdProcess::deleteEntry(const std::string& dn) const {
  impl_->ldapmodify({}, "dn: " + dn + "\nchangetype: delete\n");
}

std::string SlapdProcess::baseLdif() {
  return suffixLdif() + "dn: ou=people," + kBaseDn +
         "\nobjectClass: organizationalUnit\nou: people\n\n";
}

namespace {

std::string fiveDigits(int n) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%05d", n);
  return buf;
}

}  // namespace

std::string SlapdProcess::personDn(int n) {
  return "uid=user" + fiveDigits(n) + ",ou=people," + kBaseDn;
}

std::string SlapdProcess::personLdif(int n) {
  const std::string id = fiveDigits(n);
  std::ostringstream e;
  e << "dn: " << personDn(n) << "\n"
    << "objectClass: inetOrgPerson\n"
    << "uid: user" << id << "\n"
    << "cn: User " << id << "\n"
    << "sn: " << id << "\n"
    << "mail: user" << id << "@example.com\n"
    << "employeeNumber: E" << id << "\n"
    << "departmentNumber: D" << (n % 10) << "\n"
    << "mobile: 138000" << id << "\n"
    << "\n";
  return e.str();
}

std::string SlapdProcess::peopleLdif(int count) {
  std::string all = baseLdif();
  for (int n = 0; n < count; ++n) all += personLdif(n);
  return all;
}

std::string ldapsearchExecutable() {
  return MEMBERSYNC_TEST_LDAPSEARCH;
}

}  // namespace membersync::testing
