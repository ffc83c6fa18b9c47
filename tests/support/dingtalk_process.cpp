#include "tests/support/dingtalk_process.h"

#include <Poco/JSON/Array.h>
#include <Poco/JSON/Object.h>
#include <Poco/JSON/Parser.h>
#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <fstream>
#include <iterator>
#include <sstream>
#include <stdexcept>

#include "tests/support/child_process.h"
#include "tests/support/temp_dir.h"

extern char** environ;

namespace membersync::testing {

namespace {

constexpr int kStartTimeoutMs = 20000;

std::string fileText(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

std::string fixtureJson(const std::vector<DingDepartment>& departments,
                        const std::vector<DingUser>& users) {
  Poco::JSON::Object root;
  Poco::JSON::Array depts, people;
  for (const DingDepartment& d : departments) {
    Poco::JSON::Object o;
    o.set("id", d.id);
    o.set("parent", d.parent);
    o.set("name", d.name);
    depts.add(o);
  }
  for (const DingUser& u : users) {
    Poco::JSON::Object o;
    o.set("userid", u.userid);
    o.set("unionid", "union-" + u.userid);
    o.set("name", u.name);
    if (!u.email.empty()) o.set("email", u.email);
    if (!u.mobile.empty()) o.set("mobile", u.mobile);
    o.set("active", u.active);
    Poco::JSON::Array ids;
    for (long id : u.departments) ids.add(id);
    o.set("dept_id_list", ids);
    people.add(o);
  }
  root.set("departments", depts);
  root.set("users", people);
  std::ostringstream out;
  root.stringify(out);
  return out.str();
}

}  // namespace

struct DingTalkProcess::Impl {
  TempDir dir;
  pid_t pid = -1;
  int port = 0;
  ~Impl() { stopChild(pid); }
  std::filesystem::path log() const { return dir.path() / "server.log"; }

  // Starts the server with stdout on a pipe and waits for the port it prints: listening then.
  void launch() {
    const std::string secretFile = dir.write("app-secret", kAppSecret).string();
    std::vector<std::string> args{MEMBERSYNC_TEST_PYTHON,
                                  "-I",
                                  MEMBERSYNC_TEST_DINGTALK_SERVER,
                                  "--folder",
                                  dir.path().string(),
                                  "--fixture",
                                  (dir.path() / "fixture.json").string(),
                                  "--app-key",
                                  kAppKey,
                                  "--app-secret-file",
                                  secretFile};
    int out[2];
    if (::pipe2(out, O_CLOEXEC) != 0)
      throw std::runtime_error(std::string("pipe: ") + std::strerror(errno));
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
    const int rc = ::posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    ::close(out[1]);
    if (rc != 0) {
      ::close(out[0]);
      pid = -1;
      throw std::runtime_error(std::string("cannot start the DingTalk emulator: ") +
                               std::strerror(rc));
    }
    std::string printed;
    const auto deadline =
        std::chrono::steady_clock::now() + std::chrono::milliseconds(kStartTimeoutMs);
    while (printed.find('\n') == std::string::npos) {
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
          deadline - std::chrono::steady_clock::now());
      pollfd p{out[0], POLLIN, 0};
      const int ready = left.count() > 0 ? ::poll(&p, 1, static_cast<int>(left.count())) : 0;
      if (ready < 0 && errno == EINTR) continue;
      char buffer[64];
      const ssize_t n = ready > 0 ? ::read(out[0], buffer, sizeof buffer) : 0;
      if (n <= 0) {
        ::close(out[0]);
        stopChild(pid);
        pid = -1;
        throw std::runtime_error("the DingTalk emulator did not start:\n" + fileText(log()));
      }
      printed.append(buffer, static_cast<std::size_t>(n));
    }
    ::close(out[0]);
    port = std::stoi(printed);
  }
};

DingTalkProcess::DingTalkProcess(const std::vector<DingDepartment>& departments,
                                 const std::vector<DingUser>& users)
    : impl_(std::make_unique<Impl>()) {
  setFixture(departments, users);
  impl_->launch();
}

DingTalkProcess::~DingTalkProcess() = default;

std::string DingTalkProcess::baseUrl() const {
  return "http://127.0.0.1:" + std::to_string(impl_->port);
}

void DingTalkProcess::setFixture(const std::vector<DingDepartment>& departments,
                                 const std::vector<DingUser>& users) {
  // Written aside and renamed: the server never reads half a fixture.
  impl_->dir.write("fixture.json.tmp", fixtureJson(departments, users));
  std::filesystem::rename(impl_->dir.path() / "fixture.json.tmp",
                          impl_->dir.path() / "fixture.json");
}

void DingTalkProcess::setFaults(const std::string& json) {
  impl_->dir.write("faults.json.tmp", json);
  std::filesystem::rename(impl_->dir.path() / "faults.json.tmp", impl_->dir.path() / "faults.json");
}

DingStats DingTalkProcess::stats() const {
  const auto o = Poco::JSON::Parser()
                     .parse(fileText(impl_->dir.path() / "stats.json"))
                     .extract<Poco::JSON::Object::Ptr>();
  DingStats s;
  const auto calls = o->getObject("calls");
  for (const auto& [path, n] : *calls) s.calls[path] = n.convert<int>();
  s.tokens = o->getValue<int>("tokens");
  s.faultsFired = o->getValue<int>("faults_fired");
  s.total = o->getValue<int>("total");
  return s;
}

std::vector<std::string> DingTalkProcess::tokens() const {
  std::istringstream in(fileText(impl_->dir.path() / "tokens"));
  std::vector<std::string> out;
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) out.push_back(line);
  return out;
}

}  // namespace membersync::testing
