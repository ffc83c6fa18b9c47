#pragma once

#include <memory>

#include "jobs/center/options.h"
#include "jobs/center/transport.h"

namespace membersync::center {

// The real Transport: HTTP and HTTPS through Poco::Net.
// - TLS peers are verified (the system's CAs, or options.caFile alone when set); there is no
//   option to turn verification off.
// - One pool of kept-alive sessions per origin, at most options.maxConcurrency of them: send()
//   blocks until one is free, which makes maxConcurrency the limit of requests in flight.
// - Connect, send and read time-outs are options.timeout; options.proxy is an HTTP proxy.
// - A session that failed, or whose server asked to close, is discarded, never pooled.
// Thread-safe. The constructor throws std::invalid_argument for unusable options (a bad proxy,
// a CA file that cannot be loaded).
class PocoTransport final : public Transport {
 public:
  explicit PocoTransport(const ClientOptions& options);
  ~PocoTransport() override;
  PocoTransport(const PocoTransport&) = delete;
  PocoTransport& operator=(const PocoTransport&) = delete;

  TransportResult send(const HttpRequest& request) override;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace membersync::center
