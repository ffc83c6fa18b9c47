// A server that resets the connection while membersync is still writing its request: the write
// fails (ECONNRESET, then EPIPE: the HTTP client's header stream flushes what is left after the
// failed write) and the verb ends with its normal failure code and message. The EPIPE write
// raises SIGPIPE, whose default action would end the process; main() ignores it. (Today
// libPocoFoundation also blocks SIGPIPE from a static initializer, so this test guards the
// outcome, a transport error and exit 1, whichever of the two keeps the signal away.)

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <cctype>
#include <stdexcept>
#include <string>
#include <thread>

#include <catch2/catch.hpp>

#include "tests/support/command.h"
#include "tests/support/emulator_process.h"
#include "tests/support/temp_dir.h"

namespace {

using membersync::testing::launchCommand;
using membersync::testing::membersyncExecutable;
using membersync::testing::TempDir;

constexpr std::size_t kHeaderLimit = 64 * 1024;  // requests with longer headers are reset
constexpr std::size_t kTokenSize = 8 << 20;      // the user token: 8 MB of letters

// The Content-Length of a request's header block; 0 when there is none.
std::size_t contentLength(std::string head) {
  for (char& c : head) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  const auto at = head.find("\r\ncontent-length:");
  return at == std::string::npos ? 0 : std::stoul(head.substr(at + 17));
}

// The request, headers and body; or only the first kHeaderLimit bytes when its headers are
// longer.
std::string readRequest(int client) {
  std::string request;
  char buf[4096];
  auto more = [&] {
    const ssize_t n = ::recv(client, buf, sizeof buf, 0);
    if (n > 0) request.append(buf, static_cast<std::size_t>(n));
    return n > 0;
  };
  while (request.find("\r\n\r\n") == std::string::npos && request.size() < kHeaderLimit) {
    if (!more()) return request;
  }
  const auto end = request.find("\r\n\r\n");
  if (end == std::string::npos) return request;
  const std::size_t total = end + 4 + contentLength(request.substr(0, end));
  while (request.size() < total && more()) {
  }
  return request;
}

// A token endpoint answer; the password grant's token is kTokenSize long.
std::string tokenAnswer(const std::string& head) {
  const bool password = head.find("grant_type=password") != std::string::npos;
  const std::string token = password ? std::string(kTokenSize, 'u') : "client-token-0123456789";
  const std::string body =
      R"({"access_token":")" + token +
      R"(","token_type":"bearer","expires_in":3600,"scope":"auth_me auth_activity"})";
  return "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: " +
         std::to_string(body.size()) + "\r\nConnection: close\r\n\r\n" + body;
}

// On 127.0.0.1, port 0: a token endpoint that hands out an 8 MB user token, and a member center
// that resets (SO_LINGER 0, then close: an RST) every call as soon as it has read 64 KB of its
// headers, while membersync is still writing the rest of the token. It never writes to a reset
// socket itself (MSG_NOSIGNAL), so the test process needs no SIGPIPE handling of its own.
class ResettingServer {
 public:
  ResettingServer() {
    fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t len = sizeof addr;
    if (fd_ < 0 || ::bind(fd_, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0 ||
        ::listen(fd_, 16) != 0 || ::getsockname(fd_, reinterpret_cast<sockaddr*>(&addr), &len) != 0)
      throw std::runtime_error("cannot listen on 127.0.0.1");
    port_ = ntohs(addr.sin_port);
    thread_ = std::thread([this] { serve(); });
  }
  ~ResettingServer() {
    stop_ = true;
    thread_.join();
    ::close(fd_);
  }
  int port() const { return port_; }
  int resets() const { return resets_; }

 private:
  void serve() {
    while (!stop_) {
      pollfd p{fd_, POLLIN, 0};
      if (::poll(&p, 1, 100) <= 0) continue;  // wakes up to notice stop_
      const int client = ::accept(fd_, nullptr, nullptr);
      if (client >= 0) handle(client);
    }
  }

  void handle(int client) {
    const std::string head = readRequest(client);
    if (head.rfind("POST /uc/oauth/token ", 0) == 0) {
      const std::string answer = tokenAnswer(head);
      for (std::size_t sent = 0; sent < answer.size();) {
        const ssize_t n = ::send(client, answer.data() + sent, answer.size() - sent, MSG_NOSIGNAL);
        if (n <= 0) break;
        sent += static_cast<std::size_t>(n);
      }
    } else {
      const linger reset{1, 0};
      ::setsockopt(client, SOL_SOCKET, SO_LINGER, &reset, sizeof reset);
      ++resets_;
    }
    ::close(client);
  }

  int fd_ = -1;
  int port_ = 0;
  std::atomic<bool> stop_{false};
  std::atomic<int> resets_{0};
  std::thread thread_;
};

}  // namespace

TEST_CASE(
    "cli: a server resetting the connection while a large request is written is a transport "
    "error: the verb exits 1 with its message, not by SIGPIPE",
    "[cli][sigpipe]") {
  ResettingServer server;
  TempDir dir;
  dir.write("secrets/client", "demo-client-secret\n");
  dir.write("secrets/admin", "demo-admin-pass1\n");
  dir.write("hr.csv", "employee_id,account,name\n");
  const std::string url = "http://127.0.0.1:" + std::to_string(server.port());
  const std::string config = dir.write("membersync.ini",
                                       "[center]\n"
                                       "base_url = " +
                                           url +
                                           "\n"
                                           "token_url = " +
                                           url +
                                           "/uc/oauth/token\n"
                                           "enterprise_global_id = ENT-ACME-0001\n"
                                           "enterprise_code = acme\n"
                                           "client_id = membersync-demo\n"
                                           "client_secret_file = secrets/client\n"
                                           "admin_user = admin@acme\n"
                                           "admin_password_file = secrets/admin\n"
                                           "[directory]\n"
                                           "path = hr.csv\n")
                                 .string();
  // `check` obtains both tokens, then lists members (A5) with the 8 MB user token in its
  // headers: more than the loopback buffers take, so it is still being written at the reset.
  // env restores SIGPIPE's default action, which a test process that ignores SIGPIPE would
  // otherwise hand down to membersync and so hide what main() does.
  auto command = launchCommand("/usr/bin/env", {"--default-signal=PIPE", membersyncExecutable(),
                                                "--config", config, "check"});
  const auto r = command->wait();
  INFO(r.err.substr(0, 2000));
  CHECK(r.signal == 0);
  CHECK(r.exitCode == 1);
  CHECK_THAT(r.err, Catch::StartsWith("membersync: check: listing members: "));
  CHECK(server.resets() >= 1);
}
