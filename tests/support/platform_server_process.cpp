#include "tests/support/platform_server_process.h"

#include <Poco/Exception.h>
#include <Poco/JSON/Array.h>
#include <Poco/JSON/Object.h>
#include <Poco/JSON/Parser.h>
#include <Poco/Net/HTTPClientSession.h>
#include <Poco/Net/HTTPRequest.h>
#include <Poco/Net/HTTPResponse.h>
#include <Poco/StreamCopier.h>
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <stdexcept>
#include <thread>

#include "tests/support/child_process.h"
#include "tests/support/temp_dir.h"

extern char** environ;

namespace membersync::testing {

namespace {

constexpr int kStartTimeoutMs = 20000;
constexpr int kPortFilePollMs = 10;

std::string fileText(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

std::string stringify(const Poco::JSON::Object& o) {
  std::ostringstream out;
  o.stringify(out);
  return out.str();
}

Poco::JSON::Object weComFixture(const std::vector<PlatformDepartment>& departments,
                                const std::vector<PlatformUser>& users) {
  Poco::JSON::Object root;
  root.set("corp_id", PlatformServerProcess::kWeComCorpId);
  root.set("corp_secret", PlatformServerProcess::kWeComSecret);
  Poco::JSON::Array depts, people;
  for (const PlatformDepartment& d : departments) {
    Poco::JSON::Object o;
    o.set("id", std::stol(d.id));
    o.set("parentid", d.parent.empty() ? 0L : std::stol(d.parent));
    o.set("name", d.name);
    depts.add(o);
  }
  for (const PlatformUser& u : users) {
    Poco::JSON::Object o;
    o.set("userid", u.userid);
    o.set("name", u.name);
    o.set("mobile", u.mobile);  // empty, not absent: absent is what a withheld field looks like
    o.set("email", u.email);
    Poco::JSON::Array ids;
    for (const std::string& id : u.departments) ids.add(std::stol(id));
    o.set("department", ids);
    const std::string main = u.mainDepartment.empty() && !u.departments.empty()
                                 ? u.departments.front()
                                 : u.mainDepartment;
    if (!main.empty()) o.set("main_department", std::stol(main));
    o.set("status", u.status);
    o.set("enable", u.status == 2 ? 0 : 1);
    people.add(o);
  }
  root.set("departments", depts);
  root.set("users", people);
  return root;
}

Poco::JSON::Object feishuFixture(const std::vector<PlatformDepartment>& departments,
                                 const std::vector<PlatformUser>& users) {
  Poco::JSON::Object root;
  root.set("app_id", PlatformServerProcess::kFeishuAppId);
  root.set("app_secret", PlatformServerProcess::kFeishuSecret);
  Poco::JSON::Array depts, people;
  for (const PlatformDepartment& d : departments) {
    Poco::JSON::Object o;
    o.set("department_id", d.id);
    o.set("parent_department_id", d.parent.empty() ? std::string("0") : d.parent);
    o.set("name", d.name);
    depts.add(o);
  }
  for (const PlatformUser& u : users) {
    Poco::JSON::Object o;
    o.set("user_id", u.userid);
    o.set("open_id", "ou_" + u.userid);  // differs per app in Feishu: never the identity
    o.set("union_id", "on_" + u.userid);
    o.set("name", u.name);
    o.set("mobile", u.mobile);  // empty, not absent: absent is what a withheld field looks like
    o.set("email", u.email);
    Poco::JSON::Array ids;
    for (const std::string& id : u.departments) ids.add(id);
    o.set("department_ids", ids);
    Poco::JSON::Object status;
    status.set("is_frozen", false);
    status.set("is_resigned", false);
    status.set("is_activated", true);
    status.set("is_exited", false);
    status.set("is_unjoin", false);
    o.set("status", status);
    people.add(o);
  }
  root.set("departments", depts);
  root.set("users", people);
  return root;
}

}  // namespace

struct PlatformServerProcess::Impl {
  Platform platform = Platform::WeCom;
  TempDir dir;
  pid_t pid = -1;
  int port = 0;
  ~Impl() { stopChild(pid); }
  std::filesystem::path log() const { return dir.path() / "server.log"; }
  std::string name() const { return platform == Platform::WeCom ? "WeCom" : "Feishu"; }

  void launch(const std::string& fixture) {
    const std::string fixturePath = dir.write("fixture.json", fixture).string();
    const std::filesystem::path portFile = dir.path() / "port";
    std::vector<std::string> args{
        MEMBERSYNC_TEST_PYTHON,
        "-I",
        platform == Platform::WeCom ? MEMBERSYNC_TEST_WECOM_SERVER : MEMBERSYNC_TEST_FEISHU_SERVER,
        "--fixture",
        fixturePath,
        "--port-file",
        portFile.string()};
    std::vector<char*> argv;
    for (std::string& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    const std::string logPath = log().string();
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, logPath.c_str(),
                                     O_WRONLY | O_CREAT | O_APPEND, 0600);
    posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO);
    const int rc = ::posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    if (rc != 0) {
      pid = -1;
      throw std::runtime_error("cannot start the " + name() + " emulator: " + std::strerror(rc));
    }
    waitForPortFile(portFile);
    port = std::stoi(fileText(portFile));
  }

  // The emulator renames its port file into place once it listens: the file is whole or absent.
  // Bounded; an emulator that exits (bad fixture) fails at once with its log.
  void waitForPortFile(const std::filesystem::path& portFile) {
    const auto deadline =
        std::chrono::steady_clock::now() + std::chrono::milliseconds(kStartTimeoutMs);
    while (!std::filesystem::exists(portFile)) {
      int status = 0;
      const bool exited = ::waitpid(pid, &status, WNOHANG) == pid;
      if (exited) pid = -1;
      if (exited || std::chrono::steady_clock::now() > deadline) {
        stopChild(pid);
        pid = -1;
        throw std::runtime_error("the " + name() + " emulator did not start:\n" + fileText(log()));
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(kPortFilePollMs));
    }
  }

  std::string request(const std::string& method, const std::string& path,
                      const std::string& body) const {
    Poco::Net::HTTPClientSession session("127.0.0.1", static_cast<Poco::UInt16>(port));
    session.setTimeout(Poco::Timespan(30, 0));
    Poco::Net::HTTPRequest req(method, path, Poco::Net::HTTPMessage::HTTP_1_1);
    if (!body.empty()) {
      req.setContentType("application/json");
      req.setContentLength(static_cast<std::streamsize>(body.size()));
    }
    try {
      session.sendRequest(req) << body;
      Poco::Net::HTTPResponse resp;
      std::istream& in = session.receiveResponse(resp);
      std::string answer;
      Poco::StreamCopier::copyToString(in, answer);
      if (resp.getStatus() != Poco::Net::HTTPResponse::HTTP_OK)
        throw std::runtime_error(name() + " emulator " + method + " " + path + ": " +
                                 std::to_string(resp.getStatus()) + " " + answer);
      return answer;
    } catch (const Poco::Exception& e) {
      throw std::runtime_error(name() + " emulator " + method + " " + path + ": " +
                               e.displayText());
    }
  }
};

PlatformServerProcess::PlatformServerProcess(Platform platform,
                                             const std::vector<PlatformDepartment>& departments,
                                             const std::vector<PlatformUser>& users)
    : impl_(std::make_unique<Impl>()) {
  impl_->platform = platform;
  impl_->launch(stringify(platform == Platform::WeCom ? weComFixture(departments, users)
                                                      : feishuFixture(departments, users)));
}

PlatformServerProcess::~PlatformServerProcess() = default;

std::string PlatformServerProcess::baseUrl() const {
  return "http://127.0.0.1:" + std::to_string(impl_->port);
}

std::string PlatformServerProcess::appId() const {
  return impl_->platform == Platform::WeCom ? kWeComCorpId : kFeishuAppId;
}

std::string PlatformServerProcess::secret() const {
  return impl_->platform == Platform::WeCom ? kWeComSecret : kFeishuSecret;
}

void PlatformServerProcess::setFaults(const std::string& json) {
  impl_->request(Poco::Net::HTTPRequest::HTTP_POST, "/_emulator/faults", json);
}

PlatformStats PlatformServerProcess::stats() const {
  const auto o =
      Poco::JSON::Parser()
          .parse(impl_->request(Poco::Net::HTTPRequest::HTTP_GET, "/_emulator/stats", ""))
          .extract<Poco::JSON::Object::Ptr>();
  PlatformStats s;
  for (const auto& [path, n] : *o->getObject("calls")) s.calls[path] = n.convert<int>();
  s.total = o->getValue<int>("total");
  s.tokensIssued = o->getValue<int>("tokens");
  const auto issued = o->getArray("issued");
  for (std::size_t i = 0; i < issued->size(); ++i)
    s.tokens.push_back(issued->getElement<std::string>(i));
  return s;
}

}  // namespace membersync::testing
