#pragma once

#include <memory>
#include <stdexcept>
#include <string>

#include "daemon/console/console_app.h"

namespace membersync::console {

// The certificate or key cannot be loaded.
class TlsSetupError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The console on a Poco HTTPServer (HTTPS with a certificate and key), each request turned into
// an HttpRequest for ConsoleApp. Poco stays in the .cpp.
class ConsoleServer {
 public:
  // Binds `listen` ("host:port"). With certFile and keyFile, serves TLS 1.2 or newer. Throws
  // std::invalid_argument for an address that cannot be parsed, std::runtime_error when it
  // cannot be bound, TlsSetupError when the certificate or key cannot be loaded.
  ConsoleServer(ConsoleApp& app, const std::string& listen, const std::string& certFile,
                const std::string& keyFile);
  ~ConsoleServer();  // stops serving, waiting for requests in progress
  ConsoleServer(const ConsoleServer&) = delete;
  ConsoleServer& operator=(const ConsoleServer&) = delete;

  void start();
  std::string boundAddress() const;  // "127.0.0.1:8480"

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace membersync::console
