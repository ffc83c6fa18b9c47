#pragma once

// Internal to membersync_report (its .cpp files only): the pieces its JSON writers share. Poco
// stays out of the headers the rest of membersync includes.
#include <Poco/Dynamic/Var.h>
#include <Poco/JSON/Array.h>
#include <Poco/JSON/Object.h>

#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "jobs/core/text.h"
#include "jobs/plan/plan.h"
#include "jobs/state/types.h"

namespace membersync::report::json {

// An object that writes its keys in the order they were set: the documents read top-down.
inline Poco::JSON::Object::Ptr newObject() {
  return new Poco::JSON::Object(Poco::JSON_PRESERVE_KEY_ORDER);
}

// The value, or null when there is none.
inline Poco::Dynamic::Var orNull(const std::optional<std::string>& value) {
  return value ? Poco::Dynamic::Var(*value) : Poco::Dynamic::Var();
}

inline Poco::JSON::Array::Ptr strings(const std::vector<std::string>& values) {
  Poco::JSON::Array::Ptr out = new Poco::JSON::Array;
  for (const std::string& v : values) out->add(v);
  return out;
}

// A time for people's tools: UTC, ISO 8601.
inline Poco::Dynamic::Var time(state::Millis at) {
  return isoUtc(Clock::WallPoint(std::chrono::milliseconds(at)));
}

inline Poco::Dynamic::Var time(const std::optional<state::Millis>& at) {
  return at ? time(*at) : Poco::Dynamic::Var();
}

// A JSON array with one object per element, as `toObject` writes it.
template <class Range, class ToObject>
Poco::JSON::Array::Ptr listOf(const Range& elements, ToObject toObject) {
  Poco::JSON::Array::Ptr a = new Poco::JSON::Array;
  for (const auto& e : elements) {
    Poco::JSON::Object::Ptr o = newObject();
    toObject(*o, e);
    a->add(o);
  }
  return a;
}

// The plan as a plan file holds it (planToJson), every field; `explain --format json` gives the
// plan for one account the same way.
Poco::JSON::Object::Ptr planObject(const plan::Plan& plan);

}  // namespace membersync::report::json
