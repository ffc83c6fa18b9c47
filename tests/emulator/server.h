#pragma once

#include <functional>
#include <memory>

#include "tests/emulator/options.h"

namespace membersync::emulator {

class Emulator;

// Serves an Emulator over HTTP/1.1 (Poco HTTPServer, keep-alive, 64 worker threads). Listens as
// soon as it is constructed; stop() (or the destructor) closes the listener and open connections.
class Server {
 public:
  // Throws std::runtime_error when the address cannot be bound. `emulator` must outlive it.
  Server(Emulator& emulator, const ServerOptions& options);
  ~Server();
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  int port() const;
  void stop();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace membersync::emulator
