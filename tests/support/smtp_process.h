#pragma once

#include <sys/types.h>

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

namespace membersync::testing {

// A message the server accepted, with its envelope.
struct ReceivedMail {
  std::string from;             // MAIL FROM, without the angle brackets
  std::vector<std::string> to;  // RCPT TO, in order, without the angle brackets
  std::string content;          // the message data as received: headers, empty line, body; CRLF
                                // line ends, dot-stuffing undone, without the final "."
};

// A real SMTP server (tests/support/smtp_server.py on Debian's python3-aiosmtpd) on 127.0.0.1,
// a child of the test process, with its folder (stored mails, log) in a temp folder removed
// when destroyed. The constructor returns once the port accepts connections; it throws
// std::runtime_error with the server's log when it cannot start within 20 s. The destructor
// stops it (SIGTERM, then SIGKILL). Not copyable.
//
// The recipient's local part chooses what happens to a mail:
//   refuse...      550 to RCPT TO          later...      451 to RCPT TO
//   datarefuse...  554 after the data      datalater...  451 after the data
//   drop...        the connection closed after the data, without a reply (nothing stored)
//   anything else  250 after the data, and the mail is stored (mails()).
class SmtpProcess {
 public:
  enum class Tls {
    None,
    StartTls,  // STARTTLS offered, with the test certificate (caFile() signed it)
    Implicit,  // TLS from the first byte, with the test certificate
  };
  struct Options {
    int port = 0;  // 0: a free port the kernel chooses (kept across stop() and start())
    Tls tls = Tls::None;
    bool requireStartTls = false;  // StartTls: every command but EHLO/STARTTLS/QUIT before it
                                   // is refused (530)
    std::string authUser;          // not empty: AUTH PLAIN and LOGIN, and required before MAIL
    std::string authPassword;
    bool authRequireTls = true;    // AUTH only offered and accepted over TLS
  };

  SmtpProcess();
  explicit SmtpProcess(Options options);
  ~SmtpProcess();
  SmtpProcess(const SmtpProcess&) = delete;
  SmtpProcess& operator=(const SmtpProcess&) = delete;

  // Stops the server (a no-op when stopped); the folder and its mails stay, and start() brings
  // it back on the same port. start() throws as the constructor does; a no-op when running.
  void stop();
  void start();
  bool running() const;

  int port() const;
  // The folder the server works in: mails/ (one file a stored mail), tmp/, server.log.
  std::filesystem::path folder() const;

  // The mails stored so far, in the order they arrived.
  std::vector<ReceivedMail> mails() const;

  // The crash hook: the next mail to be stored is stored, then `pid` is sent SIGKILL, then the
  // server replies 250. Once: it writes killPidFile(), which the server renames when it fires.
  void killOnNextMail(pid_t pid) const;
  std::filesystem::path killPidFile() const;  // folder()/kill-pid

  // The test CA that signed the server's certificate (for 127.0.0.1 and localhost):
  // tests/integration/tls/certs/test-ca.pem.
  static std::string caFile();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace membersync::testing
