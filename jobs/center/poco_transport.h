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
// - options.timeout ([center] timeout_s) bounds each exchange as a whole: connect, send and the
//   complete answer, however slowly it trickles in (a DeadlineWatch shuts the socket down when
//   time is up). Run out after sending, a call is NoAnswer; before, NotSent. The wait for a free
//   connection is not counted. options.proxy is an HTTP proxy.
// - An answer larger than options.maxAnswerMb is TooLarge, read no further than that; answers
//   over ClientOptions::kLargeAnswerBytes are read one at a time and hand their permit on in
//   TransportResult::hold, so they are also decoded one at a time.
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
