#pragma once

// Sending one mail, as the delivery of passwords needs it: the outcome is typed by what it means
// for the password (delivered; not delivered, try later; refused, wait for a new address; in
// doubt), and the caller is told the moment the message data is about to go out, so it can
// journal the mail as `sending` first. No Poco type appears here: the SMTP implementation lives
// in smtp_sender.cpp, and unit tests put a fake behind this interface.

#include <functional>
#include <string>

namespace membersync::deliver {

// One mail. Text is UTF-8; the sender encodes headers (RFC 2047) and the body as it needs.
struct Mail {
  std::string from;     // an address
  std::string to;       // an address
  std::string toName;   // the person's name, for the To header; may be empty
  std::string subject;  // one line
  std::string body;     // plain text, lines separated by \n
};

struct MailResult {
  enum class Outcome {
    Delivered,  // the server accepted the message data (2xx after the end of the data)
    TryLater,   // not delivered: the server is down or unreachable, a 4xx reply, a TLS or login
                // failure, or the connection broke before the end of the data was sent
    Refused,    // not delivered: a 5xx reply to the sender, the recipient or the data
    InDoubt,    // the end of the data was sent but no reply was read: it may have been delivered
  };
  Outcome outcome = Outcome::TryLater;
  // True when the cause is not this mail but the server or the connection to it (cannot connect,
  // TLS, login, a 421 closing the session, the connection lost): the caller stops mailing for
  // this run instead of trying every remaining person against a server that is down.
  bool systemic = false;
  std::string reply;  // the server's reply or the error, for people (the caller scrubs it)
};

class MailSender {
 public:
  virtual ~MailSender() = default;
  // Sends `mail`. `sending` is called once the server has accepted the sender and the recipient
  // and just before the message data goes out; when it throws, nothing is sent and the
  // exception propagates. Expected failures are results, never exceptions.
  virtual MailResult send(const Mail& mail, const std::function<void()>& sending) = 0;
};

}  // namespace membersync::deliver
