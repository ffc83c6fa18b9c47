#include "tests/support/command.h"

#include <Poco/Pipe.h>
#include <Poco/PipeStream.h>
#include <Poco/Process.h>

#include <sys/types.h>
#include <sys/wait.h>

#include <cerrno>
#include <iterator>
#include <regex>
#include <stdexcept>
#include <thread>

namespace membersync::testing {

CommandResult runCommand(const std::string& executable, const std::vector<std::string>& args,
                         const std::map<std::string, std::string>& env) {
  Poco::Pipe outPipe;
  Poco::Pipe errPipe;
  Poco::Process::Env childEnv(env.begin(), env.end());
  Poco::ProcessHandle handle =
      Poco::Process::launch(executable, args, "", nullptr, &outPipe, &errPipe, childEnv);
  CommandResult result;
  std::thread errReader([&] {
    Poco::PipeInputStream in(errPipe);
    result.err.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  });
  Poco::PipeInputStream in(outPipe);
  result.out.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  errReader.join();
  result.exitCode = handle.wait();
  return result;
}

struct RunningCommand::Impl {
  Poco::Pipe outPipe;
  Poco::Pipe errPipe;
  pid_t pid = -1;
  bool ended = false;
  int status = 0;
  bool waited = false;
  CommandResult result;
  std::thread outReader;
  std::thread errReader;

  // Records the child's status once it has ended; `block` waits for that.
  void reap(bool block) {
    if (ended) return;
    for (;;) {
      const pid_t rc = ::waitpid(pid, &status, block ? 0 : WNOHANG);
      if (rc == pid) {
        ended = true;
        return;
      }
      if (rc == 0) return;  // still running
      if (errno == EINTR) continue;
      throw std::runtime_error("waitpid failed for child " + std::to_string(pid));
    }
  }
};

RunningCommand::RunningCommand(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}

RunningCommand::~RunningCommand() {
  if (!impl_->waited) {
    kill(SIGKILL);
    try {
      wait();
    } catch (...) {
      // A destructor must not throw; the child is gone or was never there.
    }
  }
}

int RunningCommand::pid() const {
  return impl_->pid;
}

bool RunningCommand::running() {
  impl_->reap(false);
  return !impl_->ended;
}

void RunningCommand::kill(int signal) {
  impl_->reap(false);
  if (!impl_->ended) ::kill(impl_->pid, signal);
}

CommandResult RunningCommand::wait() {
  if (impl_->waited) throw std::logic_error("RunningCommand::wait called twice");
  impl_->waited = true;
  if (impl_->outReader.joinable()) impl_->outReader.join();
  if (impl_->errReader.joinable()) impl_->errReader.join();
  impl_->reap(true);
  CommandResult r = std::move(impl_->result);
  if (WIFEXITED(impl_->status)) {
    r.exitCode = WEXITSTATUS(impl_->status);
  } else if (WIFSIGNALED(impl_->status)) {
    r.exitCode = -1;
    r.signal = WTERMSIG(impl_->status);
  }
  return r;
}

std::unique_ptr<RunningCommand> launchCommand(const std::string& executable,
                                              const std::vector<std::string>& args,
                                              const std::map<std::string, std::string>& env) {
  auto impl = std::make_unique<RunningCommand::Impl>();
  Poco::Process::Env childEnv(env.begin(), env.end());
  Poco::ProcessHandle handle = Poco::Process::launch(executable, args, "", nullptr, &impl->outPipe,
                                                     &impl->errPipe, childEnv);
  impl->pid = static_cast<pid_t>(handle.id());
  RunningCommand::Impl* raw = impl.get();
  // Both streams are drained from the start, so a chatty child never blocks on a full pipe.
  impl->outReader = std::thread([raw] {
    Poco::PipeInputStream in(raw->outPipe);
    raw->result.out.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  });
  impl->errReader = std::thread([raw] {
    Poco::PipeInputStream in(raw->errPipe);
    raw->result.err.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  });
  return std::unique_ptr<RunningCommand>(new RunningCommand(std::move(impl)));
}

long long appliedRun(const std::string& output) {
  static const std::regex kApplied(R"(Applied \(run (\d+)\))");
  std::smatch m;
  if (!std::regex_search(output, m, kApplied)) return 0;
  return std::stoll(m[1].str());
}

}  // namespace membersync::testing
