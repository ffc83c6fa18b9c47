#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include <Poco/Dynamic/Var.h>
#include <Poco/JSON/Array.h>
#include <Poco/JSON/Object.h>

#include "tests/emulator/http_types.h"

// Internal to the endpoint sources, which all build or read JSON with Poco: reading request
// fields by kind, and writing objects whose keys keep the order the spec lists them in.
namespace membersync::emulator {

Poco::JSON::Object::Ptr newObject();  // keys keep insertion order
std::string toJson(const Poco::Dynamic::Var& value);

// The spec requires "Content-Type: application/json" on every call with a body; a charset
// parameter is allowed. Calls without it are refused as if the body were missing.
bool hasJsonContentType(const Request& request);

inline const char* const kNeedsJson = "the body must be a JSON object sent as application/json";

// The body as a JSON object; nullptr when it is empty, not JSON or not an object.
Poco::JSON::Object::Ptr parseObject(const std::string& body);

// A request field as the client sent it.
struct JsonField {
  enum class Kind { kAbsent, kNull, kString, kInteger, kOther };
  Kind kind = Kind::kAbsent;
  Poco::Dynamic::Var value;

  bool absentOrNull() const { return kind == Kind::kAbsent || kind == Kind::kNull; }
  bool isString() const { return kind == Kind::kString; }
  std::string string() const;  // for kString
  // An integral number, or a string of decimal digits (as Spring converts it to a long).
  std::optional<std::int64_t> integer() const;
  // A JSON array, or nullptr.
  Poco::JSON::Array::Ptr array() const;
  Poco::JSON::Object::Ptr object() const;
};

JsonField field(const Poco::JSON::Object::Ptr& object, const std::string& key);

}  // namespace membersync::emulator
