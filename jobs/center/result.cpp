#include "jobs/center/result.h"

#include "jobs/core/scrubber.h"

namespace membersync::center {

const char* toString(ErrorKind kind) {
  switch (kind) {
    case ErrorKind::RetryLater: return "RetryLater";
    case ErrorKind::RenewTokens: return "RenewTokens";
    case ErrorKind::BadInput: return "BadInput";
    case ErrorKind::Conflict: return "Conflict";
    case ErrorKind::NotFound: return "NotFound";
    case ErrorKind::Configuration: return "Configuration";
    case ErrorKind::Protocol: return "Protocol";
  }
  return "?";
}

std::string Error::describe() const {
  std::string out = endpoint + ": ";
  // The kind (RetryLater, Configuration, ...) is for the code that acts on it, not for people:
  // the message says what happened in words.
  if (!code.empty()) out += "code " + code + ": ";
  out += message;
  std::string extra;
  auto add = [&extra](const std::string& part) { extra += (extra.empty() ? "" : "; ") + part; };
  if (!serverMessage.empty() && serverMessage != message) add("server: " + serverMessage);
  if (!cause.empty()) add("cause: " + cause);
  if (httpStatus != 0) add("HTTP " + std::to_string(httpStatus));
  for (const auto& a : activities)
    for (const auto& u : a.units)
      if (!u.participateResult) add(a.name + "/" + u.name + ": " + u.errorCode + " " + u.errorMessage);
  return extra.empty() ? out : out + " [" + extra + "]";
}

Error scrubbed(Error error, const Scrubber& scrubber) {
  for (std::string* text : {&error.code, &error.message, &error.serverMessage, &error.cause})
    *text = scrubber.scrub(std::move(*text));
  for (auto& activity : error.activities) {
    activity.id = scrubber.scrub(std::move(activity.id));
    activity.name = scrubber.scrub(std::move(activity.name));
    for (auto& unit : activity.units) {
      for (std::string* text : {&unit.id, &unit.name, &unit.errorCode, &unit.errorMessage})
        *text = scrubber.scrub(std::move(*text));
    }
  }
  return error;
}

}  // namespace membersync::center
