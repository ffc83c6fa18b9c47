// The SMTP sender against a real SMTP server on 127.0.0.1 (tests/support/smtp_process.h): what
// each server answer means for the mail (the outcome, systemic or not, whether `sending` was
// called), TLS and AUTH, the encoding of UTF-8 headers and bodies, and the session kept across
// mails.

#include <Poco/Base64Decoder.h>
#include <Poco/Net/QuotedPrintableDecoder.h>
#include <Poco/StreamCopier.h>

#include <catch2/catch.hpp>
#include <regex>
#include <sstream>
#include <stdexcept>
#include <string>

#include "jobs/deliver/smtp_sender.h"
#include "tests/support/smtp_process.h"

namespace {

using membersync::Secret;
using membersync::deliver::Mail;
using membersync::deliver::MailResult;
using membersync::deliver::MailSender;
using membersync::deliver::makeSmtpSender;
using membersync::deliver::SmtpSettings;
using membersync::deliver::SmtpTls;
using membersync::testing::SmtpProcess;
using Outcome = MailResult::Outcome;

SmtpProcess::Options serverWith(SmtpProcess::Tls tls) {
  SmtpProcess::Options o;
  o.tls = tls;
  return o;
}

SmtpSettings settingsFor(const SmtpProcess& server, SmtpTls tls) {
  SmtpSettings s;
  s.host = "127.0.0.1";
  s.port = server.port();
  s.tls = tls;
  if (tls != SmtpTls::None) s.caFile = SmtpProcess::caFile();
  s.timeoutS = 20;
  return s;
}

Mail mailTo(const std::string& to) {
  Mail m;
  m.from = "membersync@example.com";
  m.to = to;
  m.toName = "Ann Example";
  m.subject = "Your new password";
  m.body = "Hello,\nyour new password is Xy7-kq.\n";
  return m;
}

// One send, counting the calls of `sending`.
struct Sent {
  MailResult result;
  int sendingCalls = 0;
};

Sent send(MailSender& sender, const Mail& mail) {
  Sent s;
  s.result = sender.send(mail, [&s] { ++s.sendingCalls; });
  return s;
}

// A reply's outcome, whether it is systemic, the code the reply starts with, and how often
// `sending` was called.
void checkReply(const Sent& s, Outcome outcome, bool systemic, const std::string& code,
                int sendingCalls) {
  INFO(s.result.reply);
  CHECK(s.result.outcome == outcome);
  CHECK(s.result.systemic == systemic);
  CHECK(s.result.reply.rfind(code, 0) == 0);
  CHECK(s.sendingCalls == sendingCalls);
}

// The value of header `name` in raw message data, unfolded (CRLF + space kept as the space).
std::string header(const std::string& content, const std::string& name) {
  const std::string head = content.substr(0, content.find("\r\n\r\n") + 2);
  const auto start = head.find("\r\n" + name + ": ") == std::string::npos
                         ? (head.rfind(name + ": ", 0) == 0 ? 0 : std::string::npos)
                         : head.find("\r\n" + name + ": ") + 2;
  if (start == std::string::npos) throw std::runtime_error("no header " + name);
  std::string value;
  std::size_t at = start + name.size() + 2;
  for (;;) {
    const auto end = head.find("\r\n", at);
    value += head.substr(at, end - at);
    at = end + 2;
    if (at >= head.size() || (head[at] != ' ' && head[at] != '\t')) break;
  }
  return value;
}

// RFC 2047 "B" encoded words in UTF-8 decoded; the white space between two of them dropped.
std::string decodeWords(const std::string& value) {
  static const std::regex word(R"(=\?UTF-8\?B\?([A-Za-z0-9+/=]*)\?=)", std::regex::icase);
  std::string out;
  std::size_t at = 0;
  bool afterWord = false;
  for (auto it = std::sregex_iterator(value.begin(), value.end(), word); it != std::sregex_iterator(); ++it) {
    const std::string between = value.substr(at, static_cast<std::size_t>(it->position()) - at);
    if (!(afterWord && between.find_first_not_of(" \t") == std::string::npos)) out += between;
    std::istringstream in((*it)[1].str());
    Poco::Base64Decoder decoder(in);
    std::string decoded;
    Poco::StreamCopier::copyToString(decoder, decoded);
    out += decoded;
    at = static_cast<std::size_t>(it->position() + it->length());
    afterWord = true;
  }
  return out + value.substr(at);
}

std::string decodeQuotedPrintable(const std::string& text) {
  std::istringstream in(text);
  Poco::Net::QuotedPrintableDecoder decoder(in);
  std::string out;
  Poco::StreamCopier::copyToString(decoder, out);
  return out;
}

std::string bodyOf(const std::string& content) {
  return content.substr(content.find("\r\n\r\n") + 4);
}

}  // namespace

TEST_CASE("smtp: a plain mail to loopback arrives with its Chinese name, subject and body intact") {
  SmtpProcess server;
  auto sender = makeSmtpSender(settingsFor(server, SmtpTls::None));
  Mail mail = mailTo("zhang.wei@example.com");
  mail.toName = "张伟";
  mail.subject = "您的新密码 membersync 账户 — 请妥善保管，不要转发给任何人，包括管理员";
  const std::string longLine(150, 'x');
  mail.body = "你好，张伟：\n您的新密码是 Xy7.kq=9\n.\n..two dots\ntrailing space \n" + longLine + "\n";

  const Sent sent = send(*sender, mail);

  CHECK(sent.result.outcome == Outcome::Delivered);
  CHECK_FALSE(sent.result.systemic);
  CHECK(sent.result.reply == "250 2.0.0 OK stored");
  CHECK(sent.sendingCalls == 1);
  const auto mails = server.mails();
  REQUIRE(mails.size() == 1);
  CHECK(mails[0].from == "membersync@example.com");
  CHECK(mails[0].to == std::vector<std::string>{"zhang.wei@example.com"});
  const std::string& raw = mails[0].content;
  const std::string to = header(raw, "To");
  CHECK(std::regex_match(to, std::regex(R"(=\?UTF-8\?B\?[A-Za-z0-9+/=]+\?= <zhang\.wei@example\.com>)")));
  CHECK(decodeWords(to) == "张伟 <zhang.wei@example.com>");
  const std::string subject = header(raw, "Subject");
  CHECK(subject.find("=?UTF-8?B?") == 0);
  CHECK(decodeWords(subject) == mail.subject);
  CHECK(header(raw, "From") == "membersync@example.com");
  CHECK(header(raw, "Content-Type") == "text/plain; charset=UTF-8");
  CHECK(header(raw, "Content-Transfer-Encoding") == "quoted-printable");
  CHECK_NOTHROW(header(raw, "Date"));
  CHECK(header(raw, "Message-ID").find("@example.com>") != std::string::npos);
  // Every line is short (quoted-printable, folded encoded words) and 7-bit.
  std::istringstream lines(raw);
  for (std::string line; std::getline(lines, line);) {
    CHECK(line.size() <= 78);
    for (const char c : line) CHECK(static_cast<unsigned char>(c) < 128);
  }
  CHECK(decodeQuotedPrintable(bodyOf(raw)) ==
        "你好，张伟：\r\n您的新密码是 Xy7.kq=9\r\n.\r\n..two dots\r\ntrailing space \r\n" +
            longLine + "\r\n");
}

TEST_CASE("smtp: an ASCII name is quoted in To, and a name cannot add header lines") {
  SmtpProcess server;
  auto sender = makeSmtpSender(settingsFor(server, SmtpTls::None));
  Mail mail = mailTo("ann@example.com");
  mail.toName = "Ann \"the\" Example\r\nBcc: eve@example.com";
  REQUIRE(send(*sender, mail).result.outcome == Outcome::Delivered);
  const auto mails = server.mails();
  REQUIRE(mails.size() == 1);
  CHECK(header(mails[0].content, "To") ==
        R"("Ann \"the\" Example  Bcc: eve@example.com" <ann@example.com>)");
  CHECK(mails[0].content.find("\r\nBcc:") == std::string::npos);
}

TEST_CASE("smtp: STARTTLS verified against the test CA delivers") {
  SmtpProcess::Options o = serverWith(SmtpProcess::Tls::StartTls);
  o.requireStartTls = true;
  SmtpProcess server(o);
  auto sender = makeSmtpSender(settingsFor(server, SmtpTls::StartTls));
  const Sent sent = send(*sender, mailTo("ann@example.com"));
  CHECK(sent.result.outcome == Outcome::Delivered);
  CHECK(server.mails().size() == 1);
}

TEST_CASE("smtp: STARTTLS against CAs that did not sign the server's certificate is TryLater, systemic, nothing sent") {
  SmtpProcess server(serverWith(SmtpProcess::Tls::StartTls));
  SmtpSettings settings = settingsFor(server, SmtpTls::StartTls);
  settings.caFile.clear();  // the system's CAs: none of them signed the test certificate
  auto sender = makeSmtpSender(settings);
  const Sent sent = send(*sender, mailTo("ann@example.com"));
  CHECK(sent.result.outcome == Outcome::TryLater);
  CHECK(sent.result.systemic);
  CHECK_FALSE(sent.result.reply.empty());
  CHECK(sent.sendingCalls == 0);
  CHECK(server.mails().empty());
}

TEST_CASE("smtp: STARTTLS required but not offered by the server is TryLater, systemic, nothing sent") {
  SmtpProcess server;  // plain SMTP only
  auto sender = makeSmtpSender(settingsFor(server, SmtpTls::StartTls));
  const Sent sent = send(*sender, mailTo("ann@example.com"));
  CHECK(sent.result.outcome == Outcome::TryLater);
  CHECK(sent.result.systemic);
  CHECK(sent.result.reply.find("STARTTLS") != std::string::npos);
  CHECK(server.mails().empty());
}

TEST_CASE("smtp: implicit TLS delivers") {
  SmtpProcess server(serverWith(SmtpProcess::Tls::Implicit));
  auto sender = makeSmtpSender(settingsFor(server, SmtpTls::Implicit));
  CHECK(send(*sender, mailTo("ann@example.com")).result.outcome == Outcome::Delivered);
  CHECK(server.mails().size() == 1);
}

TEST_CASE("smtp: AUTH with the right password delivers, the wrong one is TryLater and systemic") {
  SmtpProcess::Options o = serverWith(SmtpProcess::Tls::StartTls);
  o.authUser = "mailer";
  o.authPassword = "right-secret";
  SmtpProcess server(o);
  SmtpSettings settings = settingsFor(server, SmtpTls::StartTls);
  settings.user = "mailer";

  settings.password = Secret("right-secret");
  CHECK(send(*makeSmtpSender(settings), mailTo("ann@example.com")).result.outcome ==
        Outcome::Delivered);

  settings.password = Secret("wrong-secret");
  const Sent wrong = send(*makeSmtpSender(settings), mailTo("bob@example.com"));
  CHECK(wrong.result.outcome == Outcome::TryLater);
  CHECK(wrong.result.systemic);
  INFO(wrong.result.reply);
  CHECK(wrong.result.reply.find("535") != std::string::npos);
  CHECK(wrong.result.reply.find("wrong-secret") == std::string::npos);
  CHECK(wrong.sendingCalls == 0);
  CHECK(server.mails().size() == 1);
}

TEST_CASE("smtp: a refused recipient is Refused, sending is not called, and the session serves the next mail") {
  SmtpProcess server;
  auto sender = makeSmtpSender(settingsFor(server, SmtpTls::None));
  const Sent refused = send(*sender, mailTo("refuse.me@example.com"));
  checkReply(refused, Outcome::Refused, false, "550", 0);
  CHECK(send(*sender, mailTo("ann@example.com")).result.outcome == Outcome::Delivered);
  const auto mails = server.mails();
  REQUIRE(mails.size() == 1);
  CHECK(mails[0].to == std::vector<std::string>{"ann@example.com"});
}

TEST_CASE("smtp: a refused sender (no AUTH where the server wants it) is TryLater and systemic, "
          "not the recipient's refusal") {
  SmtpProcess::Options o;
  o.authUser = "mailer";
  o.authPassword = "right-secret";
  o.authRequireTls = false;
  SmtpProcess server(o);
  auto sender = makeSmtpSender(settingsFor(server, SmtpTls::None));  // no smtp_user
  const Sent s = send(*sender, mailTo("ann@example.com"));
  checkReply(s, Outcome::TryLater, true, "530", 0);
  CHECK(server.mails().empty());
}

TEST_CASE("smtp: a 451 to the recipient is TryLater, not systemic, and sending is not called") {
  SmtpProcess server;
  auto sender = makeSmtpSender(settingsFor(server, SmtpTls::None));
  const Sent later = send(*sender, mailTo("later@example.com"));
  checkReply(later, Outcome::TryLater, false, "451", 0);
}

TEST_CASE("smtp: 554 after the data is Refused, 451 after the data is TryLater") {
  SmtpProcess server;
  auto sender = makeSmtpSender(settingsFor(server, SmtpTls::None));
  const Sent refused = send(*sender, mailTo("datarefuse@example.com"));
  checkReply(refused, Outcome::Refused, false, "554", 1);
  const Sent later = send(*sender, mailTo("datalater@example.com"));
  checkReply(later, Outcome::TryLater, false, "451", 1);
  CHECK(server.mails().empty());
}

TEST_CASE("smtp: a connection closed after the data without a reply is InDoubt and systemic, the next mail reconnects") {
  SmtpProcess server;
  auto sender = makeSmtpSender(settingsFor(server, SmtpTls::None));
  const Sent dropped = send(*sender, mailTo("drop@example.com"));
  CHECK(dropped.result.outcome == Outcome::InDoubt);
  CHECK(dropped.result.systemic);
  CHECK(dropped.sendingCalls == 1);
  CHECK(send(*sender, mailTo("ann@example.com")).result.outcome == Outcome::Delivered);
  CHECK(server.mails().size() == 1);
}

TEST_CASE("smtp: a server that is down is TryLater and systemic") {
  SmtpProcess server;
  server.stop();  // its port: nothing listens there now
  auto sender = makeSmtpSender(settingsFor(server, SmtpTls::None));
  const Sent sent = send(*sender, mailTo("ann@example.com"));
  CHECK(sent.result.outcome == Outcome::TryLater);
  CHECK(sent.result.systemic);
  CHECK_FALSE(sent.result.reply.empty());
  CHECK(sent.sendingCalls == 0);
}

TEST_CASE("smtp: three mails over one sender are all delivered, in order") {
  SmtpProcess server(serverWith(SmtpProcess::Tls::StartTls));
  auto sender = makeSmtpSender(settingsFor(server, SmtpTls::StartTls));
  for (const char* to : {"a@example.com", "b@example.com", "c@example.com"}) {
    CHECK(send(*sender, mailTo(to)).result.outcome == Outcome::Delivered);
  }
  const auto mails = server.mails();
  REQUIRE(mails.size() == 3);
  CHECK(mails[0].to[0] == "a@example.com");
  CHECK(mails[2].to[0] == "c@example.com");
}

TEST_CASE("smtp: a sender whose server restarted between mails reconnects") {
  SmtpProcess server;
  auto sender = makeSmtpSender(settingsFor(server, SmtpTls::None));
  CHECK(send(*sender, mailTo("a@example.com")).result.outcome == Outcome::Delivered);
  server.stop();
  server.start();  // the same port
  CHECK(send(*sender, mailTo("b@example.com")).result.outcome == Outcome::Delivered);
  CHECK(server.mails().size() == 2);
}

TEST_CASE("smtp: when sending throws, nothing is sent, the exception propagates, the session serves the next mail") {
  SmtpProcess server;
  auto sender = makeSmtpSender(settingsFor(server, SmtpTls::None));
  CHECK_THROWS_AS(sender->send(mailTo("a@example.com"), [] { throw std::runtime_error("journal"); }),
                  std::runtime_error);
  CHECK(server.mails().empty());
  CHECK(send(*sender, mailTo("b@example.com")).result.outcome == Outcome::Delivered);
  CHECK(server.mails().size() == 1);
}
