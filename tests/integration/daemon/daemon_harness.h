#pragma once

#include <sys/types.h>

#include <chrono>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace membersync::testing {

// Polls `condition` every 20 ms until it holds or `timeout` passes; returns whether it held.
// Tests wait for events this way, never for a fixed time.
bool eventually(const std::function<bool()>& condition,
                std::chrono::milliseconds timeout = std::chrono::seconds(30));

// A membersync (or any) process started in the background with stderr and stdout going to a
// file the test reads while it runs. Environment: the test's, minus systemd's variables
// (NOTIFY_SOCKET, JOURNAL_STREAM, WATCHDOG_*), plus `env`. Killed (SIGKILL) if still running when
// destroyed.
class BackgroundProcess {
 public:
  BackgroundProcess(const std::string& executable, const std::vector<std::string>& args,
                    const std::map<std::string, std::string>& env, const std::string& outputFile);
  ~BackgroundProcess();
  BackgroundProcess(const BackgroundProcess&) = delete;
  BackgroundProcess& operator=(const BackgroundProcess&) = delete;

  pid_t pid() const { return pid_; }
  void signal(int signo) const;
  // Everything written so far.
  std::string output() const;
  // The exit code once it exited (reaps it); nullopt while it runs. A death by signal is 128+N.
  std::optional<int> exitCode();
  // Waits for the exit up to `timeout`; nullopt when it is still running then.
  std::optional<int> waitForExit(std::chrono::milliseconds timeout);

 private:
  pid_t pid_ = -1;
  std::string outputFile_;
  std::optional<int> exit_;
};

// A unix datagram socket standing in for systemd's $NOTIFY_SOCKET: collects every sd_notify()
// message sent to it on a thread of its own.
class NotifySocket {
 public:
  explicit NotifySocket(const std::string& path);
  ~NotifySocket();
  NotifySocket(const NotifySocket&) = delete;
  NotifySocket& operator=(const NotifySocket&) = delete;

  const std::string& path() const { return path_; }
  std::vector<std::string> messages() const;
  // True once some message contains `text`.
  bool received(const std::string& text) const;

 private:
  std::string path_;
  int fd_ = -1;
  int stopFd_ = -1;
  mutable std::mutex mutex_;
  std::vector<std::string> messages_;
  std::thread reader_;
};

// GET http://address/path with Poco's HTTP client.
struct HttpReply {
  int status = 0;
  std::string contentType;
  std::string body;
};
HttpReply httpGet(const std::string& address, const std::string& path);

}  // namespace membersync::testing
