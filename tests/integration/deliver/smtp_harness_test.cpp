// The SMTP test server's crash hook (tests/support/smtp_process.h): the mail is stored before
// the process named in kill-pid is killed, and the hook fires once.

#include <csignal>

#include <catch2/catch.hpp>
#include <filesystem>

#include "jobs/deliver/smtp_sender.h"
#include "tests/support/command.h"
#include "tests/support/smtp_process.h"

using membersync::deliver::Mail;
using membersync::deliver::MailResult;
using membersync::testing::launchCommand;
using membersync::testing::SmtpProcess;

TEST_CASE("smtp harness: the kill-pid hook stores the mail, then kills the process, once") {
  SmtpProcess server;
  // A victim only: it is killed by the server, never waited for to pass time.
  auto victim = launchCommand("/bin/sleep", {"1000"});
  server.killOnNextMail(victim->pid());
  REQUIRE(std::filesystem::exists(server.killPidFile()));

  membersync::deliver::SmtpSettings settings;
  settings.host = "127.0.0.1";
  settings.port = server.port();
  settings.tls = membersync::deliver::SmtpTls::None;
  auto sender = membersync::deliver::makeSmtpSender(settings);
  Mail mail;
  mail.from = "membersync@example.com";
  mail.to = "ann@example.com";
  mail.subject = "hook";
  mail.body = "body\n";
  CHECK(sender->send(mail, [] {}).outcome == MailResult::Outcome::Delivered);

  const auto ended = victim->wait();  // already killed before the 250 was sent
  CHECK(ended.signal == SIGKILL);
  CHECK(server.mails().size() == 1);
  CHECK_FALSE(std::filesystem::exists(server.killPidFile()));

  CHECK(sender->send(mail, [] {}).outcome == MailResult::Outcome::Delivered);
  CHECK(server.mails().size() == 2);
}
