#pragma once

#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace membersync::testing {

// A DingTalk department and user as the emulator's fixture holds them.
struct DingDepartment {
  long id = 0;
  long parent = 0;  // 0 for the root (id 1)
  std::string name;
};
struct DingUser {
  std::string userid;
  std::string name;
  std::vector<long> departments;
  std::string email;
  std::string mobile;
  bool active = true;
};

// What the emulator counted (FOLDER/stats.json).
struct DingStats {
  std::map<std::string, int> calls;  // by path, "/gettoken", "/topapi/v2/user/list", ...
  int tokens = 0;
  int faultsFired = 0;
  int total = 0;
};

// DingTalk's organisation chart on 127.0.0.1 over plain HTTP (tests/support/dingtalk_server.py,
// Python's standard library), a child of the test process with its folder in a temp folder.
// The constructor returns once the port accepts connections (std::runtime_error with the
// server's log when it cannot start within 20 s); the destructor stops it. Not copyable.
class DingTalkProcess {
 public:
  static constexpr const char* kAppKey = "dingtestappkey";
  static constexpr const char* kAppSecret = "dingtalk-app-secret-0123456789abcdef";

  DingTalkProcess(const std::vector<DingDepartment>& departments,
                  const std::vector<DingUser>& users);
  ~DingTalkProcess();
  DingTalkProcess(const DingTalkProcess&) = delete;
  DingTalkProcess& operator=(const DingTalkProcess&) = delete;

  std::string baseUrl() const;  // http://127.0.0.1:PORT
  // Replaces the fixture (the server reads it again on its next request).
  void setFixture(const std::vector<DingDepartment>& departments,
                  const std::vector<DingUser>& users);
  // Faults as dingtalk_server.py documents them, a JSON array; "[]" switches them off.
  void setFaults(const std::string& json);
  DingStats stats() const;
  // Every access_token issued so far (for the secret scan).
  std::vector<std::string> tokens() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace membersync::testing
