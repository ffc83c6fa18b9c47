#include "tests/integration/daemon/daemon_harness.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <iterator>
#include <sstream>
#include <stdexcept>

#include <Poco/Net/HTTPClientSession.h>
#include <Poco/Net/HTTPRequest.h>
#include <Poco/Net/HTTPResponse.h>
#include <Poco/Net/SocketAddress.h>

extern char** environ;

namespace membersync::testing {

bool eventually(const std::function<bool()>& condition, std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  for (;;) {
    if (condition()) return true;
    if (std::chrono::steady_clock::now() >= deadline) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
}

BackgroundProcess::BackgroundProcess(const std::string& executable,
                                     const std::vector<std::string>& args,
                                     const std::map<std::string, std::string>& env,
                                     const std::string& outputFile)
    : outputFile_(outputFile) {
  std::vector<std::string> environment;
  for (char** e = environ; *e; ++e) {
    const std::string entry = *e;
    const std::string name = entry.substr(0, entry.find('='));
    if (name == "NOTIFY_SOCKET" || name == "JOURNAL_STREAM" || name.rfind("WATCHDOG_", 0) == 0 ||
        env.count(name)) {
      continue;
    }
    environment.push_back(entry);
  }
  for (const auto& [k, v] : env) environment.push_back(k + "=" + v);
  std::vector<char*> envp;
  for (auto& e : environment) envp.push_back(e.data());
  envp.push_back(nullptr);

  std::vector<std::string> argvStrings{executable};
  argvStrings.insert(argvStrings.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& a : argvStrings) argv.push_back(a.data());
  argv.push_back(nullptr);

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, outputFile.c_str(),
                                   O_WRONLY | O_CREAT | O_APPEND, 0644);
  posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO);
  posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  // The child starts with default signal handling and nothing blocked, whatever the test does.
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  sigset_t none;
  sigemptyset(&none);
  sigset_t defaults;
  sigemptyset(&defaults);
  for (int s : {SIGTERM, SIGINT, SIGQUIT, SIGHUP, SIGPIPE}) sigaddset(&defaults, s);
  posix_spawnattr_setsigmask(&attr, &none);
  posix_spawnattr_setsigdefault(&attr, &defaults);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
  const int rc = posix_spawn(&pid_, executable.c_str(), &actions, &attr, argv.data(), envp.data());
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attr);
  if (rc != 0) throw std::runtime_error("cannot start " + executable + ": " + std::strerror(rc));
}

BackgroundProcess::~BackgroundProcess() {
  if (!exit_ && pid_ > 0) {
    ::kill(pid_, SIGKILL);
    int status = 0;
    while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
    }
  }
}

void BackgroundProcess::signal(int signo) const {
  ::kill(pid_, signo);
}

std::string BackgroundProcess::output() const {
  std::ifstream in(outputFile_, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

std::optional<int> BackgroundProcess::exitCode() {
  if (exit_) return exit_;
  int status = 0;
  const pid_t r = ::waitpid(pid_, &status, WNOHANG);
  if (r != pid_) return std::nullopt;
  exit_ = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  return exit_;
}

std::optional<int> BackgroundProcess::waitForExit(std::chrono::milliseconds timeout) {
  eventually([this] { return exitCode().has_value(); }, timeout);
  return exit_;
}

NotifySocket::NotifySocket(const std::string& path) : path_(path) {
  fd_ = ::socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
  stopFd_ = ::eventfd(0, EFD_CLOEXEC);
  sockaddr_un addr{};
  addr.sun_family = AF_UNIX;
  if (path.size() >= sizeof addr.sun_path)
    throw std::runtime_error("socket path too long: " + path);
  std::strncpy(addr.sun_path, path.c_str(), sizeof addr.sun_path - 1);
  ::unlink(path.c_str());
  if (fd_ < 0 || stopFd_ < 0 || ::bind(fd_, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
    throw std::runtime_error("cannot bind " + path + ": " + std::strerror(errno));
  }
  reader_ = std::thread([this] {
    for (;;) {
      pollfd fds[2] = {{fd_, POLLIN, 0}, {stopFd_, POLLIN, 0}};
      if (::poll(fds, 2, -1) < 0 && errno == EINTR) continue;
      if (fds[1].revents) return;
      char buffer[4096];
      const ssize_t n = ::recv(fd_, buffer, sizeof buffer, 0);
      if (n > 0) {
        std::lock_guard<std::mutex> lock(mutex_);
        messages_.emplace_back(buffer, static_cast<std::size_t>(n));
      }
    }
  });
}

NotifySocket::~NotifySocket() {
  (void)eventfd_write(stopFd_, 1);
  reader_.join();
  ::close(fd_);
  ::close(stopFd_);
  ::unlink(path_.c_str());
}

std::vector<std::string> NotifySocket::messages() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return messages_;
}

bool NotifySocket::received(const std::string& text) const {
  std::lock_guard<std::mutex> lock(mutex_);
  for (const auto& m : messages_) {
    if (m.find(text) != std::string::npos) return true;
  }
  return false;
}

HttpReply httpGet(const std::string& address, const std::string& path) {
  Poco::Net::HTTPClientSession session{Poco::Net::SocketAddress(address)};
  session.setTimeout(Poco::Timespan(10, 0));
  Poco::Net::HTTPRequest request(Poco::Net::HTTPRequest::HTTP_GET, path,
                                 Poco::Net::HTTPRequest::HTTP_1_1);
  session.sendRequest(request);
  Poco::Net::HTTPResponse response;
  std::istream& in = session.receiveResponse(response);
  HttpReply r;
  r.status = response.getStatus();
  r.contentType = response.getContentType();
  r.body.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  return r;
}

}  // namespace membersync::testing
