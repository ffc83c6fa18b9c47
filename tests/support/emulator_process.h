#pragma once

#include <memory>
#include <string>
#include <vector>

namespace membersync::testing {

// Starts the real membercenter-emulator executable on 127.0.0.1, port 0, and stops it (SIGTERM,
// then SIGKILL) when destroyed. The port is read from the emulator's first stdout line, so no
// test waits on a timer. Not copyable.
class EmulatorProcess {
 public:
  struct Options {
    std::string fixture;                // default: tests/emulator/fixtures/demo.json
    std::vector<std::string> extraArgs;  // e.g. {"--latency-ms", "20", "--reasonable-paging"}
  };

  EmulatorProcess();
  explicit EmulatorProcess(Options options);
  ~EmulatorProcess();
  EmulatorProcess(const EmulatorProcess&) = delete;
  EmulatorProcess& operator=(const EmulatorProcess&) = delete;

  int port() const;
  std::string baseUrl() const;   // "http://127.0.0.1:PORT"
  std::string tokenUrl() const;  // baseUrl() + the emulator's token path

  // Inspection endpoints, as raw JSON text. Throw std::runtime_error on a non-200 answer.
  std::string state() const;  // GET /_emulator/state
  std::string stats() const;  // GET /_emulator/stats
  void reset() const;         // POST /_emulator/reset

  // A raw request to the emulator for tests that must craft what the client never sends.
  struct Response {
    int status = 0;
    std::string body;
  };
  Response request(const std::string& method, const std::string& pathAndQuery,
                   const std::vector<std::pair<std::string, std::string>>& headers = {},
                   const std::string& body = "") const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// Paths of the built executables and the source tree, baked in at build time.
std::string emulatorExecutable();
std::string membersyncExecutable();
std::string sourceDir();
std::string demoFixture();

}  // namespace membersync::testing
