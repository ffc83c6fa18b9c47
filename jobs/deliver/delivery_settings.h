#pragma once

// [delivery]: how confirmed passwords reach people. Defaults live here (the loader reads the INI
// straight into this struct).

#include <string>

#include "jobs/deliver/smtp_sender.h"

namespace membersync::deliver {

struct DeliverySettings {
  bool mail = false;  // method = smtp; `none` leaves every password in the outbox for a person
  SmtpSettings smtp;
  std::string from;                           // the sender's address
  std::string toColumn = "email";             // the HR field holding the recipient's address
  std::string subject = "Your account {login}";
  std::string body;                           // the template's text (template_file or built in)
  int retryAfterS = 900;                      // the first retry's delay; doubled each time, at
                                              // most kMaxRetryDelayS
  static constexpr int kMaxRetryDelayS = 24 * 3600;
};

}  // namespace membersync::deliver
