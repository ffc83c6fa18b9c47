#pragma once

#include <functional>
#include <memory>
#include <string>

namespace membersync::daemon {

// What the endpoint serves; called on the server's threads, so both must be thread-safe.
struct HealthSource {
  std::function<int()> status;           // 200 or 503
  std::function<std::string()> health;   // the JSON body of /healthz
  std::function<std::string()> metrics;  // the Prometheus text of /metrics
};

// The health and metrics endpoint: GET /healthz and GET /metrics over plain HTTP, on a Poco
// HTTPServer with two threads. Anything else answers 404; other methods 405. Poco stays in the
// .cpp.
class HealthServer {
 public:
  // Binds `listen` ("host:port"; port 0 picks a free one) and starts serving. Throws
  // std::invalid_argument for an address that cannot be parsed or resolved, and
  // std::runtime_error when it cannot be bound (a port in use).
  HealthServer(const std::string& listen, HealthSource source);
  ~HealthServer();  // stops the server, waiting for requests in progress
  HealthServer(const HealthServer&) = delete;
  HealthServer& operator=(const HealthServer&) = delete;

  // "127.0.0.1:9469", with the port actually bound.
  std::string boundAddress() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace membersync::daemon
