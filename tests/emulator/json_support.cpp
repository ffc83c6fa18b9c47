#include "tests/emulator/json_support.h"

#include <sstream>

#include <Poco/Exception.h>
#include <Poco/JSON/Parser.h>

#include "tests/emulator/text_rules.h"

namespace membersync::emulator {

Poco::JSON::Object::Ptr newObject() {
  return new Poco::JSON::Object(Poco::JSON_PRESERVE_KEY_ORDER);
}

std::string toJson(const Poco::Dynamic::Var& value) {
  std::ostringstream out;
  Poco::JSON::Stringifier::condense(value, out);
  return out.str();
}

bool hasJsonContentType(const Request& request) {
  const std::string* type = request.header("Content-Type");
  if (type == nullptr) return false;
  const std::string value = toLowerAscii(*type);
  const std::string json = "application/json";
  return value.compare(0, json.size(), json) == 0 &&
         (value.size() == json.size() || value[json.size()] == ';' || value[json.size()] == ' ');
}

Poco::JSON::Object::Ptr parseObject(const std::string& body) {
  if (body.empty()) return nullptr;
  try {
    Poco::JSON::Parser parser;
    Poco::Dynamic::Var v = parser.parse(body);
    if (v.type() != typeid(Poco::JSON::Object::Ptr)) return nullptr;
    return v.extract<Poco::JSON::Object::Ptr>();
  } catch (const Poco::Exception&) {
    return nullptr;  // answered as a missing parameter by the caller
  }
}

std::string JsonField::string() const {
  return value.extract<std::string>();
}

std::optional<std::int64_t> JsonField::integer() const {
  if (kind == Kind::kString) return parseInt64(string());
  if (kind != Kind::kInteger) return std::nullopt;
  try {
    return value.convert<std::int64_t>();
  } catch (const Poco::Exception&) {
    return std::nullopt;  // an unsigned value past the int64 range
  }
}

Poco::JSON::Array::Ptr JsonField::array() const {
  if (value.type() != typeid(Poco::JSON::Array::Ptr)) return nullptr;
  return value.extract<Poco::JSON::Array::Ptr>();
}

Poco::JSON::Object::Ptr JsonField::object() const {
  if (value.type() != typeid(Poco::JSON::Object::Ptr)) return nullptr;
  return value.extract<Poco::JSON::Object::Ptr>();
}

JsonField field(const Poco::JSON::Object::Ptr& object, const std::string& key) {
  JsonField f;
  if (!object || !object->has(key)) return f;
  f.value = object->get(key);
  if (f.value.isEmpty()) {
    f.kind = JsonField::Kind::kNull;
  } else if (f.value.isString()) {
    f.kind = JsonField::Kind::kString;
  } else if (f.value.isInteger()) {
    f.kind = JsonField::Kind::kInteger;
  } else {
    f.kind = JsonField::Kind::kOther;
  }
  return f;
}

}  // namespace membersync::emulator
