#pragma once

// The MailSender that speaks SMTP through Poco::Net (SMTPClientSession, SecureSMTPClientSession,
// MailMessage). One session is kept open across mails and reopened once when it broke.

#include <memory>
#include <string>

#include "jobs/core/secret.h"
#include "jobs/deliver/mail_sender.h"

namespace membersync::deliver {

enum class SmtpTls {
  StartTls,  // plain connection, then STARTTLS before anything else (the server must offer it)
  Implicit,  // TLS from the first byte (port 465)
  None,      // no TLS at all: the configuration allows it only to a loopback host
};

struct SmtpSettings {
  std::string host;
  int port = 587;
  SmtpTls tls = SmtpTls::StartTls;
  std::string caFile;  // empty: the system's CAs; else this file alone. Peers are always verified.
  std::string user;    // empty: no SMTP AUTH
  Secret password;
  int timeoutS = 30;   // per connect, reply and write
  std::string heloName = "localhost";
};

std::unique_ptr<MailSender> makeSmtpSender(const SmtpSettings& settings);

}  // namespace membersync::deliver
