#pragma once

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <vector>

#include <Poco/Dynamic/Var.h>

// Internal to the fixture loader: a JSON value that knows where it sits ("members[2].name") so
// every complaint about a fixture names the file and the exact place.
namespace membersync::emulator {

class FixtureNode {
 public:
  FixtureNode(Poco::Dynamic::Var value, std::string path, std::string origin);

  const std::string& path() const { return path_; }
  bool isNull() const { return value_.isEmpty(); }
  bool isString() const { return value_.isString(); }
  const Poco::Dynamic::Var& raw() const { return value_; }

  // Object access. has() is false for absent keys and for null values.
  bool has(const std::string& key) const;
  FixtureNode at(const std::string& key) const;  // required key
  // Fails when the object holds a key not in `allowed`: catches typos in switch names.
  void allowOnly(std::initializer_list<const char*> allowed) const;

  std::string string() const;          // a string
  std::string nonEmptyString() const;  // a string with at least one character
  std::int64_t integer() const;        // an integral number
  bool boolean() const;
  std::vector<FixtureNode> items() const;    // an array
  std::vector<std::string> strings() const;  // an array of strings

  // Optional members with defaults.
  std::string string(const std::string& key, const std::string& fallback) const;
  std::int64_t integer(const std::string& key, std::int64_t fallback) const;
  bool boolean(const std::string& key, bool fallback) const;
  std::vector<FixtureNode> items(const std::string& key) const;  // empty when absent

  // Throws FixtureError "<origin>: <path>: <what>".
  [[noreturn]] void fail(const std::string& what) const;

 private:
  void requireObject() const;

  Poco::Dynamic::Var value_;
  std::string path_;
  std::string origin_;
};

}  // namespace membersync::emulator
