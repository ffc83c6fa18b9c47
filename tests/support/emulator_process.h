#pragma once

#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace membersync::testing {

// Thrown by EmulatorProcess::request() when the connection ends without any HTTP answer, which
// is what the emulator's --drop-after-commit does after carrying a write out.
class ConnectionDropped : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Starts the real membercenter-emulator executable on 127.0.0.1, port 0, and stops it (SIGTERM,
// then SIGKILL) when destroyed. The port is read from the emulator's first stdout line, so no
// test waits on a timer. Not copyable. The constructor throws std::runtime_error when the
// emulator cannot start (bad flag, bad fixture); its stderr goes to the test's stderr.
// Creating one sets SIGPIPE to ignored in the test process (a peer closing a connection must
// not kill the test).
class EmulatorProcess {
 public:
  struct Options {
    std::string fixture;                 // default: tests/emulator/fixtures/demo.json
    std::vector<std::string> extraArgs;  // e.g. {"--latency-ms", "20", "--reasonable-paging"}
    // "--listen 127.0.0.1:0" is added unless extraArgs has a --listen of its own.
    // How long it may take to load its fixture and print its port: a healthy emulator takes
    // milliseconds, one reading a fixture of 400,000 assets (scale_bench) a minute.
    int startTimeoutS = 30;
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
  void expireTokens() const;  // POST /_emulator/expire-tokens: every access token ends now
  // POST /_emulator/empty-lists: A6 and A8 answer [] (or, with `on` false, their data again).
  void emptyLists(bool on = true) const;
  // POST /_emulator/hold-writes?after=N: the next `passes` writes go through, later ones wait
  // inside the emulator, before they act, until releaseWrites().
  void holdWritesAfter(int passes) const;
  // POST /_emulator/hold-writes?after=N&acted=true: the same, but later writes act and only
  // their answers wait.
  void holdAnswersAfter(int passes) const;
  void releaseWrites() const;

  // A raw request to the emulator for tests that must craft what the client never sends.
  // Sends exactly the headers given (plus Host and, with a body, Content-Length) on a fresh
  // connection. Throws ConnectionDropped when the connection ends without an answer, and
  // std::runtime_error on other network failures.
  struct Response {
    int status = 0;
    std::string reason;  // e.g. "Business Exception" with status 299
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
