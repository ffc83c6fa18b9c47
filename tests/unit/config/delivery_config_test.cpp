// [delivery]: what the loader accepts for mailing passwords, what it refuses and why.

#include <catch2/catch.hpp>

#include "config/loader.h"
#include "jobs/core/scrubber.h"
#include "tests/support/temp_dir.h"
#include "tests/unit/config/config_files.h"

using membersync::config::ConfigError;
using membersync::config::loadConfig;
using membersync::deliver::SmtpTls;
using membersync::testing::TempDir;

using membersync::config::testing::errorOf;
using membersync::config::testing::kCenterSection;

namespace {

const std::string kBase = std::string(kCenterSection) +
    "[directory]\n"
    "path = hr.csv\n";

struct Fixture {
  TempDir dir;
  Fixture() {
    dir.write("client-secret", "s3cr3t-value\n");
    dir.write("admin-password", "p4ss-value\n");
    dir.write("smtp-password", "smtp-p4ss\n");
  }
  std::string config(const std::string& delivery) const {
    return dir.write("membersync.ini", std::string(kBase) + "[delivery]\n" + delivery).string();
  }
};

}  // namespace

TEST_CASE("delivery config: without [delivery] nothing is mailed", "[config]") {
  Fixture f;
  const auto path = f.dir.write("membersync.ini", kBase).string();
  CHECK_FALSE(loadConfig(path, {}).delivery.mail);
}

TEST_CASE("delivery config: smtp with STARTTLS, AUTH and the defaults", "[config]") {
  Fixture f;
  const auto c = loadConfig(f.config("method = smtp\n"
                                     "smtp_host = mail.acme.example\n"
                                     "smtp_user = membersync\n"
                                     "smtp_password_file = smtp-password\n"
                                     "from = it@acme.example\n"),
                            {});
  CHECK(c.delivery.mail);
  CHECK(c.delivery.smtp.host == "mail.acme.example");
  CHECK(c.delivery.smtp.port == 587);
  CHECK(c.delivery.smtp.tls == SmtpTls::StartTls);
  CHECK(c.delivery.smtp.password.reveal() == "smtp-p4ss");
  CHECK(c.delivery.toColumn == "email");
  CHECK(c.delivery.subject == "Your account {login}");
  CHECK(c.delivery.body.find("{password}") != std::string::npos);
  membersync::Scrubber scrubber;
  membersync::config::registerSecrets(c, scrubber);
  CHECK(scrubber.scrub("AUTH smtp-p4ss") == "AUTH [redacted]");
}

TEST_CASE("delivery config: the console's people pages read the email where delivery mails it",
          "[config]") {
  Fixture f;
  CHECK(loadConfig(f.config(""), {}).sync.emailColumn == "email");
  const auto smtp = f.config(
      "method = smtp\nsmtp_host = mail.acme.example\nfrom = it@acme.example\nto_column = mail\n");
  CHECK(loadConfig(smtp, {}).sync.emailColumn == "mail");
}

TEST_CASE("delivery config: implicit TLS defaults to port 465", "[config]") {
  Fixture f;
  const auto c = loadConfig(
      f.config("method = smtp\nsmtp_host = mail.acme.example\nsmtp_tls = tls\nfrom = it@acme.example\n"),
      {});
  CHECK(c.delivery.smtp.tls == SmtpTls::Implicit);
  CHECK(c.delivery.smtp.port == 465);
}

TEST_CASE("delivery config: mistakes name the key and say what to do", "[config]") {
  Fixture f;
  const std::string smtp = "method = smtp\nfrom = it@acme.example\n";
  CHECK(errorOf(f.config("method = carrier-pigeon\n")).find("[delivery] method") !=
        std::string::npos);
  CHECK(errorOf(f.config(smtp)).find("[delivery] smtp_host: is required") != std::string::npos);
  CHECK(errorOf(f.config(smtp + "smtp_host = mail.acme.example\nsmtp_tls = none\n"))
            .find("unencrypted") != std::string::npos);
  CHECK(errorOf(f.config(smtp + "smtp_host = mail.acme.example\nsmtp_user = x\n"))
            .find("smtp_password_file") != std::string::npos);
  CHECK(errorOf(f.config("method = smtp\nsmtp_host = h.example\nfrom = not an address\n"))
            .find("[delivery] from") != std::string::npos);
  CHECK(errorOf(f.config(smtp + "smtp_host = h.example\nsubject = Your {password}\n"))
            .find("[delivery] subject") != std::string::npos);
  CHECK(errorOf(f.config(smtp + "smtp_host = h.example\nsmtp_tls_mode = x\n"))
            .find("unknown key") != std::string::npos);
}

TEST_CASE("delivery config: plain SMTP is accepted to this machine only", "[config]") {
  Fixture f;
  const auto c = loadConfig(
      f.config("method = smtp\nsmtp_host = 127.0.0.1\nsmtp_tls = none\nsmtp_port = 2525\n"
               "from = it@acme.example\n"),
      {});
  CHECK(c.delivery.smtp.tls == SmtpTls::None);
  CHECK(c.delivery.smtp.port == 2525);
}

TEST_CASE("delivery config: a template file is parsed when the configuration is read",
          "[config]") {
  Fixture f;
  f.dir.write("welcome.txt", "Dear {name},\nyour login: {login}\nyour password: {pasword}\n");
  const std::string base =
      "method = smtp\nsmtp_host = h.example\nfrom = it@acme.example\ntemplate_file = welcome.txt\n";
  const auto error = errorOf(f.config(base));
  CHECK(error.find("[delivery] template_file") != std::string::npos);
  CHECK(error.find("welcome.txt: line 3") != std::string::npos);
  f.dir.write("welcome.txt", "Dear {name},\nyour password: {password}\n");
  CHECK(loadConfig(f.config(base), {}).delivery.body == "Dear {name},\nyour password: {password}\n");
}
