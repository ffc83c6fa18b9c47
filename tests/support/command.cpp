#include "tests/support/command.h"

#include <Poco/Pipe.h>
#include <Poco/PipeStream.h>
#include <Poco/Process.h>

#include <iterator>
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

}  // namespace membersync::testing
