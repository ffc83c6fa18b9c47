#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "jobs/center/activity.h"

namespace membersync {
class Scrubber;
}

namespace membersync::center {

// What a caller does about a failed call.
enum class ErrorKind {
  RetryLater,     // transient (500, 80001, 1002, network, time-out): re-send on a later run
  RenewTokens,    // 60000/60005 before renewal; a call returns it as Configuration once renewed
  BadInput,       // the request was refused as invalid: re-send only after the input changed
  Conflict,       // the service's state forbids it (already lent, configured twice, ...)
  NotFound,       // the member or asset does not exist
  Configuration,  // credentials, scopes, enterprise or TLS settings: a person must fix them
  Protocol,       // an answer that does not follow the spec (bad JSON, unknown code, HTTP status)
};
inline constexpr int kErrorKindCount = 7;
const char* toString(ErrorKind kind);

// A failed call, described. Never holds a token, secret or password.
struct Error {
  std::string endpoint;       // "A1 add members"
  std::string code;           // the service's code ("50003", "3002"); empty for transport,
                              // decoding and local problems
  ErrorKind kind = ErrorKind::Protocol;
  std::string message;        // English, templates filled ("password length must lie between 8 and 20")
  std::string serverMessage;  // the service's own text, as sent
  std::string cause;          // the service's `cause`, when sent
  int httpStatus = 0;         // 0 when no answer came
  std::vector<ActivityEntry> activities;  // B1 code 3002: activities and units with their reasons

  // One line for logs and reports: "A1 add members: code 50003: password length ...
  // [server: ...; cause: ...; HTTP 299]". The kind is not in it: it is no word for people.
  std::string describe() const;
};

// `error` with every text the service may have written (code, message, serverMessage, cause,
// the activities' names and reasons) passed through `scrubber`.
Error scrubbed(Error error, const Scrubber& scrubber);

// The three ways a call ends.
enum class Outcome {
  Ok,       // done; value() holds the result
  Failed,   // not done (the service refused, or the request never reached it); error() says why
  Unknown,  // the request may have reached the service and no answer came: settle it by reading
};

// The result of a call: a value the caller must look at, never an exception.
template <class T>
class [[nodiscard]] Result {
 public:
  static Result success(T value) { return Result(Outcome::Ok, std::move(value), std::nullopt); }
  static Result failure(Error error) { return Result(Outcome::Failed, std::nullopt, std::move(error)); }
  // `why` says what happened (kind RetryLater, no code, no HTTP status).
  static Result unknown(Error why) { return Result(Outcome::Unknown, std::nullopt, std::move(why)); }
  // The same Failed or Unknown outcome carried over from a result of another type.
  template <class U>
  static Result carry(const Result<U>& other) {
    if (other.ok()) throw std::logic_error("Result::carry of an Ok result");
    return Result(other.outcome(), std::nullopt, other.error());
  }

  Outcome outcome() const { return outcome_; }
  bool ok() const { return outcome_ == Outcome::Ok; }
  bool failed() const { return outcome_ == Outcome::Failed; }
  bool unknown() const { return outcome_ == Outcome::Unknown; }

  // The value; throws std::logic_error unless ok().
  const T& value() const& { return (requireValue(), *value_); }
  T& value() & { return (requireValue(), *value_); }
  T&& value() && { return (requireValue(), std::move(*value_)); }

  // Why the call failed or is in doubt; throws std::logic_error when ok().
  const Error& error() const {
    if (!error_) throw std::logic_error("Result::error of an Ok result");
    return *error_;
  }

 private:
  Result(Outcome o, std::optional<T> v, std::optional<Error> e)
      : outcome_(o), value_(std::move(v)), error_(std::move(e)) {}
  void requireValue() const {
    if (!value_) throw std::logic_error("Result::value of a result that is not Ok: " + error_->describe());
  }

  Outcome outcome_;
  std::optional<T> value_;
  std::optional<Error> error_;
};

// The value of calls that return nothing but their outcome.
struct Done {};
using Status = Result<Done>;

}  // namespace membersync::center
