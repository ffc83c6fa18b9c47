// The token endpoint's answer (OAuth2, facts.md): the first byte picks the HTTP status, the rest
// is the body every grant gets. The provider must take it or refuse it without undefined
// behaviour (the lifetime arithmetic included), refresh on its own clock, and register every
// token it took with the scrubber, which then removes it from any text.
#include "jobs/center/tokens.h"
#include "jobs/core/manual_clock.h"
#include "jobs/core/scrubber.h"
#include "tests/fuzz/fuzz_support.h"

namespace {

using namespace membersync;
using namespace membersync::center;

class CannedTransport final : public Transport {
 public:
  CannedTransport(int status, std::string body) : status_(status), body_(std::move(body)) {}
  TransportResult send(const HttpRequest&) override {
    return TransportResult::answered(status_, body_);
  }

 private:
  int status_;
  std::string body_;
};

// No fragment of `redacted` (split at the markers) still holds `token`.
bool hides(const std::string& redacted, const std::string& token) {
  const std::string marker = "[redacted]";
  std::size_t from = 0;
  while (true) {
    const auto at = redacted.find(marker, from);
    const std::string piece = redacted.substr(from, at == std::string::npos ? at : at - from);
    if (piece.find(token) != std::string::npos) return false;
    if (at == std::string::npos) return true;
    from = at + marker.size();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  static const int kStatuses[] = {200, 200, 200, 200, 400, 401, 403, 429, 500, 302};
  const int status = kStatuses[data[0] % (sizeof kStatuses / sizeof kStatuses[0])];
  const std::string body = fuzz::text(data + 1, size - 1);

  ClientOptions options;
  options.tokenUrl = "https://uc.example.com/oauth/token";
  options.clientId = "membersync";
  options.clientSecret = Secret("client-secret");
  options.adminUser = "admin@acme";
  options.adminPassword = Secret("admin-password");
  CannedTransport transport(status, body);
  ManualClock clock;
  RateLimiter limiter(clock, 0);
  CallStats stats;
  Scrubber scrubber;
  TokenProvider tokens(options, transport, clock, limiter, stats, scrubber);

  const auto member = tokens.memberTokens();
  if (status != 200) FUZZ_CHECK(!member.ok());
  if (!member.ok()) {
    FUZZ_CHECK(member.error().describe().rfind("token endpoint", 0) == 0);
    return 0;
  }
  FUZZ_CHECK(!member.value().clientToken.empty());
  const auto check = tokens.check();
  FUZZ_CHECK(check.ok());
  // A day later every token has been renewed (or is still valid): never a failure here.
  clock.advance(std::chrono::hours(24));
  FUZZ_CHECK(tokens.memberTokens().ok());
  const std::string token = member.value().clientToken.reveal();
  // Each token joins the scrubber as it is issued (a "dact" must not loop inside the marker).
  if (token.size() >= Scrubber::kShortestSecret)
    FUZZ_CHECK(hides(scrubber.scrub("Bearer " + token + " " + body), token));
  return 0;
}
