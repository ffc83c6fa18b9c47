#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace membersync::testing {

// Which contacts emulator to run: tests/support/wecom_server.py or feishu_server.py.
enum class Platform { WeCom, Feishu };

// A department as the fixture holds it. WeCom's ids are numbers ("1", the root, has parent "0");
// Feishu's are strings ("D100"), its root "0" is implied and has no entry.
struct PlatformDepartment {
  std::string id;
  std::string parent;
  std::string name;
};

// A person as the fixture holds it. An empty mobile or email is written empty: both platforms
// leave the keys out only when they withhold them (the emulators' withhold_contact fault).
struct PlatformUser {
  std::string userid;  // WeCom userid, Feishu user_id
  std::string name;
  std::vector<std::string> departments;
  std::string mobile;
  std::string email;
  std::string mainDepartment;  // WeCom only; empty: the first of `departments`
  int status = 1;  // WeCom only: 1 activated, 2 disabled, 4 not yet activated, 5 quit
};

// What the emulator counted (GET /_emulator/stats).
struct PlatformStats {
  std::map<std::string, int> calls;  // by path; Feishu's children calls under ":id/children"
  int total = 0;
  int tokensIssued = 0;
  std::vector<std::string> tokens;  // every token issued, for the secret scan
};

// WeCom's or Feishu's contacts API on 127.0.0.1 over plain HTTP (Python's standard library), a
// child of the test process with its fixture in a temp folder. The constructor returns once the
// emulator has written its port file (std::runtime_error with its log when that takes more than
// 20 s or it exits); the destructor stops it. Not copyable.
class PlatformServerProcess {
 public:
  static constexpr const char* kWeComCorpId = "wwtestcorp0123456";
  static constexpr const char* kWeComSecret = "wecom-contacts-secret-0123456789abcdef";
  static constexpr const char* kFeishuAppId = "cli_testapp0123456";
  static constexpr const char* kFeishuSecret = "feishu-app-secret-0123456789abcdef";

  PlatformServerProcess(Platform platform, const std::vector<PlatformDepartment>& departments,
                        const std::vector<PlatformUser>& users);
  ~PlatformServerProcess();
  PlatformServerProcess(const PlatformServerProcess&) = delete;
  PlatformServerProcess& operator=(const PlatformServerProcess&) = delete;

  std::string baseUrl() const;  // http://127.0.0.1:PORT
  // The corp_id or app_id, and the secret, the emulator accepts.
  std::string appId() const;
  std::string secret() const;
  // POST /_emulator/faults: a JSON object as the emulator's docstring lists them, merged into
  // the current ones ({"reset": true} clears them). Throws std::runtime_error unless it took it.
  void setFaults(const std::string& json);
  PlatformStats stats() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace membersync::testing
