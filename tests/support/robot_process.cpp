#include "tests/support/robot_process.h"

#include <Poco/JSON/Object.h>
#include <Poco/JSON/Parser.h>
#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <unistd.h>

#include <algorithm>
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

const std::string kCerts =
    std::string(MEMBERSYNC_TEST_SOURCE_DIR) + "/tests/integration/tls/certs/";

std::string fileText(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

std::string logTail(const std::filesystem::path& log) {
  const std::string text = fileText(log);
  return text.size() <= 2000 ? text : "..." + text.substr(text.size() - 2000);
}

std::string robotsJson(const RobotProcess::Robots& r) {
  Poco::JSON::Object o;
  o.set("wecom_key", r.wecomKey);
  o.set("dingtalk_token", r.dingtalkToken);
  o.set("dingtalk_secret", r.dingtalkSecret);
  o.set("dingtalk_keyword", r.dingtalkKeyword);
  o.set("feishu_token", r.feishuToken);
  o.set("feishu_secret", r.feishuSecret);
  o.set("json_secret", r.jsonSecret);
  std::ostringstream out;
  o.stringify(out);
  return out.str();
}

RobotRequest parseRequest(const std::string& text) {
  const auto o = Poco::JSON::Parser().parse(text).extract<Poco::JSON::Object::Ptr>();
  RobotRequest r;
  r.robot = o->getValue<std::string>("robot");
  r.path = o->getValue<std::string>("path");
  r.query = o->getValue<std::string>("query");
  r.body = o->getValue<std::string>("body");
  r.code = o->getValue<int>("code");
  r.why = o->getValue<std::string>("why");
  return r;
}

}  // namespace

struct RobotProcess::Impl {
  TempDir dir;
  Robots robots;
  pid_t pid = -1;
  int port = 0;

  ~Impl() { stopChild(pid); }

  std::filesystem::path log() const { return dir.path() / "server.log"; }

  // Starts the server with stdout on a pipe and waits for the port it prints: listening then.
  void launch() {
    const std::string robotsFile = dir.write("robots.json", robotsJson(robots)).string();
    std::vector<std::string> args{MEMBERSYNC_TEST_PYTHON,
                                  "-I",
                                  MEMBERSYNC_TEST_ROBOT_SERVER,
                                  "--folder",
                                  dir.path().string(),
                                  "--robots",
                                  robotsFile,
                                  "--cert",
                                  kCerts + "server.pem",
                                  "--key",
                                  kCerts + "server.key"};
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
      throw std::runtime_error(std::string("cannot start the robot server: ") + std::strerror(rc));
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
        throw std::runtime_error("the robot server did not start:\n" + logTail(log()));
      }
      printed.append(buffer, static_cast<std::size_t>(n));
    }
    ::close(out[0]);
    port = std::stoi(printed);
  }

  std::string origin() const { return "https://127.0.0.1:" + std::to_string(port); }
};

RobotProcess::RobotProcess(Robots robots) : impl_(std::make_unique<Impl>()) {
  impl_->robots = std::move(robots);
  impl_->launch();
}

RobotProcess::~RobotProcess() = default;

int RobotProcess::port() const {
  return impl_->port;
}

std::string RobotProcess::weComUrl() const {
  return impl_->origin() + "/cgi-bin/webhook/send?key=" + impl_->robots.wecomKey;
}
std::string RobotProcess::dingTalkUrl() const {
  return impl_->origin() + "/robot/send?access_token=" + impl_->robots.dingtalkToken;
}
std::string RobotProcess::feishuUrl() const {
  return impl_->origin() + "/open-apis/bot/v2/hook/" + impl_->robots.feishuToken;
}
std::string RobotProcess::jsonUrl() const {
  return impl_->origin() + "/json";
}

std::vector<RobotRequest> RobotProcess::requests() const {
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator(impl_->dir.path() / "requests"))
    files.push_back(entry.path());
  std::sort(files.begin(), files.end());  // numbered in the order of arrival
  std::vector<RobotRequest> out;
  for (const auto& file : files) out.push_back(parseRequest(fileText(file)));
  return out;
}

void RobotProcess::refuseNext(const std::string& robot, int code, const std::string& why) const {
  const auto aside = impl_->dir.write("fail-" + robot + ".new", std::to_string(code) + " " + why);
  std::filesystem::rename(aside, impl_->dir.path() / ("fail-" + robot));
}

void RobotProcess::stop() {
  stopChild(impl_->pid);
  impl_->pid = -1;
}

std::string RobotProcess::caFile() {
  return kCerts + "test-ca.pem";
}

}  // namespace membersync::testing
