#include "jobs/policy/policy_json.h"

#include <Poco/JSON/Array.h>
#include <Poco/JSON/Object.h>
#include <Poco/JSON/Stringifier.h>

#include <sstream>

#include "jobs/policy/policy.h"

namespace membersync::policy::detail {

void fail(const std::string& file, const std::string& path, i18n::Message what) {
  throw PolicyError(i18n::msg("{file}: {path}: {problem}")
                        .with("file", file)
                        .with("path", path)
                        .with("problem", std::move(what)));
}

std::string keyPath(const std::string& parent, const std::string& key) {
  bool plain = !key.empty();
  for (char c : key) {
    const bool word = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                      (c >= '0' && c <= '9') || c == '_' || c == '-';
    plain = plain && word;
  }
  if (plain) return parent.empty() ? key : parent + "." + key;
  std::ostringstream quotedKey;
  Poco::JSON::Stringifier::formatString(key, quotedKey);
  return parent + "[" + quotedKey.str() + "]";
}

bool isObject(const Poco::Dynamic::Var& value) {
  return value.type() == typeid(Poco::JSON::Object::Ptr);
}

bool isArray(const Poco::Dynamic::Var& value) {
  return value.type() == typeid(Poco::JSON::Array::Ptr);
}

i18n::Message shown(const Poco::Dynamic::Var& value) {
  if (value.isEmpty()) return i18n::verbatim("null");
  if (isObject(value)) return i18n::msg("an object");
  if (isArray(value)) return i18n::msg("an array");
  if (value.isString()) {
    std::ostringstream out;
    Poco::JSON::Stringifier::formatString(value.extract<std::string>(), out);
    return i18n::verbatim(out.str());
  }
  return i18n::verbatim(value.convert<std::string>());
}

}  // namespace membersync::policy::detail
