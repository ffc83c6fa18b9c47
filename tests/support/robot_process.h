#pragma once

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

namespace membersync::testing {

// A request a robot received, and how it answered.
struct RobotRequest {
  std::string robot;  // "wecom", "dingtalk", "feishu", "json", or "unknown"
  std::string path;
  std::string query;  // raw, as sent
  std::string body;
  int code = 0;     // 0: the robot took the message; else the errcode/code it answered
  std::string why;  // the refusal's message
};

// The WeCom, DingTalk and Feishu group robots and a json receiver, each checking the format and
// signature its vendor documents (tests/support/robot_server.py, Python's standard library), on
// 127.0.0.1 over HTTPS with the test certificate (caFile() signed it), a child of the test
// process with its folder in a temp folder. The constructor returns once the port accepts
// connections (std::runtime_error with the server's log when it cannot start within 20 s); the
// destructor stops it. Not copyable.
class RobotProcess {
 public:
  // The robots' keys and secrets; an empty secret or keyword: that robot does not ask for one.
  struct Robots {
    std::string wecomKey = "693a91f6-7aoc-4bc4-97a0-0ec2sifa5aaa";
    std::string dingtalkToken = "0a5c7e61d4c9b2f3e8a1d6c4b9f2e7a3d8c1b6f4e9a2d7c3b8f1e6a4d9c2b7f5";
    std::string dingtalkSecret;
    std::string dingtalkKeyword;
    std::string feishuToken = "0c4d1a2b-3e5f-4a6b-9c7d-8e9f0a1b2c3d";
    std::string feishuSecret;
    std::string jsonSecret;
  };

  explicit RobotProcess(Robots robots);
  ~RobotProcess();
  RobotProcess(const RobotProcess&) = delete;
  RobotProcess& operator=(const RobotProcess&) = delete;

  int port() const;
  // Each robot's URL as its vendor hands it out, on this server.
  std::string weComUrl() const;
  std::string dingTalkUrl() const;
  std::string feishuUrl() const;
  std::string jsonUrl() const;

  // The requests received so far, in the order they arrived.
  std::vector<RobotRequest> requests() const;
  // The next request to `robot` is answered with this refusal (once).
  void refuseNext(const std::string& robot, int code, const std::string& why) const;

  // Stops the server (a no-op when stopped): its port refuses connections.
  void stop();

  static std::string caFile();  // tests/integration/tls/certs/test-ca.pem

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace membersync::testing
