#pragma once

// A small HTTP client for the console tests (Poco HTTPClientSession over a real socket), with
// the cookies kept by name, and `membersync console` started on a free loopback port.

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "tests/integration/sync/sync_fixture.h"

namespace membersync::testing {

struct Answer {
  int status = 0;
  std::string body;
  std::map<std::string, std::string> headers;  // the last of each name
  std::vector<std::string> setCookies;         // every Set-Cookie, whole
};

class ConsoleClient {
 public:
  explicit ConsoleClient(int port) : port_(port) {}
  // Over HTTPS, trusting only `caFile`.
  ConsoleClient(int port, std::string caFile) : port_(port), caFile_(std::move(caFile)) {}

  Answer get(const std::string& path);
  // A form POST; `origin` "" sends no Origin header.
  Answer post(const std::string& path, const std::map<std::string, std::string>& form,
              const std::string& origin = "");
  // GET /login, then POST it with the form's token. Returns the POST's answer.
  Answer signIn(const std::string& name, const std::string& password);
  // The hidden csrf field of the page at `path`.
  std::string csrfOf(const std::string& path);

  std::map<std::string, std::string> cookies;
  // Sent with every request: {"Accept-Language", "zh-CN,zh;q=0.9"}.
  std::map<std::string, std::string> headers;

 private:
  Answer send(const std::string& method, const std::string& path, const std::string& body,
              const std::string& origin);
  int port_;
  std::string caFile_;  // "": plain HTTP
};

// A free TCP port on 127.0.0.1 (bound once, then released for the console to take).
int freePort();

// `membersync console` of the fixture's configuration, waited for until it accepts connections.
std::unique_ptr<RunningCommand> startConsole(const SyncFixture& f, int port,
                                             const std::map<std::string, std::string>& env = {});

// Adds a console user through `membersync console-user add NAME --role ROLE`, the password on
// stdin. Returns the command's result.
CommandResult addConsoleUser(SyncFixture& f, const std::string& name, const std::string& role,
                             const std::string& password);

// The value of a hidden input `name` in `html` ("" when absent).
std::string hiddenField(const std::string& html, const std::string& name);

}  // namespace membersync::testing
