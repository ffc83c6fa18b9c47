#include "jobs/notify/robot_answer.h"

#include <Poco/Dynamic/Var.h>
#include <Poco/Exception.h>
#include <Poco/JSON/Object.h>
#include <Poco/JSON/Parser.h>

#include "jobs/notify/utf8_text.h"

namespace membersync::notify {
namespace {

constexpr std::size_t kShownBytes = 300;  // of an answer that is not what the robot documents

struct Answer {
  std::optional<long long> code;  // errcode or code, whichever the answer carries
  std::string message;            // errmsg or msg
};

// The answer's code and message; nullopt when the body is not a JSON object.
std::optional<Answer> parsed(const std::string& body) {
  try {
    const auto root = Poco::JSON::Parser().parse(body);
    const auto object = root.extract<Poco::JSON::Object::Ptr>();
    if (!object) return std::nullopt;
    Answer a;
    for (const char* key : {"errcode", "code"}) {
      if (!object->has(key) || a.code) continue;
      const Poco::Dynamic::Var v = object->get(key);
      if (v.isNumeric()) a.code = v.convert<long long>();
    }
    for (const char* key : {"errmsg", "msg"})
      if (object->has(key) && a.message.empty()) a.message = object->getValue<std::string>(key);
    return a;
  } catch (const Poco::Exception&) {
    return std::nullopt;
  } catch (const std::exception&) {  // Poco's Var throws std::exceptions for odd types
    return std::nullopt;
  }
}

std::string transportFailure(const center::TransportResult& r) {
  switch (r.kind) {
    case center::TransportResult::Kind::NotSent:
      return "not sent: " + r.detail;
    case center::TransportResult::Kind::NoAnswer:
      return "no answer (the report may have arrived): " + r.detail;
    case center::TransportResult::Kind::TooLarge:
      return "the answer was too large: " + r.detail;
    case center::TransportResult::Kind::Answered:
      break;
  }
  return "";
}

}  // namespace

std::optional<std::string> robotRefusal(WebhookFormat format, const center::TransportResult& r) {
  if (r.kind != center::TransportResult::Kind::Answered) return transportFailure(r);
  const auto answer = parsed(r.body);
  const std::string shown = clipped(oneLine(r.body), kShownBytes);
  if (r.status < 200 || r.status > 299) return "HTTP " + std::to_string(r.status) + ": " + shown;
  if (!answer) {
    if (format == WebhookFormat::Json) return std::nullopt;
    return "an answer that is not the robot's JSON: " + shown;
  }
  if (!answer->code) {
    if (format == WebhookFormat::Json) return std::nullopt;
    return "an answer without errcode or code: " + shown;
  }
  if (*answer->code == 0) return std::nullopt;
  return "refused with code " + std::to_string(*answer->code) +
         (answer->message.empty() ? "" : ": " + clipped(oneLine(answer->message), kShownBytes));
}

}  // namespace membersync::notify
