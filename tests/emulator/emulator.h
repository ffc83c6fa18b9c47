#pragma once

#include <cstdint>
#include <memory>

#include "tests/emulator/http_types.h"
#include "tests/emulator/model.h"
#include "tests/emulator/options.h"

namespace membersync {
class Clock;
}

namespace membersync::emulator {

// The member center, the activity service and the token endpoint behind one entry point:
// handle() routes a request, checks g_nonce and tokens, injects the configured faults, runs the
// endpoint and counts the call. Thread-safe: one mutex is held for the whole of each call
// (latency is added by the server, outside it). `clock` must outlive the Emulator.
class Emulator {
 public:
  Emulator(Fixture fixture, ServiceOptions options, const Clock& clock);
  ~Emulator();
  Emulator(const Emulator&) = delete;
  Emulator& operator=(const Emulator&) = delete;

  Reply handle(const Request& request);

  // The server streams some answers itself (--drip-ms, --huge-answer-mb) and reports here what
  // became of each, for /_emulator/stats: started before its first byte is written; finished with
  // the bytes the connection accepted and whether the whole answer went out (false: the peer
  // closed first).
  void streamStarted();
  void streamFinished(std::int64_t bytesWritten, bool complete);

  // True for the service endpoints (token, A1-A10, B1), which --latency-ms slows down; false
  // for /_emulator/* and unknown paths.
  static bool isServicePath(const std::string& path);
  // True for the write endpoints (A1-A4, A9, A10, B1), which /_emulator/hold-writes holds.
  static bool isWriteRequest(const std::string& method, const std::string& path);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace membersync::emulator
