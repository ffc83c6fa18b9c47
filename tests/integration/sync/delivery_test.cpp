// Handing passwords out through the real binary: `membersync passwords` against the outbox, and
// [delivery] method = smtp against a real SMTP server on loopback (tests/support/smtp_process.h):
// mails that arrive with the password the center holds, a server down then up, a refused
// address, STARTTLS with AUTH, and a run killed between sending a mail and recording it.
// Every test also checks that no secret reaches an output or the state database.

#include <sys/stat.h>

#include <catch2/catch.hpp>
#include <regex>

#include "tests/integration/sync/sync_fixture.h"
#include "tests/support/smtp_process.h"

namespace {

using namespace membersync::testing;
using Catch::Contains;

std::vector<Person> withEmails(std::vector<Person> people) {
  for (auto& p : people) p.email = p.account + "@mail.acme.example";
  return people;
}

// [delivery] for a plain SMTP server on loopback; retry_after_s = 0: membersync reads the system
// clock, so a retry's delay cannot pass within a test.
std::string smtpSection(const SmtpProcess& smtp, const std::string& extra = "") {
  return "[delivery]\nmethod = smtp\nsmtp_host = 127.0.0.1\nsmtp_port = " +
         std::to_string(smtp.port()) + "\nsmtp_tls = none\nfrom = it@acme.example\n" +
         "retry_after_s = 0\n" + extra;
}

// The password a mail hands out (the built-in body's English line).
std::string mailedPassword(const ReceivedMail& mail) {
  std::smatch m;
  if (!std::regex_search(mail.content, m, std::regex("Initial password: ([A-Za-z0-9]+)")))
    return "";
  return m[1];
}

std::map<std::string, ReceivedMail> mailsByRecipient(const SmtpProcess& smtp) {
  std::map<std::string, ReceivedMail> out;
  for (const auto& mail : smtp.mails()) {
    REQUIRE(mail.to.size() == 1);
    CHECK(out.count(mail.to[0]) == 0);  // no password is mailed twice
    out[mail.to[0]] = mail;
  }
  return out;
}

// Every person got one mail whose password is the one the center holds.
void checkMailed(const EmulatorProcess& emulator, const SmtpProcess& smtp,
                 const std::vector<Person>& people) {
  const auto mails = mailsByRecipient(smtp);
  const auto live = liveMembersByAccount(emulator);
  CHECK(mails.size() == people.size());
  for (const auto& p : people) {
    INFO(p.account);
    REQUIRE(mails.count(p.email) == 1);
    const std::string password = mailedPassword(mails.at(p.email));
    CHECK(password.size() == 16);
    CHECK(sha256Hex(password) == live.at(p.account).passwordSha256);
  }
}

// `membersync passwords` prints the passwords it lists (that is what it is for), so its output is
// not kept for the fixture's secret scan.
CommandResult listing(const SyncFixture& f, std::vector<std::string> args = {}) {
  args.insert(args.begin(), "passwords");
  return runCommand(membersyncExecutable(), f.commandLine(args));
}

}  // namespace

TEST_CASE("passwords: listed until handed out, then gone from the outbox, which stays 0600",
          "[delivery]") {
  EmulatorProcess emulator;
  SyncFixture f(emulator);
  const auto people = staff(3);
  f.writeHr(people);
  REQUIRE(f.sync().exitCode == 0);

  const auto listed = listing(f);
  CHECK(listed.exitCode == 0);
  for (const auto& p : people) {
    CHECK_THAT(listed.out, Contains(p.account) && Contains(p.account + "@acme") && Contains(p.name));
    CHECK_THAT(listed.out, Contains(f.outbox().at(p.account).password));
  }
  const auto csv = listing(f, {"--format", "csv"});
  CHECK_THAT(csv.out, Contains("account,login,name,password,created,delivery\n"));
  const auto json = listing(f, {"--format", "json"});
  CHECK_THAT(json.out, Contains("\"login\": \"staff0002@acme\""));

  const auto unknown = f.run({"passwords", "--handed-out", "staff0001", "nobody"});
  CHECK(unknown.exitCode == 1);
  CHECK_THAT(unknown.err, Contains("nobody") && Contains("nothing was changed"));
  CHECK(f.outbox().at("staff0001").confirmed);

  const std::string handedPassword = f.outbox().at("staff0001").password;
  const auto one = f.run({"passwords", "--handed-out", "STAFF0001"});
  CHECK(one.exitCode == 0);
  CHECK(f.outbox().count("staff0001") == 0);
  CHECK_THAT(listing(f).out, !Contains("staff0001") && Contains("staff0002"));
  struct stat st {};
  REQUIRE(::stat(f.outboxPath().c_str(), &st) == 0);
  CHECK((st.st_mode & 0777) == 0600);

  CHECK(f.run({"passwords", "--all"}).exitCode == 0);
  CHECK(f.outbox().empty());
  CHECK_THAT(listing(f).out, Contains("No password waits to be handed out"));
  CHECK(f.run({"passwords", "--handed-out"}).exitCode == 64);
  f.addSecret(handedPassword);
  f.checkNoSecretLeaked();
}

TEST_CASE("delivery: a sync mails each new member the password the center holds, once",
          "[delivery][smtp]") {
  EmulatorProcess emulator;
  SmtpProcess smtp;
  SyncOptions o;
  o.extra = smtpSection(smtp);
  SyncFixture f(emulator, o);
  const auto people = withEmails(staff(4));
  f.writeHr(people);
  const auto passwords = [&] {
    REQUIRE(f.sync().exitCode == 0);
    return f.allOutboxPasswords();
  }();
  checkMailed(emulator, smtp, people);
  const auto mail = smtp.mails().front();
  CHECK(mail.from == "it@acme.example");
  CHECK_THAT(mail.content, Contains("Subject: Your account staff0001@acme"));
  CHECK_THAT(mail.content, Contains("To: =?UTF-8?B?"));  // the Chinese name, encoded
  CHECK(f.outbox().empty());  // handed out: no password left at rest
  CHECK_THAT(listing(f).out, Contains("No password waits"));

  const auto again = f.sync();
  CHECK(again.exitCode == 0);
  CHECK(smtp.mails().size() == people.size());  // never mailed twice
  for (const auto& p : passwords) f.addSecret(p);
  f.checkNoSecretLeaked();
}

TEST_CASE("delivery: with the mail server down the passwords wait, listed, and go out once it "
          "is up",
          "[delivery][smtp]") {
  EmulatorProcess emulator;
  SmtpProcess smtp;
  smtp.stop();
  SyncOptions o;
  o.extra = smtpSection(smtp);
  SyncFixture f(emulator, o);
  const auto people = withEmails(staff(3));
  f.writeHr(people);
  const auto first = f.sync();
  CHECK(first.exitCode == 0);  // the members were added: a mail problem does not fail the run
  CHECK_THAT(first.out, Contains("not delivered, tried again later: 3"));
  CHECK(f.outbox().size() == 3);
  CHECK_THAT(f.status().out, Contains("passwords to hand out (3") && Contains("mail not delivered"));
  CHECK_THAT(listing(f).out, Contains("mail not delivered (1 attempt(s)"));

  smtp.start();
  const auto second = f.sync();
  CHECK(second.exitCode == 0);
  CHECK_THAT(second.out, Contains("mailed: 3"));
  checkMailed(emulator, smtp, people);
  CHECK(f.outbox().empty());
  f.checkNoSecretLeaked();
}

TEST_CASE("delivery: a refused address keeps the password until HR gives a new one",
          "[delivery][smtp]") {
  EmulatorProcess emulator;
  SmtpProcess smtp;
  SyncOptions o;
  o.extra = smtpSection(smtp);
  SyncFixture f(emulator, o);
  auto people = withEmails(staff(3));
  people[1].email = "refuse-staff0002@mail.acme.example";
  people[2].email = "staff0003 at mail.acme.example";
  f.writeHr(people);
  CHECK_THAT(f.run({"validate"}).out,
             Contains("delivery: 2 of 3 active people have a usable address in email") &&
                 Contains("wait in the outbox (`membersync passwords`): staff0003"));
  const auto first = f.sync();
  CHECK_THAT(first.out, Contains("mailed: 1") && Contains("refused by the mail server: 1") &&
                            Contains("without an address (left in the outbox): 1"));
  CHECK(f.outbox().count("staff0002") == 1);
  CHECK_THAT(listing(f).out, Contains("mail refused for refuse-staff0002"));

  const auto same = f.sync();  // the same address is not tried again
  CHECK_THAT(same.out, Contains("waiting"));

  people[1].email = "staff0002@mail.acme.example";
  people[2].email = "staff0003@mail.acme.example";
  f.writeHr(people);
  const auto fixed = f.sync();
  CHECK_THAT(fixed.out, Contains("mailed: 2"));
  checkMailed(emulator, smtp, people);
  f.checkNoSecretLeaked();
}

TEST_CASE("delivery: STARTTLS verified against the configured CA, with SMTP AUTH from a "
          "credential file",
          "[delivery][smtp]") {
  EmulatorProcess emulator;
  SmtpProcess::Options so;
  so.tls = SmtpProcess::Tls::StartTls;
  so.requireStartTls = true;
  so.authUser = "membersync";
  so.authPassword = "smtp-s3cret-pass";
  SmtpProcess smtp(so);
  SyncOptions o;
  o.extra = "[delivery]\nmethod = smtp\nsmtp_host = 127.0.0.1\nsmtp_port = " +
            std::to_string(smtp.port()) + "\nsmtp_tls = starttls\nsmtp_ca_file = " +
            SmtpProcess::caFile() +
            "\nsmtp_user = membersync\nsmtp_password_file = smtp-password\n"
            "from = it@acme.example\n";
  SyncFixture f(emulator, o);
  f.writeFile("smtp-password", "smtp-s3cret-pass\n");
  f.addSecret("smtp-s3cret-pass");
  const auto people = withEmails(staff(2));
  f.writeHr(people);
  CHECK(f.sync().exitCode == 0);
  checkMailed(emulator, smtp, people);
  f.checkNoSecretLeaked();
}

TEST_CASE("delivery: a run killed after a mail's data went out leaves that mail in doubt, "
          "never sent again on its own, and --resend sends it",
          "[delivery][smtp]") {
  EmulatorProcess emulator;
  SmtpProcess smtp;
  SyncOptions o;
  o.extra = smtpSection(smtp);
  SyncFixture f(emulator, o);
  const auto people = withEmails(staff(1));
  f.writeHr(people);
  // The child writes its own pid for the server's kill hook before it becomes membersync (exec
  // keeps the pid), so the hook is armed before any mail can be sent.
  std::vector<std::string> args{"-c", "echo $$ > \"$0\"; exec \"$@\"",
                                smtp.killPidFile().string(), membersyncExecutable()};
  for (const auto& a : f.commandLine({"sync"})) args.push_back(a);
  auto child = launchCommand("/bin/sh", args);
  const auto killed = child->wait();
  f.keep(killed);
  INFO(killed.err);
  REQUIRE(killed.signal == SIGKILL);  // killed by the server, on the mail's data
  REQUIRE(smtp.mails().size() == 1);  // which the server had stored

  const auto next = f.sync();
  CHECK(next.exitCode == 0);
  CHECK_THAT(next.out, Contains("in doubt: 1"));
  CHECK(smtp.mails().size() == 1);  // not mailed again on its own
  CHECK_THAT(listing(f).out, Contains("mail in doubt"));
  CHECK_THAT(f.status().out, Contains("mail in doubt"));
  CHECK(f.sync().exitCode == 0);
  CHECK(smtp.mails().size() == 1);

  const auto resent = f.run({"passwords", "--resend", "staff0001"});
  CHECK(resent.exitCode == 0);
  REQUIRE(smtp.mails().size() == 2);
  CHECK(mailedPassword(smtp.mails()[1]) == mailedPassword(smtp.mails()[0]));
  CHECK(f.outbox().empty());
  f.checkNoSecretLeaked();
}
