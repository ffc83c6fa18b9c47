#include "tests/emulator/echo.h"

#include <Poco/Exception.h>
#include <Poco/JSON/ParseHandler.h>
#include <Poco/JSON/Parser.h>

#include "tests/emulator/json_support.h"

namespace membersync::emulator {
namespace {

// The answer's JSON with its keys in the order they were written (the client does not care,
// but a person reading an echoed answer does).
Poco::JSON::Object::Ptr parseInOrder(const std::string& body) {
  try {
    Poco::JSON::Parser parser(new Poco::JSON::ParseHandler(true));
    Poco::Dynamic::Var v = parser.parse(body);
    if (v.type() != typeid(Poco::JSON::Object::Ptr)) return nullptr;
    return v.extract<Poco::JSON::Object::Ptr>();
  } catch (const Poco::Exception&) {
    return nullptr;
  }
}

void append(Poco::JSON::Object::Ptr o, const std::string& key, const std::string& echo) {
  const std::string text =
      o->has(key) && o->get(key).isString() ? o->getValue<std::string>(key) : "";
  o->set(key, text + echo);
}

// 60027 carries each failed row's reason in data.failed[].message.
void appendToFailedRows(const Poco::JSON::Object::Ptr& answer, const std::string& echo) {
  Poco::JSON::Object::Ptr data = answer->isObject("data") ? answer->getObject("data") : nullptr;
  Poco::JSON::Array::Ptr failed = data ? data->getArray("failed") : nullptr;
  if (!failed) return;
  for (std::size_t i = 0; i < failed->size(); ++i) {
    if (auto row = failed->getObject(static_cast<unsigned>(i))) append(row, "message", echo);
  }
}

// Which key of this answer holds its error text; empty for a successful answer.
std::string errorKey(const Poco::JSON::Object::Ptr& answer) {
  if (answer->has("cause")) return "cause";
  if (answer->has("resultCode"))
    return answer->getValue<std::string>("resultCode") == "0000" ? "" : "resultMessage";
  if (answer->has("error")) return "error_description";
  return "";
}

}  // namespace

std::string requestEcho(const Request& request) {
  std::string echo = " | request: " + request.method + " " + request.path;
  if (!request.rawQuery.empty()) echo += "?" + request.rawQuery;
  for (const char* header : {"Authorization", "clientToken", "userToken"}) {
    if (const std::string* value = request.header(header))
      echo += " | " + std::string(header) + ": " + *value;
  }
  if (!request.body.empty()) echo += " | body: " + request.body;
  return echo;
}

void echoRequest(Reply& reply, const Request& request) {
  Poco::JSON::Object::Ptr answer = parseInOrder(reply.body);
  if (!answer) return;
  const std::string key = errorKey(answer);
  if (key.empty()) return;
  const std::string echo = requestEcho(request);
  append(answer, key, echo);
  if (key == "cause") appendToFailedRows(answer, echo);
  reply.body = toJson(answer);
}

}  // namespace membersync::emulator
