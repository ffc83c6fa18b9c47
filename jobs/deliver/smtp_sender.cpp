#include "jobs/deliver/smtp_sender.h"

#include <Poco/Base64Encoder.h>
#include <Poco/Exception.h>
#include <Poco/Net/MailMessage.h>
#include <Poco/Net/MailStream.h>
#include <Poco/Net/NetException.h>
#include <Poco/Net/SMTPClientSession.h>
#include <Poco/Net/SecureStreamSocket.h>
#include <Poco/Net/SocketAddress.h>
#include <Poco/Net/SocketStream.h>
#include <Poco/Net/StreamSocket.h>
#include <Poco/String.h>
#include <Poco/Timestamp.h>
#include <Poco/UUIDGenerator.h>

#include <optional>
#include <sstream>
#include <stdexcept>

#include "jobs/core/tls_context.h"

namespace membersync::deliver {
namespace {

using Outcome = MailResult::Outcome;

// Poco's session with the protected parts this sender needs: the socket (STARTTLS checking the
// configured host name, the message data written by us) and the EHLO reply (what the server
// offers). Poco's own login() would send EHLO once more for every step.
class Session final : public Poco::Net::SMTPClientSession {
 public:
  explicit Session(const Poco::Net::StreamSocket& socket) : SMTPClientSession(socket) {}

  using SMTPClientSession::socket;

  // Reads the greeting (the first time) and sends EHLO (HELO when EHLO is unknown); returns the
  // reply, which lists the extensions. Throws Poco::Net::SMTPException when refused.
  std::string hello(const std::string& name) {
    std::string reply;
    SMTPClientSession::login(name, reply);
    return reply;
  }

  // STARTTLS, then the TLS handshake on the same connection, the peer verified by `context`
  // against `host`. Throws Poco::Net::SMTPException when refused, an SSL exception on failure.
  void startTls(const std::string& host, const Poco::Net::Context::Ptr& context) {
    std::string reply;
    const int status = sendCommand("STARTTLS", reply);
    if (!isPositiveCompletion(status)) {
      throw Poco::Net::SMTPException("STARTTLS refused", reply, status);
    }
    socket() = Poco::Net::SecureStreamSocket::attach(socket(), host, context);
  }

  // AUTH PLAIN when offered, else AUTH LOGIN. Throws Poco::Net::SMTPException when neither is
  // offered or the server refuses the credentials.
  void authenticate(const std::string& ehloReply, const std::string& user,
                    const std::string& password) {
    std::string auth;  // the EHLO line "AUTH ..." (mechanisms), upper-cased
    std::istringstream lines(Poco::toUpper(ehloReply));
    for (std::string line; std::getline(lines, line);) {
      if (line.size() > 8 && line.compare(4, 4, "AUTH") == 0) auth = line.substr(8);
    }
    if (auth.find("PLAIN") != std::string::npos) {
      loginUsingPlain(user, password);
    } else if (auth.find("LOGIN") != std::string::npos) {
      loginUsingLogin(user, password);
    } else {
      throw Poco::Net::SMTPException("the server offers no AUTH PLAIN or LOGIN");
    }
  }
};

// A failure of the connection itself (not a reply): nothing more can be said on it.
class ConnectionLost : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The reply as one line for people.
std::string oneLine(std::string text) {
  for (char& c : text) {
    if (c == '\r' || c == '\n' || c == '\t') c = ' ';
  }
  const auto end = text.find_last_not_of(' ');
  text.erase(end == std::string::npos ? 0 : end + 1);
  return text;
}

bool offers(const std::string& ehloReply, const std::string& extension) {
  std::istringstream lines(Poco::toUpper(ehloReply));
  for (std::string line; std::getline(lines, line);) {
    if (line.size() >= 4 + extension.size() && line.compare(4, extension.size(), extension) == 0 &&
        (line.size() == 4 + extension.size() || line[4 + extension.size()] == ' ' ||
         line[4 + extension.size()] == '\r')) {
      return true;
    }
  }
  return false;
}

bool isAscii(const std::string& text) {
  for (const char c : text) {
    if (static_cast<unsigned char>(c) > 127) return false;
  }
  return true;
}

// One header line: line breaks become spaces, so a name or subject cannot add header lines.
std::string headerLine(const std::string& text) {
  std::string line = text;
  for (char& c : line) {
    if (c == '\r' || c == '\n') c = ' ';
  }
  return line;
}

// RFC 2047: plain ASCII stays as it is; other text becomes "B" encoded words of whole UTF-8
// characters (at most 39 bytes: 52 base64 characters, a word of 64, so that even the first line,
// after "Subject: ", stays within 78), one per folded line. (Poco 1.11's
// MailMessage::encodeWord folds by byte count, which can split a character between two words;
// RFC 2047 section 5 forbids that, and some readers show such a name as garbage.)
std::string encodedWords(const std::string& text) {
  const std::string line = headerLine(text);
  if (isAscii(line)) return line;
  std::string out;
  std::size_t start = 0;
  while (start < line.size()) {
    std::size_t end = start;
    while (end < line.size()) {
      std::size_t next = end + 1;  // past one UTF-8 character (continuation bytes 10xxxxxx)
      while (next < line.size() && (static_cast<unsigned char>(line[next]) & 0xC0) == 0x80) ++next;
      if (next - start > 39 && end > start) break;
      end = next;
    }
    std::ostringstream base64;
    Poco::Base64Encoder encoder(base64);
    encoder.rdbuf()->setLineLength(0);
    encoder << line.substr(start, end - start);
    encoder.close();
    if (!out.empty()) out += "\r\n ";
    out += "=?UTF-8?B?" + base64.str() + "?=";
    start = end;
  }
  return out;
}

// The To header: `"Name" <addr>`, `=?UTF-8?B?...?= <addr>`, or the address alone.
std::string toHeader(const Mail& mail) {
  if (mail.toName.empty()) return mail.to;
  const std::string name = headerLine(mail.toName);
  if (!isAscii(name)) return encodedWords(name) + " <" + mail.to + ">";
  std::string quoted = "\"";
  for (const char c : name) {
    if (c == '"' || c == '\\') quoted += '\\';
    quoted += c;
  }
  return quoted + "\" <" + mail.to + ">";
}

// The body with CRLF line ends, as the message data needs them.
std::string crlfLines(const std::string& text) {
  std::string out;
  out.reserve(text.size() + text.size() / 32);
  for (const char c : text) {
    if (c == '\r') continue;
    if (c == '\n') out += '\r';
    out += c;
  }
  return out;
}

std::string domainOf(const std::string& address) {
  const auto at = address.rfind('@');
  return at == std::string::npos ? "localhost" : address.substr(at + 1);
}

void compose(const Mail& mail, Poco::Net::MailMessage& message) {
  message.setSender(mail.from);
  message.set("To", toHeader(mail));
  message.setSubject(encodedWords(mail.subject));
  message.setDate(Poco::Timestamp());
  message.set("Message-ID", "<" + Poco::UUIDGenerator::defaultGenerator().createRandom().toString() +
                                "@" + domainOf(mail.from) + ">");
  message.set("MIME-Version", "1.0");
  message.setContentType("text/plain; charset=UTF-8");
  message.setContent(crlfLines(mail.body), Poco::Net::MailMessage::ENCODING_QUOTED_PRINTABLE);
}

// An address in MAIL FROM / RCPT TO: nothing that could end the command or the path.
bool usableAddress(const std::string& address) {
  if (address.empty()) return false;
  for (const char c : address) {
    const auto u = static_cast<unsigned char>(c);
    if (u < 33 || u == 127 || c == '<' || c == '>') return false;
  }
  return true;
}

MailResult result(Outcome outcome, bool systemic, const std::string& reply) {
  MailResult r;
  r.outcome = outcome;
  r.systemic = systemic;
  r.reply = oneLine(reply);
  return r;
}

// A 4xx or 5xx reply (anything else is not a reply: the connection is in an unknown state).
MailResult refusal(int status, const std::string& reply) {
  if (status >= 500 && status <= 599) return result(Outcome::Refused, false, reply);
  return result(Outcome::TryLater, status == 421, reply);
}

class SmtpSender final : public MailSender {
 public:
  explicit SmtpSender(SmtpSettings settings) : settings_(std::move(settings)) {}

  ~SmtpSender() override {
    if (!session_) return;
    try {
      if (!closedByPeer()) {
        session_->close();  // QUIT, its reply, then the socket closed
        return;
      }
    } catch (...) {
    }
    drop();
  }

  MailResult send(const Mail& mail, const std::function<void()>& sending) override {
    if (!usableAddress(mail.from)) return result(Outcome::Refused, false, "invalid sender address");
    if (!usableAddress(mail.to)) return result(Outcome::Refused, false, "invalid recipient address");
    Poco::Net::MailMessage message;
    compose(mail, message);

    // The envelope, on the kept session; when that one turns out broken, once more on a new one
    // (nothing has been sent yet that could deliver anything).
    for (int attempt = 0;; ++attempt) {
      const bool reused = session_ && !closedByPeer();
      if (!reused) {
        drop();
        if (auto failure = open()) return *failure;
      }
      try {
        if (auto refused = envelope(mail)) return *refused;
        break;
      } catch (const std::exception& e) {
        drop();
        if (!reused || attempt > 0) return result(Outcome::TryLater, true, describe(e));
      }
    }

    try {
      sending();
    } catch (...) {
      reset();
      throw;
    }
    return data(message);
  }

 private:
  static std::string describe(const std::exception& e) {
    if (const auto* poco = dynamic_cast<const Poco::Exception*>(&e)) return poco->displayText();
    return e.what();
  }

  Poco::Net::Context::Ptr tlsContext() {
    if (!tls_) tls_ = tls::makeClientContext(settings_.caFile);
    return tls_;
  }

  void applyTimeouts() {
    const Poco::Timespan each(settings_.timeoutS, 0);
    session_->setTimeout(each);
    session_->socket().setSendTimeout(each);
  }

  // Connects to the server (with implicit TLS, the handshake too). Throws when it cannot.
  void connect() {
    const Poco::Timespan timeout(settings_.timeoutS, 0);
    const Poco::Net::SocketAddress address(settings_.host,
                                           static_cast<Poco::UInt16>(settings_.port));
    if (settings_.tls == SmtpTls::Implicit) {
      Poco::Net::SecureStreamSocket socket(tlsContext());
      socket.setPeerHostName(settings_.host);
      socket.connect(address, timeout);  // with the handshake and the peer's verification
      session_ = std::make_unique<Session>(socket);
    } else {
      Poco::Net::StreamSocket socket;
      socket.connect(address, timeout);
      session_ = std::make_unique<Session>(socket);
    }
  }

  // Connects, says EHLO, secures and authenticates the session; a failure as its result. One to
  // connect names the server and its keys: what a person checks.
  std::optional<MailResult> open() {
    try {
      connect();
    } catch (const std::exception& e) {
      drop();
      return result(Outcome::TryLater, true,
                    "cannot connect to the mail server " + settings_.host + ":" +
                        std::to_string(settings_.port) +
                        " ([delivery] smtp_host, smtp_port): " + describe(e));
    }
    try {
      // A lock-step dialogue: with Nagle's algorithm the last segment of a mail's data waits for
      // the server's delayed ACK, some 40 ms a mail.
      session_->socket().setNoDelay(true);
      applyTimeouts();
      std::string ehlo = session_->hello(settings_.heloName);
      if (settings_.tls == SmtpTls::StartTls) {
        if (!offers(ehlo, "STARTTLS")) {
          drop();
          return result(Outcome::TryLater, true,
                        "the server does not offer STARTTLS: " + oneLine(ehlo));
        }
        session_->startTls(settings_.host, tlsContext());
        applyTimeouts();
        ehlo = session_->hello(settings_.heloName);
      }
      if (!settings_.user.empty()) {
        session_->authenticate(ehlo, settings_.user, settings_.password.reveal());
      }
      return std::nullopt;
    } catch (const std::exception& e) {
      drop();
      return result(Outcome::TryLater, true, describe(e));
    }
  }

  // One command; its reply code (2xx to 5xx). Throws ConnectionLost when no reply came.
  int command(const std::string& line, std::string& reply) {
    return checked(session_->sendCommand(line, reply), reply);
  }

  static int checked(int status, const std::string& reply) {
    if (status < 200 || status > 599) {
      throw ConnectionLost(reply.empty() ? "the server closed the connection"
                                         : "unexpected reply: " + oneLine(reply));
    }
    return status;
  }

  // MAIL FROM and RCPT TO: nothing when both are accepted, else the refusal (the transaction
  // reset, so that the session serves the next mail). Only RCPT TO's refusal is the person's
  // address; a refused MAIL FROM (530 authentication required, 553 sender not allowed) is the
  // configuration's, for every mail alike.
  std::optional<MailResult> envelope(const Mail& mail) {
    std::string reply;
    int status = command("MAIL FROM:<" + mail.from + ">", reply);
    if (status / 100 != 2) return notThePersons(refused(status, reply));
    status = command("RCPT TO:<" + mail.to + ">", reply);
    if (status / 100 != 2) return refused(status, reply);
    return std::nullopt;
  }

  // A refusal that says nothing about the recipient: tried again later, and mailing stops for
  // the run.
  static MailResult notThePersons(MailResult r) {
    r.outcome = Outcome::TryLater;
    r.systemic = true;
    return r;
  }

  MailResult refused(int status, const std::string& reply) {
    if (status == 421) {
      drop();  // the server is closing the session
    } else {
      reset();
    }
    return refusal(status, reply);
  }

  // DATA, the message, the final reply.
  MailResult data(const Poco::Net::MailMessage& message) {
    bool dotWritten = false;
    try {
      std::string reply;
      const int status = command("DATA", reply);
      if (status != 354) return notThePersons(refused(status, reply));
      {
        Poco::Net::SocketOutputStream socketStream(session_->socket());
        Poco::Net::MailOutputStream mailStream(socketStream);
        // A failed write rethrows its exception instead of only setting badbit.
        socketStream.exceptions(std::ios::badbit | std::ios::failbit);
        mailStream.exceptions(std::ios::badbit | std::ios::failbit);
        message.write(mailStream);
        mailStream.close();  // CRLF . CRLF, lines starting with a dot doubled
        socketStream.flush();
      }
      dotWritten = true;
      const int final = checked(session_->socket().receiveStatusMessage(reply), reply);
      if (final / 100 == 2) return result(Outcome::Delivered, false, reply);
      if (final == 421) drop();
      return refusal(final, reply);
    } catch (const std::exception& e) {
      drop();
      if (dotWritten) {
        return result(Outcome::InDoubt, true, "no reply after the message data: " + describe(e));
      }
      return result(Outcome::TryLater, true, describe(e));
    }
  }

  // RSET after a refusal; a session that cannot even do that is dropped.
  void reset() {
    if (!session_) return;
    try {
      std::string reply;
      if (command("RSET", reply) / 100 != 2) drop();
    } catch (...) {
      drop();
    }
  }

  // Readable while idle: the server closed the connection (or said 421 and will): not reusable.
  bool closedByPeer() {
    try {
      return session_->socket().poll(Poco::Timespan(0), Poco::Net::Socket::SELECT_READ);
    } catch (...) {
      return true;
    }
  }

  // Forgets the session without QUIT: its socket is closed first, so Poco's destructor cannot
  // wait for a reply on it.
  void drop() {
    if (!session_) return;
    try {
      session_->socket().close();
    } catch (...) {
    }
    session_.reset();
  }

  const SmtpSettings settings_;
  Poco::Net::Context::Ptr tls_;
  std::unique_ptr<Session> session_;
};

}  // namespace

std::unique_ptr<MailSender> makeSmtpSender(const SmtpSettings& settings) {
  return std::make_unique<SmtpSender>(settings);
}

}  // namespace membersync::deliver
