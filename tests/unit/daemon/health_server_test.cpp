// The health endpoint over a real loopback socket (port 0), read with Poco's HTTP client.

#include "daemon/health/health_server.h"

#include <atomic>
#include <catch2/catch.hpp>
#include <iterator>
#include <stdexcept>

#include <Poco/Net/HTTPClientSession.h>
#include <Poco/Net/HTTPRequest.h>
#include <Poco/Net/HTTPResponse.h>
#include <Poco/Net/SocketAddress.h>

namespace {

using membersync::daemon::HealthServer;
using membersync::daemon::HealthSource;

struct Reply {
  int status = 0;
  std::string contentType;
  std::string body;
};

Reply get(const std::string& address, const std::string& path,
          const std::string& method = Poco::Net::HTTPRequest::HTTP_GET) {
  Poco::Net::SocketAddress sa(address);
  Poco::Net::HTTPClientSession session(sa);
  Poco::Net::HTTPRequest request(method, path, Poco::Net::HTTPRequest::HTTP_1_1);
  session.sendRequest(request);
  Poco::Net::HTTPResponse response;
  std::istream& in = session.receiveResponse(response);
  Reply r;
  r.status = response.getStatus();
  r.contentType = response.getContentType();
  r.body.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  return r;
}

}  // namespace

TEST_CASE("health server: /healthz and /metrics on an ephemeral loopback port",
          "[daemon][health]") {
  std::atomic<int> status{200};
  HealthSource source;
  source.status = [&] { return status.load(); };
  source.health = [] { return std::string("{\"status\":\"ok\"}"); };
  source.metrics = [] { return std::string("membersync_runs_total{outcome=\"done\"} 1\n"); };
  HealthServer server("127.0.0.1:0", source);
  const std::string address = server.boundAddress();
  CHECK_THAT(address, Catch::StartsWith("127.0.0.1:"));
  CHECK(address != "127.0.0.1:0");

  auto health = get(address, "/healthz");
  CHECK(health.status == 200);
  CHECK(health.contentType == "application/json");
  CHECK(health.body == "{\"status\":\"ok\"}\n");
  status = 503;
  CHECK(get(address, "/healthz").status == 503);

  auto metrics = get(address, "/metrics");
  CHECK(metrics.status == 200);
  CHECK_THAT(metrics.contentType, Catch::StartsWith("text/plain; version=0.0.4"));
  CHECK(metrics.body == "membersync_runs_total{outcome=\"done\"} 1\n");

  CHECK(get(address, "/").status == 404);
  CHECK(get(address, "/healthz", Poco::Net::HTTPRequest::HTTP_POST).status == 405);
}

TEST_CASE("health server: an address that cannot be used is refused", "[daemon][health]") {
  HealthSource source;
  source.status = [] { return 200; };
  source.health = [] { return std::string("{}"); };
  source.metrics = [] { return std::string(); };
  CHECK_THROWS_AS(HealthServer("no-port-here", source), std::invalid_argument);
  HealthServer first("127.0.0.1:0", source);
  CHECK_THROWS_AS(HealthServer(first.boundAddress(), source), std::runtime_error);
}
