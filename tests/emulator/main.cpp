// membercenter-emulator: wires the command line, the fixture, the Emulator and the HTTP server,
// prints "listening on HOST:PORT" (the test harness reads it) and runs until SIGTERM or SIGINT.
#include <signal.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <random>
#include <string>
#include <vector>

#include "jobs/core/clock.h"
#include "tests/emulator/emulator.h"
#include "tests/emulator/fixture.h"
#include "tests/emulator/options.h"
#include "tests/emulator/server.h"

namespace {

constexpr int kExitUsage = 64;   // bad command line
constexpr int kExitConfig = 78;  // bad fixture

// Written to a temporary name and renamed, so a reader never sees a half-written file.
void writePortFile(const std::string& path, int port) {
  const std::string tmp = path + ".tmp";
  {
    std::ofstream out(tmp, std::ios::trunc);
    out << port << "\n";
    if (!out) throw std::runtime_error("cannot write " + tmp);
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) throw std::runtime_error("cannot write " + path);
}

// The source tree's demo fixture when this binary runs from a build, else the installed one.
std::string defaultFixture() {
  const std::string built = MEMBERCENTER_EMULATOR_DEMO_FIXTURE;
  return std::ifstream(built).good() ? built : MEMBERCENTER_EMULATOR_INSTALLED_FIXTURE;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace membersync::emulator;
  CommandLine cl;
  try {
    cl = parseCommandLine(std::vector<std::string>(argv + 1, argv + argc), defaultFixture());
  } catch (const std::invalid_argument& e) {
    std::cerr << "membercenter-emulator: " << e.what() << " (try --help)\n";
    return kExitUsage;
  }
  if (cl.help) {
    std::cout << cl.helpText;
    return 0;
  }
  if (!cl.seedGiven) {
    std::random_device device;
    cl.service.seed = (std::uint64_t{device()} << 32) | device();
  }

  Fixture fixture;
  try {
    fixture = loadFixture(cl.fixturePath);
  } catch (const FixtureError& e) {
    std::cerr << "membercenter-emulator: bad fixture: " << e.what() << "\n";
    return kExitConfig;
  }

  // Block the stop signals before any thread starts, so every thread inherits the mask and
  // sigwait() below is the only place they arrive. A client hanging up mid-answer must not
  // kill the process.
  sigset_t stopSignals;
  sigemptyset(&stopSignals);
  sigaddset(&stopSignals, SIGTERM);
  sigaddset(&stopSignals, SIGINT);
  pthread_sigmask(SIG_BLOCK, &stopSignals, nullptr);
  signal(SIGPIPE, SIG_IGN);

  membersync::SystemClock clock;
  Emulator emulator(std::move(fixture), cl.service, clock);
  std::unique_ptr<Server> server;
  try {
    server = std::make_unique<Server>(emulator, cl.server);
    if (!cl.server.portFile.empty()) writePortFile(cl.server.portFile, server->port());
  } catch (const std::runtime_error& e) {
    std::cerr << "membercenter-emulator: " << e.what() << "\n";
    return 1;
  }
  std::cerr << "membercenter-emulator: fixture " << cl.fixturePath << ", seed " << cl.service.seed
            << "\n";
  std::cout << "listening on " << cl.server.host << ":" << server->port() << std::endl;

  int received = 0;
  sigwait(&stopSignals, &received);
  // Everything the emulator holds lives in memory and ends with the process. A graceful stop
  // (Server::stop) would only add Poco's 250 ms accept-poll wait to every test that starts an
  // emulator, so the process leaves at once; the kernel closes the sockets.
  std::cout.flush();
  std::cerr.flush();
  std::_Exit(0);
}
