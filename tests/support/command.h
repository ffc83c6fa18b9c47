#pragma once

#include <csignal>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace membersync::testing {

struct CommandResult {
  int exitCode = -1;
  std::string out;  // everything written to stdout
  std::string err;  // everything written to stderr
  int signal = 0;   // launchCommand() only: the signal that ended the child (exitCode is then -1)
};

// The environment in which membersync speaks Chinese with no Chinese locale on the machine
// (LANGUAGE under C.UTF-8), every other variable gettext reads cleared.
inline const std::map<std::string, std::string> kChineseByLanguage{
    {"LANGUAGE", "zh_CN"}, {"LC_ALL", "C.UTF-8"}, {"LC_MESSAGES", ""}, {"LANG", ""}};

// Runs `executable` with `args` to completion, capturing both output streams (read concurrently,
// so a chatty child cannot block on a full pipe). `env` entries are added to the environment.
CommandResult runCommand(const std::string& executable, const std::vector<std::string>& args,
                         const std::map<std::string, std::string>& env = {});

// A child started by launchCommand(), running while the test does something else (watches the
// emulator, then kills it, say). Its output is captured as runCommand() does. Not copyable.
// Destroying it without wait() kills the child (SIGKILL) and reaps it.
class RunningCommand {
 public:
  ~RunningCommand();
  RunningCommand(const RunningCommand&) = delete;
  RunningCommand& operator=(const RunningCommand&) = delete;

  int pid() const;
  // Without blocking: true while the child has not ended.
  bool running();
  // Sends `signal` to the child; a no-op once it has ended.
  void kill(int signal = SIGKILL);
  // Waits for the child to end and returns its output, exit code and (if a signal ended it) the
  // signal. Call it once.
  CommandResult wait();

 private:
  struct Impl;
  explicit RunningCommand(std::unique_ptr<Impl> impl);
  friend std::unique_ptr<RunningCommand> launchCommand(const std::string&,
                                                       const std::vector<std::string>&,
                                                       const std::map<std::string, std::string>&);
  std::unique_ptr<Impl> impl_;
};

// The run number in "Applied (run N)" of a sync's (or revert's) output; 0 if there is none.
long long appliedRun(const std::string& output);

// Starts `executable` with `args` and returns at once.
std::unique_ptr<RunningCommand> launchCommand(const std::string& executable,
                                              const std::vector<std::string>& args,
                                              const std::map<std::string, std::string>& env = {});

}  // namespace membersync::testing
