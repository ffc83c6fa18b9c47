#include "tests/bench/bench_support.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <Poco/JSON/Array.h>
#include <Poco/JSON/Object.h>
#include <Poco/JSON/Parser.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>

#include "tests/support/emulator_process.h"

extern char** environ;

namespace membersync::bench {

void parseIntFlags(int argc, char** argv, const std::map<std::string, int*>& flags) {
  for (int i = 1; i < argc; i += 2) {
    const std::string flag = argv[i];
    const auto it = flag.rfind("--", 0) == 0 ? flags.find(flag.substr(2)) : flags.end();
    if (it == flags.end()) {
      std::fprintf(stderr, "unknown flag %s\n", flag.c_str());
      std::exit(64);
    }
    if (i + 1 >= argc) {
      std::fprintf(stderr, "flag %s needs a value\n", flag.c_str());
      std::exit(64);
    }
    *it->second = std::atoi(argv[i + 1]);
  }
}

namespace {

std::vector<std::string> numbered(const char* format, int n) {
  std::vector<std::string> numbers;
  numbers.reserve(static_cast<std::size_t>(n));
  char buffer[24];
  for (int i = 1; i <= n; ++i) {
    std::snprintf(buffer, sizeof buffer, format, i);
    numbers.emplace_back(buffer);
  }
  return numbers;
}

}  // namespace

std::vector<std::string> poolNumbers(int n) {
  return numbered("POOL-%06d", n);
}

std::vector<std::string> lockNumbers(int n) {
  return numbered("LOCK-%06d", n);
}

std::string fixtureWithMembers(const testing::TempDir& dir, int n, int poolAssets, int poolLocks) {
  std::ifstream in(testing::demoFixture());
  std::stringstream text;
  text << in.rdbuf();
  auto root = Poco::JSON::Parser().parse(text.str()).extract<Poco::JSON::Object::Ptr>();
  Poco::JSON::Array::Ptr members = new Poco::JSON::Array;
  const int departments[] = {1001, 1002, 1003, 1004};
  for (int i = 0; i < n; ++i) {
    Poco::JSON::Object::Ptr m = new Poco::JSON::Object;
    m->set("account", "bench" + std::to_string(i));
    m->set("name", "员工" + std::to_string(i));
    m->set("departmentId", departments[i % 4]);
    members->add(m);
  }
  root->set("members", members);
  // Assets and locks of the demo refer to demo members by account: drop those references.
  for (const char* key : {"assets", "locks"}) {
    auto list = root->getArray(key);
    for (std::size_t i = 0; list && i < list->size(); ++i) {
      auto item = list->getObject(static_cast<unsigned>(i));
      for (const char* ref : {"assignedTo", "lentIn", "lentTo"}) item->remove(ref);
    }
  }
  // The pool: free asset numbers, each with one product.
  auto assets = root->getArray("assets");
  const auto numbers = poolNumbers(poolAssets);
  for (std::size_t i = 0; i < numbers.size(); ++i) {
    Poco::JSON::Object::Ptr product = new Poco::JSON::Object;
    product->set("productUri", "uri:seat");
    product->set("productName", "Seat");
    Poco::JSON::Array::Ptr instances = new Poco::JSON::Array;
    instances->add(product);
    Poco::JSON::Object::Ptr tree = new Poco::JSON::Object;
    tree->set("productInstanceList", instances);
    Poco::JSON::Object::Ptr asset = new Poco::JSON::Object;
    asset->set("assetNum", numbers[i]);
    asset->set("assetId", "PID-" + numbers[i].substr(5));
    asset->set("products", tree);
    assets->add(asset);
  }
  auto locks = root->getArray("locks");
  for (const std::string& number : lockNumbers(poolLocks)) {
    Poco::JSON::Object::Ptr lock = new Poco::JSON::Object;
    lock->set("assetNum", number);
    lock->set("assetId", "LID-" + number.substr(5));
    locks->add(lock);
  }
  std::ostringstream out;
  root->stringify(out);
  return dir
      .write("fixture-" + std::to_string(n) + "-" + std::to_string(poolAssets) + "-" +
                 std::to_string(poolLocks) + ".json",
             out.str())
      .string();
}

long peakRssKb() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_maxrss;
}

bool resetPeakRss() {
  std::ofstream clear("/proc/self/clear_refs");
  clear << "5";
  clear.flush();
  return static_cast<bool>(clear);
}

long currentRssKb() {
  std::ifstream statm("/proc/self/statm");
  long pages = 0, resident = 0;
  if (!(statm >> pages >> resident)) return 0;
  return resident * (sysconf(_SC_PAGESIZE) / 1024);
}

double cpuSeconds() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  auto seconds = [](const timeval& t) { return static_cast<double>(t.tv_sec) + t.tv_usec / 1e6; };
  return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

double childrenCpuSeconds() {
  const long ticks = sysconf(_SC_CLK_TCK);
  const pid_t self = getpid();
  double total = 0;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator("/proc", ec)) {
    const std::string pid = entry.path().filename().string();
    if (pid.find_first_not_of("0123456789") != std::string::npos) continue;
    std::ifstream in(entry.path() / "stat");
    std::string line;
    if (!std::getline(in, line)) continue;
    // After the command name in parentheses: state, ppid, ... utime and stime (fields 14, 15).
    std::istringstream rest(line.substr(line.rfind(')') + 1));
    std::string state;
    long ppid = 0, skip = 0, utime = 0, stime = 0;
    rest >> state >> ppid;
    for (int field = 5; field < 14; ++field) rest >> skip;
    rest >> utime >> stime;
    if (rest && ppid == self) total += static_cast<double>(utime + stime) / ticks;
  }
  return total;
}

}  // namespace membersync::bench

namespace membersync::bench {

namespace {

std::string readBack(const std::filesystem::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace

MeasuredRun runMeasured(const std::string& executable, const std::vector<std::string>& args,
                        const testing::TempDir& dir) {
  const std::string out = (dir.path() / "measured-out.txt").string();
  const std::string err = (dir.path() / "measured-err.txt").string();
  posix_spawn_file_actions_t files;
  posix_spawn_file_actions_init(&files);
  posix_spawn_file_actions_addopen(&files, 1, out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  posix_spawn_file_actions_addopen(&files, 2, err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  std::vector<char*> argv{const_cast<char*>(executable.c_str())};
  for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  MeasuredRun run;
  const auto start = std::chrono::steady_clock::now();
  pid_t pid = 0;
  const int spawned = posix_spawn(&pid, executable.c_str(), &files, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&files);
  if (spawned != 0) {
    run.err = "cannot start " + executable;
    return run;
  }
  int status = 0;
  rusage usage{};
  wait4(pid, &status, 0, &usage);
  run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  run.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  run.cpuSeconds = static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
                   static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
  run.peakRssKb = usage.ru_maxrss;
  run.out = readBack(out);
  run.err = readBack(err);
  return run;
}

}  // namespace membersync::bench

namespace membersync::bench {

namespace {

std::string cpuModel() {
  std::ifstream in("/proc/cpuinfo");
  for (std::string line; std::getline(in, line);)
    if (line.rfind("model name", 0) == 0) return line.substr(line.find(':') + 2);
  return "unknown";
}

// A fixed amount of integer work (xorshift and a little arithmetic, no memory traffic): its
// seconds say how fast a core of this machine is today.
double calibrationSeconds() {
  double best = 1e9;
  for (int round = 0; round < 3; ++round) {
    const auto start = std::chrono::steady_clock::now();
    std::uint64_t x = 88172645463325252ULL, sum = 0;
    for (int i = 0; i < 200'000'000; ++i) {
      x ^= x << 13;
      x ^= x >> 7;
      x ^= x << 17;
      sum += x % 7;
    }
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (sum == 42) std::printf(" ");  // keeps the loop from being optimised away
    best = std::min(best, s);
  }
  return best;
}

}  // namespace

void printMachine() {
  std::printf("machine: %s, %u cores (%ld online); build %s, flags \"%s\"\n", cpuModel().c_str(),
              std::thread::hardware_concurrency(), sysconf(_SC_NPROCESSORS_ONLN),
              MEMBERSYNC_BENCH_BUILD_TYPE, MEMBERSYNC_BENCH_BUILD_FLAGS);
  std::printf("calibration: %.3f s for a fixed loop of 200 M xorshift steps (best of 3; "
              "0.44 s on this project's machine when idle)\n\n",
              calibrationSeconds());
  std::fflush(stdout);
}

}  // namespace membersync::bench

namespace membersync::bench {

std::string inChild(const std::function<std::string()>& work) {
  std::fflush(stdout);
  int fds[2];
  if (::pipe(fds) != 0) throw std::runtime_error("pipe failed");
  const pid_t pid = ::fork();
  if (pid < 0) throw std::runtime_error("fork failed");
  if (pid == 0) {
    ::close(fds[0]);
    int status = 0;
    try {
      const std::string out = work();
      for (std::size_t done = 0; done < out.size();) {
        const ssize_t n = ::write(fds[1], out.data() + done, out.size() - done);
        if (n <= 0) break;
        done += static_cast<std::size_t>(n);
      }
    } catch (const std::exception& e) {
      std::fprintf(stderr, "in a child of the bench: %s\n", e.what());
      status = 1;
    }
    std::fflush(stdout);
    ::_exit(status);
  }
  ::close(fds[1]);
  std::string out;
  char buffer[65536];
  for (ssize_t n; (n = ::read(fds[0], buffer, sizeof buffer)) > 0;)
    out.append(buffer, static_cast<std::size_t>(n));
  ::close(fds[0]);
  int status = 0;
  ::waitpid(pid, &status, 0);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
    throw std::runtime_error("a child of the bench failed");
  return out;
}

}  // namespace membersync::bench
