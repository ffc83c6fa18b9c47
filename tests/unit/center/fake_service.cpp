#include "tests/unit/center/fake_service.h"

namespace membersync::center::testing {

ClientOptions testOptions() {
  ClientOptions o;
  o.baseUrl = kBase;
  o.tokenUrl = kTokenUrl;
  o.enterpriseGlobalId = "ENT-ACME-0001";
  o.clientId = "membersync-demo";
  o.clientSecret = Secret(kClientSecret);
  o.adminUser = "admin@acme";
  o.adminPassword = Secret(kAdminPassword);
  o.retry.maxAttempts = 4;
  o.retry.baseDelay = std::chrono::milliseconds(100);
  o.retry.maxDelay = std::chrono::milliseconds(1000);
  return o;
}

TransportResult FakeService::send(const HttpRequest& request) {
  if (request.url == kTokenUrl) return answerToken(request);
  std::function<TransportResult(const HttpRequest&)> h;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    api_.push_back(request);
    if (!queue_.empty()) {
      TransportResult next = queue_.front();
      queue_.pop_front();
      return next;
    }
    h = handler;
  }
  if (h) return h(request);
  return TransportResult::answered(500, "no scripted answer");
}

TransportResult FakeService::answerToken(const HttpRequest& request) {
  const bool password = request.body.find("grant_type=password") != std::string::npos;
  const std::string grant = password ? "password" : "client_credentials";
  {
    std::lock_guard<std::mutex> lock(mutex_);
    tokens_.push_back(request);
  }
  if (tokenHandler)
    if (auto answer = tokenHandler(request, grant)) return *answer;
  std::lock_guard<std::mutex> lock(mutex_);
  const int n = password ? ++passwordGrants_ : ++clientGrants_;
  const std::string token = (password ? "user-token-" : "client-token-") + std::to_string(n);
  return TransportResult::answered(
      200, R"({"access_token":")" + token + R"(","token_type":"bearer","expires_in":)" +
               std::to_string(expiresIn) + R"(,"scope":")" + scope + R"("})");
}

void FakeService::push(TransportResult answer) {
  std::lock_guard<std::mutex> lock(mutex_);
  queue_.push_back(std::move(answer));
}

int FakeService::grants(const std::string& grantType) const {
  std::lock_guard<std::mutex> lock(mutex_);
  return grantType == "password" ? passwordGrants_ : clientGrants_;
}

std::vector<HttpRequest> FakeService::apiRequests() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return api_;
}

std::vector<HttpRequest> FakeService::tokenRequests() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return tokens_;
}

TransportResult okAnswer(const std::string& dataJson) {
  return TransportResult::answered(200, R"({"code":0,"message":"success","data":)" + dataJson + "}");
}

TransportResult businessAnswer(const std::string& code, const std::string& message,
                               const std::string& dataJson, int status) {
  return TransportResult::answered(status, R"({"code":")" + code + R"(","message":")" + message +
                                               R"(","cause":"detail","data":)" + dataJson + "}");
}

std::string header(const HttpRequest& request, const std::string& name) {
  for (const auto& [n, v] : request.headers)
    if (n == name) return v;
  return "";
}

bool hasHeader(const HttpRequest& request, const std::string& name) {
  for (const auto& h : request.headers)
    if (h.first == name) return true;
  return false;
}

std::string queryParam(const HttpRequest& request, const std::string& name) {
  const auto q = request.url.find('?');
  if (q == std::string::npos) return "";
  const std::string query = "&" + request.url.substr(q + 1) + "&";
  const auto at = query.find("&" + name + "=");
  if (at == std::string::npos) return "";
  const auto start = at + name.size() + 2;
  return query.substr(start, query.find('&', start) - start);
}

std::string pathOf(const HttpRequest& request) {
  const std::string rest = request.url.substr(kBase.size());
  return rest.substr(0, rest.find('?'));
}

void CountingRandom::fill(std::uint8_t* out, std::size_t n) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (!repeat) ++counter_;
  for (std::size_t i = 0; i < n; ++i) out[i] = static_cast<std::uint8_t>((counter_ >> (8 * (i % 8))) + i);
}

}  // namespace membersync::center::testing
