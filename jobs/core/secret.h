#pragma once

#include <ostream>
#include <string>
#include <utility>

namespace membersync {

// A credential, token or generated password. It cannot be streamed or formatted by accident:
// operator<< prints a placeholder, and the value is reachable only through reveal(), which makes
// every place a secret leaves the process easy to find.
class Secret {
 public:
  Secret() = default;
  explicit Secret(std::string value) : value_(std::move(value)) {}

  const std::string& reveal() const { return value_; }
  bool empty() const { return value_.empty(); }

  friend bool operator==(const Secret& a, const Secret& b) { return a.value_ == b.value_; }
  friend bool operator!=(const Secret& a, const Secret& b) { return !(a == b); }
  friend std::ostream& operator<<(std::ostream& os, const Secret&) { return os << "[redacted]"; }

 private:
  std::string value_;
};

}  // namespace membersync
