#include "tests/support/smtp_process.h"

#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <fstream>
#include <iterator>
#include <stdexcept>

#include "tests/support/child_process.h"
#include "tests/support/temp_dir.h"

extern char** environ;

namespace membersync::testing {
namespace {

constexpr int kStartTimeoutMs = 20000;  // the server prints its port within ~200 ms when idle

const std::string kCerts = std::string(MEMBERSYNC_TEST_SOURCE_DIR) + "/tests/integration/tls/certs/";

std::string fileText(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// The last 2,000 characters of the server's log, enough to tell why it did not start.
std::string logTail(const std::filesystem::path& log) {
  const std::string text = fileText(log);
  return text.size() <= 2000 ? text : "..." + text.substr(text.size() - 2000);
}

// A stored mail: "from A" and "to B" lines, an empty line, then the data (smtp_server.py).
ReceivedMail parseMail(const std::string& file) {
  ReceivedMail mail;
  std::size_t at = 0;
  for (;;) {
    const auto end = file.find('\n', at);
    if (end == std::string::npos) throw std::runtime_error("a stored mail without its data");
    const std::string line = file.substr(at, end - at);
    at = end + 1;
    if (line.empty()) break;
    if (line.rfind("from ", 0) == 0) mail.from = line.substr(5);
    if (line.rfind("to ", 0) == 0) mail.to.push_back(line.substr(3));
  }
  mail.content = file.substr(at);
  return mail;
}

}  // namespace

struct SmtpProcess::Impl {
  TempDir dir;
  Options options;
  pid_t pid = -1;

  ~Impl() { stopChild(pid); }

  std::filesystem::path log() const { return dir.path() / "server.log"; }

  std::vector<std::string> arguments() const {
    std::vector<std::string> args{MEMBERSYNC_TEST_PYTHON, "-I", MEMBERSYNC_TEST_SMTP_SERVER,
                                  "--folder", dir.path().string(), "--port",
                                  std::to_string(options.port)};
    if (options.tls != Tls::None) {
      args.insert(args.end(), {"--tls", options.tls == Tls::StartTls ? "starttls" : "implicit",
                               "--cert", kCerts + "server.pem", "--key", kCerts + "server.key"});
    }
    if (options.requireStartTls) args.emplace_back("--require-starttls");
    if (!options.authUser.empty()) {
      // The password goes through a file, not the command line other processes can read.
      args.insert(args.end(), {"--auth-user", options.authUser, "--auth-password-file",
                               dir.write("auth-password", options.authPassword).string()});
      if (options.authRequireTls) args.emplace_back("--auth-require-tls");
    }
    return args;
  }

  // Starts the server with stdout on a pipe and waits for the port it prints: listening then.
  void launch() {
    int out[2];
    if (::pipe2(out, O_CLOEXEC) != 0) throw std::runtime_error(std::string("pipe: ") + std::strerror(errno));
    std::vector<std::string> args = arguments();
    std::vector<char*> argv;
    for (std::string& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    const std::string logPath = log().string();
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&actions, out[1], STDOUT_FILENO);
    posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, logPath.c_str(),
                                     O_WRONLY | O_CREAT | O_APPEND, 0600);
    // posix_spawn, not fork: the test process may run threads.
    const int rc = ::posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    ::close(out[1]);
    if (rc != 0) {
      ::close(out[0]);
      pid = -1;
      throw std::runtime_error(std::string("cannot start the SMTP server: ") + std::strerror(rc));
    }
    std::string printed;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(kStartTimeoutMs);
    while (printed.find('\n') == std::string::npos) {
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
          deadline - std::chrono::steady_clock::now());
      pollfd p{out[0], POLLIN, 0};
      const int ready = left.count() > 0 ? ::poll(&p, 1, static_cast<int>(left.count())) : 0;
      if (ready < 0 && errno == EINTR) continue;
      char buffer[64];
      const ssize_t n = ready > 0 ? ::read(out[0], buffer, sizeof buffer) : 0;
      if (n <= 0) {  // the deadline, or the server ended without a port
        ::close(out[0]);
        stopChild(pid);
        pid = -1;
        throw std::runtime_error("the SMTP server did not start:\n" + logTail(log()));
      }
      printed.append(buffer, static_cast<std::size_t>(n));
    }
    ::close(out[0]);
    options.port = std::stoi(printed);
  }
};

SmtpProcess::SmtpProcess() : SmtpProcess(Options{}) {}

SmtpProcess::SmtpProcess(Options options) : impl_(std::make_unique<Impl>()) {
  impl_->options = std::move(options);
  impl_->launch();
}

SmtpProcess::~SmtpProcess() = default;

void SmtpProcess::stop() {
  stopChild(impl_->pid);
  impl_->pid = -1;
}

void SmtpProcess::start() {
  if (!running()) impl_->launch();
}

bool SmtpProcess::running() const {
  return impl_->pid > 0;
}

int SmtpProcess::port() const {
  return impl_->options.port;
}

std::filesystem::path SmtpProcess::folder() const {
  return impl_->dir.path();
}

std::vector<ReceivedMail> SmtpProcess::mails() const {
  std::vector<std::filesystem::path> files;
  const auto dir = folder() / "mails";
  if (std::filesystem::exists(dir)) {
    for (const auto& entry : std::filesystem::directory_iterator(dir)) files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());  // names start with the time of arrival
  std::vector<ReceivedMail> mails;
  for (const auto& file : files) mails.push_back(parseMail(fileText(file)));
  return mails;
}

void SmtpProcess::killOnNextMail(pid_t pid) const {
  // Written aside and renamed: the server never reads half a number.
  const auto aside = impl_->dir.write("kill-pid.new", std::to_string(pid) + "\n");
  std::filesystem::rename(aside, killPidFile());
}

std::filesystem::path SmtpProcess::killPidFile() const {
  return folder() / "kill-pid";
}

std::string SmtpProcess::caFile() {
  return kCerts + "test-ca.pem";
}

}  // namespace membersync::testing
