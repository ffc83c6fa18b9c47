#include "tests/support/emulator_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <mutex>
#include <thread>

#include <Poco/Exception.h>
#include <Poco/Net/HTTPClientSession.h>
#include <Poco/Net/HTTPRequest.h>
#include <Poco/Net/HTTPResponse.h>
#include <Poco/Net/NetException.h>
#include <Poco/StreamCopier.h>

#include "tests/support/child_process.h"

extern char** environ;

namespace membersync::testing {
namespace {

const std::string kListeningPrefix = "listening on ";

std::string errnoText(const std::string& what) {
  return what + ": " + std::strerror(errno);
}

void ignoreSigpipeOnce() {
  static std::once_flag once;
  std::call_once(once, [] { ::signal(SIGPIPE, SIG_IGN); });
}


// Reads up to the first '\n' from `fd`, waiting at most `timeoutS` in all.
std::string readFirstLine(int fd, int timeoutS) {
  std::string line;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(timeoutS);
  for (;;) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) throw std::runtime_error("emulator printed no port within " + std::to_string(timeoutS) + " s");
    pollfd p{fd, POLLIN, 0};
    int ready = ::poll(&p, 1, static_cast<int>(left.count()));
    if (ready < 0 && errno == EINTR) continue;
    if (ready < 0) throw std::runtime_error(errnoText("poll on emulator stdout"));
    if (ready == 0) continue;
    char buf[256];
    ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) throw std::runtime_error(errnoText("read emulator stdout"));
    if (n == 0) throw std::runtime_error("emulator exited before listening (see its stderr)");
    line.append(buf, static_cast<std::size_t>(n));
    auto nl = line.find('\n');
    if (nl != std::string::npos) return line.substr(0, nl);
  }
}

int parsePort(const std::string& line) {
  auto colon = line.rfind(':');
  if (line.rfind(kListeningPrefix, 0) != 0 || colon == std::string::npos) {
    throw std::runtime_error("unexpected first line from the emulator: '" + line + "'");
  }
  try {
    return std::stoi(line.substr(colon + 1));
  } catch (const std::exception&) {
    throw std::runtime_error("no port in the emulator's first line: '" + line + "'");
  }
}

}  // namespace

struct EmulatorProcess::Impl {
  pid_t pid = -1;
  int stdoutFd = -1;  // kept open for the child's lifetime, so it never writes to a closed pipe
  int port = 0;

  ~Impl() {
    stopChild(pid);
    if (stdoutFd >= 0) ::close(stdoutFd);
  }
};

EmulatorProcess::EmulatorProcess() : EmulatorProcess(Options{}) {}

EmulatorProcess::EmulatorProcess(Options options) : impl_(std::make_unique<Impl>()) {
  ignoreSigpipeOnce();
  std::vector<std::string> args{emulatorExecutable(), "--fixture",
                                options.fixture.empty() ? demoFixture() : options.fixture};
  if (std::find(options.extraArgs.begin(), options.extraArgs.end(), "--listen") ==
      options.extraArgs.end()) {
    args.insert(args.end(), {"--listen", "127.0.0.1:0"});
  }
  args.insert(args.end(), options.extraArgs.begin(), options.extraArgs.end());
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);

  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) throw std::runtime_error(errnoText("pipe2"));
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, fds[1], STDOUT_FILENO);  // dup2 drops CLOEXEC
  // posix_spawn rather than fork: the test process may already run threads.
  int rc = ::posix_spawn(&impl_->pid, argv[0], &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  ::close(fds[1]);
  impl_->stdoutFd = fds[0];
  if (rc != 0) {
    impl_->pid = -1;
    throw std::runtime_error("cannot start " + args[0] + ": " + std::strerror(rc));
  }
  // On a throw, ~Impl stops the child.
  impl_->port = parsePort(readFirstLine(impl_->stdoutFd, options.startTimeoutS));
}

EmulatorProcess::~EmulatorProcess() = default;

int EmulatorProcess::port() const {
  return impl_->port;
}

std::string EmulatorProcess::baseUrl() const {
  return "http://127.0.0.1:" + std::to_string(impl_->port);
}

std::string EmulatorProcess::tokenUrl() const {
  return baseUrl() + "/uc/oauth/token";
}

EmulatorProcess::Response EmulatorProcess::request(
    const std::string& method, const std::string& pathAndQuery,
    const std::vector<std::pair<std::string, std::string>>& headers,
    const std::string& body) const {
  Poco::Net::HTTPClientSession session("127.0.0.1", static_cast<Poco::UInt16>(impl_->port));
  session.setTimeout(Poco::Timespan(30, 0));
  Poco::Net::HTTPRequest req(method, pathAndQuery, Poco::Net::HTTPMessage::HTTP_1_1);
  for (const auto& [name, value] : headers) req.add(name, value);
  if (!body.empty() || method == "POST" || method == "PUT") {
    req.setContentLength(static_cast<std::streamsize>(body.size()));
  }
  Response out;
  try {
    session.sendRequest(req) << body;
    Poco::Net::HTTPResponse resp;
    std::istream& in = session.receiveResponse(resp);
    out.status = static_cast<int>(resp.getStatus());
    out.reason = resp.getReason();
    Poco::StreamCopier::copyToString(in, out.body);
  } catch (const Poco::Net::NoMessageException&) {
    throw ConnectionDropped(method + " " + pathAndQuery + ": connection closed without an answer");
  } catch (const Poco::Exception& e) {
    throw std::runtime_error(method + " " + pathAndQuery + ": " + e.displayText());
  }
  return out;
}

namespace {

std::string inspect(const EmulatorProcess& emu, const std::string& method,
                    const std::string& path) {
  auto r = emu.request(method, path);
  if (r.status != 200) {
    throw std::runtime_error(method + " " + path + " answered " + std::to_string(r.status) + ": " +
                             r.body);
  }
  return r.body;
}

}  // namespace

std::string EmulatorProcess::state() const {
  return inspect(*this, "GET", "/_emulator/state");
}
std::string EmulatorProcess::stats() const {
  return inspect(*this, "GET", "/_emulator/stats");
}
void EmulatorProcess::reset() const {
  inspect(*this, "POST", "/_emulator/reset");
}
void EmulatorProcess::expireTokens() const {
  inspect(*this, "POST", "/_emulator/expire-tokens");
}

void EmulatorProcess::emptyLists(bool on) const {
  inspect(*this, "POST", on ? "/_emulator/empty-lists" : "/_emulator/empty-lists?on=false");
}

void EmulatorProcess::holdWritesAfter(int passes) const {
  inspect(*this, "POST", "/_emulator/hold-writes?after=" + std::to_string(passes));
}

void EmulatorProcess::holdAnswersAfter(int passes) const {
  inspect(*this, "POST", "/_emulator/hold-writes?after=" + std::to_string(passes) + "&acted=true");
}

void EmulatorProcess::releaseWrites() const {
  inspect(*this, "POST", "/_emulator/hold-writes?on=false");
}

std::string emulatorExecutable() {
  return MEMBERSYNC_TEST_EMULATOR_EXE;
}
std::string membersyncExecutable() {
  return MEMBERSYNC_TEST_MEMBERSYNC_EXE;
}
std::string sourceDir() {
  return MEMBERSYNC_TEST_SOURCE_DIR;
}
std::string demoFixture() {
  return MEMBERSYNC_TEST_DEMO_FIXTURE;
}

}  // namespace membersync::testing
