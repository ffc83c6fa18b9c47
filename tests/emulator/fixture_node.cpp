#include "tests/emulator/fixture_node.h"

#include <algorithm>

#include <Poco/Exception.h>
#include <Poco/JSON/Array.h>
#include <Poco/JSON/Object.h>

#include "tests/emulator/fixture.h"

namespace membersync::emulator {

FixtureNode::FixtureNode(Poco::Dynamic::Var value, std::string path, std::string origin)
    : value_(std::move(value)), path_(std::move(path)), origin_(std::move(origin)) {}

void FixtureNode::fail(const std::string& what) const {
  throw FixtureError(origin_ + ": " + (path_.empty() ? "top level" : path_) + ": " + what);
}

void FixtureNode::requireObject() const {
  if (value_.type() != typeid(Poco::JSON::Object::Ptr)) fail("expected an object");
}

bool FixtureNode::has(const std::string& key) const {
  requireObject();
  auto obj = value_.extract<Poco::JSON::Object::Ptr>();
  return obj->has(key) && !obj->isNull(key);
}

FixtureNode FixtureNode::at(const std::string& key) const {
  requireObject();
  auto obj = value_.extract<Poco::JSON::Object::Ptr>();
  std::string childPath = path_.empty() ? key : path_ + "." + key;
  if (!obj->has(key) || obj->isNull(key)) {
    FixtureNode(Poco::Dynamic::Var(), childPath, origin_).fail("required, missing");
  }
  return FixtureNode(obj->get(key), childPath, origin_);
}

void FixtureNode::allowOnly(std::initializer_list<const char*> allowed) const {
  requireObject();
  auto obj = value_.extract<Poco::JSON::Object::Ptr>();
  for (const auto& [key, unused] : *obj) {
    (void)unused;
    bool known =
        std::any_of(allowed.begin(), allowed.end(), [&](const char* a) { return key == a; });
    if (!known) fail("unknown key '" + key + "'");
  }
}

std::string FixtureNode::string() const {
  if (!value_.isString()) fail("expected a string");
  return value_.extract<std::string>();
}

std::string FixtureNode::nonEmptyString() const {
  std::string s = string();
  if (s.empty()) fail("must not be empty");
  return s;
}

std::int64_t FixtureNode::integer() const {
  if (!value_.isInteger()) fail("expected an integer");
  try {
    return value_.convert<std::int64_t>();
  } catch (const Poco::Exception&) {
    fail("integer out of range");
  }
}

bool FixtureNode::boolean() const {
  if (!value_.isBoolean()) fail("expected true or false");
  return value_.extract<bool>();
}

std::vector<FixtureNode> FixtureNode::items() const {
  if (value_.type() != typeid(Poco::JSON::Array::Ptr)) fail("expected an array");
  auto arr = value_.extract<Poco::JSON::Array::Ptr>();
  std::vector<FixtureNode> out;
  for (std::size_t i = 0; i < arr->size(); ++i) {
    out.emplace_back(arr->get(static_cast<unsigned>(i)), path_ + "[" + std::to_string(i) + "]",
                     origin_);
  }
  return out;
}

std::vector<std::string> FixtureNode::strings() const {
  std::vector<std::string> out;
  for (const FixtureNode& item : items()) out.push_back(item.string());
  return out;
}

std::string FixtureNode::string(const std::string& key, const std::string& fallback) const {
  return has(key) ? at(key).string() : fallback;
}

std::int64_t FixtureNode::integer(const std::string& key, std::int64_t fallback) const {
  return has(key) ? at(key).integer() : fallback;
}

bool FixtureNode::boolean(const std::string& key, bool fallback) const {
  return has(key) ? at(key).boolean() : fallback;
}

std::vector<FixtureNode> FixtureNode::items(const std::string& key) const {
  return has(key) ? at(key).items() : std::vector<FixtureNode>{};
}

}  // namespace membersync::emulator
