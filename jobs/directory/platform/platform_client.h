#pragma once

#include <chrono>
#include <functional>
#include <optional>
#include <string>

#include "jobs/center/transport.h"
#include "jobs/core/clock.h"
#include "jobs/core/scrubber.h"
#include "jobs/directory/person.h"
#include "jobs/directory/platform/platform_api.h"

// The calls of one walk of an organisation platform, through the one HTTPS client membersync
// has (center::Transport; PocoTransport in the process: verification, the deadline of each
// exchange, the answer cap, the proxy), whatever the vendor.
namespace membersync::directory::platform {

// A read that stopped on something a person must fix in the configuration or on the platform
// (a monthly quota spent, a permission the app lacks, an address not trusted, a walk the
// month's budget cannot pay for): membersync answers it with exit 78, never by retrying.
class PlatformConfigError : public ExportError {
 public:
  using ExportError::ExportError;
};

// Why `baseUrl` cannot be used, or nullopt: it must be https://, or http:// to a loopback
// address (127.0.0.0/8, [::1], localhost: tests and a local proxy), never plain HTTP across a
// network that would carry the app's secret and tokens.
std::optional<std::string> baseUrlProblem(const std::string& baseUrl);

struct CallLimits {
  // The whole walk, pauses included: a platform still limiting us when it runs out fails the
  // read (the run's time-out).
  Clock::Duration walkTimeout = std::chrono::minutes(10);
  Clock::Duration firstPause = std::chrono::seconds(1);  // doubled after each refusal
  Clock::Duration longestPause = std::chrono::seconds(30);
};

// Makes the calls of one walk: counts them, fetches the token when first needed and keeps it
// until it expires (by the Clock), fetches it again once when an answer says it expired, pauses
// and repeats a call refused for its rate (RateLimited: a vendor's code, an HTML page, HTTP 429)
// or that got no answer, with a doubling pause within CallLimits::walkTimeout, and otherwise
// stops: Quota and Permission throw PlatformConfigError, anything else ExportError, each naming
// `source`, the call and the vendor's code and message, scrubbed. Every token joins the
// scrubber as it is decoded. Not thread-safe: one walk, one thread.
class PlatformCalls {
 public:
  using MakeRequest = std::function<center::HttpRequest(const std::string& token)>;
  // Decodes an answer (status, body): the problem, kind Ok when the value was kept.
  using Decode = std::function<Problem(int status, const std::string& body)>;
  using FetchToken = std::function<center::HttpRequest()>;
  using DecodeToken = std::function<Answer<Token>(int status, const std::string& body)>;

  PlatformCalls(std::string source, center::Transport& transport, Clock& clock, Scrubber& scrubber,
                FetchToken tokenRequest, DecodeToken decodeToken, CallLimits limits = {});

  // One call that needs the token; its decoded value comes back.
  template <typename T>
  T call(const std::string& what, const MakeRequest& request,
         const std::function<Answer<T>(int, const std::string&)>& decode) {
    std::optional<T> value;
    callWithToken(what, request, [&](int status, const std::string& body) {
      Answer<T> a = decode(status, body);
      if (a.ok()) value = std::move(a.value);
      return a.problem;
    });
    return std::move(*value);
  }

  int calls() const { return calls_; }

 private:
  void callWithToken(const std::string& what, const MakeRequest& request, const Decode& decode);
  // Sends until the answer is not a rate limit or lost; returns its problem (Ok: decoded).
  Problem exchange(const std::function<center::HttpRequest()>& request, const Decode& decode);
  const std::string& token();
  [[noreturn]] void stop(const std::string& what, const Problem& p) const;

  std::string source_;
  center::Transport& transport_;
  Clock& clock_;
  Scrubber& scrubber_;
  FetchToken tokenRequest_;
  DecodeToken decodeToken_;
  CallLimits limits_;
  Clock::SteadyPoint deadline_;
  std::optional<Secret> token_;
  Clock::SteadyPoint tokenExpires_{};
  int calls_ = 0;
};

}  // namespace membersync::directory::platform
