#pragma once

#include <deque>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "jobs/center/options.h"
#include "jobs/center/transport.h"
#include "jobs/core/random_source.h"

namespace membersync::center::testing {

inline const std::string kBase = "https://center.test";
inline const std::string kTokenUrl = "https://center.test/uc/oauth/token";
inline const std::string kClientSecret = "s3cret-client-Zq8";
inline const std::string kAdminPassword = "p@ss word&=+%-Adm1n";

// Options pointing at the fake service; retries of 4 attempts, 100 ms base delay, 1 s cap.
ClientOptions testOptions();

// A scriptable stand-in for the service, no sockets. The token endpoint answers by itself
// (client_credentials tokens "client-token-N", password grant tokens "user-token-N"); every other
// request gets the next scripted answer, or the handler's when none is queued. Thread-safe.
class FakeService final : public Transport {
 public:
  TransportResult send(const HttpRequest& request) override;

  // Answers to API calls, consumed in order before `handler` is asked.
  void push(TransportResult answer);
  std::function<TransportResult(const HttpRequest&)> handler;
  // Answers the token endpoint instead of the default when it returns an answer. `grant` is
  // "client_credentials" or "password".
  std::function<std::optional<TransportResult>(const HttpRequest&, const std::string& grant)> tokenHandler;
  long long expiresIn = 7200;
  std::string scope = "auth_me auth_activity";

  int grants(const std::string& grantType) const;
  std::vector<HttpRequest> apiRequests() const;
  std::vector<HttpRequest> tokenRequests() const;

 private:
  TransportResult answerToken(const HttpRequest& request);

  mutable std::mutex mutex_;
  std::deque<TransportResult> queue_;
  std::vector<HttpRequest> api_;
  std::vector<HttpRequest> tokens_;
  int clientGrants_ = 0;
  int passwordGrants_ = 0;
};

// {"code":0,"message":"success","data":<dataJson>} with HTTP 200.
TransportResult okAnswer(const std::string& dataJson = "null");
// {"code":"<code>","message":...,"cause":...,"data":<dataJson>} with HTTP 299.
TransportResult businessAnswer(const std::string& code, const std::string& message = "error",
                               const std::string& dataJson = "null", int status = 299);

// A header's value ("" when absent) and a query parameter's value ("" when absent).
std::string header(const HttpRequest& request, const std::string& name);
bool hasHeader(const HttpRequest& request, const std::string& name);
std::string queryParam(const HttpRequest& request, const std::string& name);
std::string pathOf(const HttpRequest& request);

// A RandomSource that never repeats (a counter), or repeats the same bytes when told to.
class CountingRandom final : public RandomSource {
 public:
  void fill(std::uint8_t* out, std::size_t n) override;
  bool repeat = false;

 private:
  std::mutex mutex_;
  std::uint64_t counter_ = 0;
};

}  // namespace membersync::center::testing
