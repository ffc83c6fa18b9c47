// Run reports by mail through a real SMTP server on 127.0.0.1 (aiosmtpd,
// tests/support/smtp_process.h): one mail a mail_to address, the report in its subject and
// body; an address the server refuses is recorded and tried again by the next run, the others
// are not mailed twice.

#include <Poco/Net/QuotedPrintableDecoder.h>
#include <Poco/StreamCopier.h>

#include <catch2/catch.hpp>
#include <sstream>

#include "tests/integration/notify/report_driver.h"
#include "tests/support/smtp_process.h"
#include "tests/unit/notify/notify_fixture.h"

using namespace membersync::notify;
using namespace membersync::notify::testing;
using membersync::testing::ReceivedMail;
using membersync::testing::SmtpProcess;
using Action = ChannelReport::Action;

namespace {

void mailThrough(ReportDriver& d, const SmtpProcess& server) {
  membersync::deliver::SmtpSettings smtp;
  smtp.host = "127.0.0.1";
  smtp.port = server.port();
  smtp.tls = membersync::deliver::SmtpTls::None;
  d.settings.mailFrom = "membersync@acme.example";
  d.mail = membersync::deliver::makeSmtpSender(reportSmtpSettings(smtp, d.settings));
}

// The body of a stored mail, its quoted-printable undone.
std::string bodyOf(const ReceivedMail& mail) {
  const auto start = mail.content.find("\r\n\r\n");
  std::istringstream in(mail.content.substr(start + 4));
  Poco::Net::QuotedPrintableDecoder decoder(in);
  std::string body;
  Poco::StreamCopier::copyToString(decoder, body);
  return body;
}

}  // namespace

TEST_CASE("reports: each mail_to address gets the report by mail through the SMTP server",
          "[notify][integration][smtp]") {
  SmtpProcess server;
  ReportDriver d;
  mailThrough(d, server);
  d.settings.mailTo = {"it@acme.example", "ops@acme.example"};
  const auto result = d.report(facts(), heldAndInvalid());
  REQUIRE(result.channels.size() == 2);
  CHECK(result.channels[0].action == Action::Sent);
  CHECK(result.channels[1].action == Action::Sent);
  const auto mails = server.mails();
  REQUIRE(mails.size() == 2);
  CHECK(mails[0].from == "membersync@acme.example");
  CHECK(mails[0].to == std::vector<std::string>{"it@acme.example"});
  CHECK(mails[0].content.find("Subject: membersync acme: run 21 needs a person (2 held, 1 invalid "
                              "row)") != std::string::npos);
  const std::string body = bodyOf(mails[0]);
  INFO(body);
  CHECK(body.find("2 held by a safety guard") != std::string::npos);
  CHECK(body.find("  Run: membersync allow 21") != std::string::npos);
  CHECK(body.find("  - zhangsan 张三") != std::string::npos);
}

TEST_CASE("reports: an address the server refuses is mailed again by the next run, the others not",
          "[notify][integration][smtp]") {
  SmtpProcess server;
  ReportDriver d;
  mailThrough(d, server);
  d.settings.mailTo = {"it@acme.example", "later-ops@acme.example"};  // "later": 451
  auto result = d.report(facts(), heldAndInvalid());
  CHECK(result.channels[0].action == Action::Sent);
  REQUIRE(result.channels[1].action == Action::Failed);
  CHECK(result.channels[1].detail.find("451") != std::string::npos);
  d.settings.mailTo = {"it@acme.example", "ops@acme.example"};
  RunFacts next = facts();
  next.run = 22;
  result = d.report(next, heldAndInvalid());
  CHECK(result.channels[0].action == Action::Skipped);  // unchanged, and it had it
  CHECK(result.channels[1].action == Action::Sent);     // a new channel: never had one
  CHECK(server.mails().size() == 2);
}
