#include <Poco/Dynamic/Var.h>
#include <Poco/JSON/Object.h>

#include <cstdint>
#include <limits>
#include <optional>

#include "jobs/policy/policy_json.h"

namespace membersync::policy::detail {

namespace {

using Poco::Dynamic::Var;

// The center's departmentId is a Java long: at most 19 digits, at most 2^63 - 1.
const std::string kMaxId = std::to_string(std::numeric_limits<std::int64_t>::max());

bool allDigits(const std::string& text) {
  if (text.empty()) return false;
  for (char c : text)
    if (c < '0' || c > '9') return false;
  return true;
}

// Decimal digits of a positive id that fits in 64 signed bits, or nullopt.
std::optional<std::string> positiveId(const std::string& digits) {
  const std::size_t first = digits.find_first_not_of('0');
  if (first == std::string::npos) return std::nullopt;  // zero
  std::string id = digits.substr(first);
  if (id.size() > kMaxId.size() || (id.size() == kMaxId.size() && id > kMaxId)) return std::nullopt;
  return id;
}

std::optional<std::string> departmentId(const Var& value) {
  if (value.isString()) {
    const std::string text = value.extract<std::string>();
    return allDigits(text) ? positiveId(text) : std::nullopt;
  }
  if (value.isEmpty() || value.isBoolean() || !value.isInteger()) return std::nullopt;
  if (value.isSigned() && value.convert<std::int64_t>() <= 0) return std::nullopt;
  return positiveId(value.convert<std::string>());
}

}  // namespace

std::map<std::string, std::string> readDepartments(const Var& value, const std::string& file) {
  if (!isObject(value))
    fail(file, "departments",
         i18n::msg("must be an object mapping HR department values to department ids, not {value}")
             .with("value", shown(value)));
  std::map<std::string, std::string> out;
  for (const auto& [key, id] : *value.extract<Poco::JSON::Object::Ptr>()) {
    const auto digits = departmentId(id);
    if (!digits)
      fail(file, keyPath("departments", key),
           i18n::msg("must be a positive whole number (the center's departmentId), not {value}")
               .with("value", shown(id)));
    out[key] = *digits;
  }
  return out;
}

}  // namespace membersync::policy::detail
