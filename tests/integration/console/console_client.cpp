#include "tests/integration/console/console_client.h"

#include <Poco/Net/Context.h>
#include <Poco/Net/HTMLForm.h>
#include <Poco/Net/HTTPClientSession.h>
#include <Poco/Net/HTTPRequest.h>
#include <Poco/Net/HTTPResponse.h>
#include <Poco/Net/HTTPSClientSession.h>
#include <Poco/Net/NetException.h>
#include <Poco/Net/ServerSocket.h>
#include <Poco/Net/StreamSocket.h>
#include <Poco/StreamCopier.h>

#include <catch2/catch.hpp>

#include <sstream>
#include <thread>

#include "tests/support/emulator_process.h"

namespace membersync::testing {

Answer ConsoleClient::send(const std::string& method, const std::string& path,
                           const std::string& body, const std::string& origin) {
  std::unique_ptr<Poco::Net::HTTPClientSession> https;
  if (!caFile_.empty()) {
    Poco::Net::Context::Ptr context = new Poco::Net::Context(
        Poco::Net::Context::TLS_CLIENT_USE, "", "", caFile_, Poco::Net::Context::VERIFY_STRICT);
    https = std::make_unique<Poco::Net::HTTPSClientSession>(
        "127.0.0.1", static_cast<Poco::UInt16>(port_), context);
  } else {
    https = std::make_unique<Poco::Net::HTTPClientSession>("127.0.0.1",
                                                           static_cast<Poco::UInt16>(port_));
  }
  Poco::Net::HTTPClientSession& session = *https;
  session.setTimeout(Poco::Timespan(60, 0));
  Poco::Net::HTTPRequest request(method, path, Poco::Net::HTTPMessage::HTTP_1_1);
  if (!cookies.empty()) {
    Poco::Net::NameValueCollection jar;
    for (const auto& [k, v] : cookies) jar.add(k, v);
    request.setCookies(jar);
  }
  if (!origin.empty()) request.set("Origin", origin);
  for (const auto& [name, value] : headers) request.set(name, value);
  if (method == "POST") {
    request.setContentType("application/x-www-form-urlencoded");
    request.setContentLength(static_cast<std::streamsize>(body.size()));
  }
  session.sendRequest(request) << body;
  Poco::Net::HTTPResponse response;
  std::istream& in = session.receiveResponse(response);
  Answer a;
  a.status = response.getStatus();
  std::ostringstream text;
  Poco::StreamCopier::copyStream(in, text);
  a.body = text.str();
  for (const auto& [name, value] : response) {
    a.headers[name] = value;
    if (Poco::icompare(name, "Set-Cookie") != 0) continue;
    a.setCookies.push_back(value);
    const auto eq = value.find('=');
    const auto semi = value.find(';');
    const std::string cookie = value.substr(0, eq);
    const std::string content = value.substr(eq + 1, semi - eq - 1);
    if (value.find("Max-Age=0") != std::string::npos)
      cookies.erase(cookie);
    else
      cookies[cookie] = content;
  }
  return a;
}

Answer ConsoleClient::get(const std::string& path) {
  return send("GET", path, "", "");
}

Answer ConsoleClient::post(const std::string& path, const std::map<std::string, std::string>& form,
                           const std::string& origin) {
  Poco::Net::HTMLForm encoded;
  for (const auto& [k, v] : form) encoded.add(k, v);
  std::ostringstream body;
  encoded.write(body);
  return send("POST", path, body.str(), origin);
}

Answer ConsoleClient::signIn(const std::string& name, const std::string& password) {
  const Answer login = get("/login");
  return post("/login",
              {{"csrf", hiddenField(login.body, "csrf")}, {"name", name}, {"password", password}});
}

std::string ConsoleClient::csrfOf(const std::string& path) {
  return hiddenField(get(path).body, "csrf");
}

std::string hiddenField(const std::string& html, const std::string& name) {
  const std::string marker = "name=\"" + name + "\" value=\"";
  const auto at = html.find(marker);
  if (at == std::string::npos) return "";
  const auto start = at + marker.size();
  return html.substr(start, html.find('"', start) - start);
}

int freePort() {
  Poco::Net::ServerSocket socket(Poco::Net::SocketAddress("127.0.0.1", 0));
  return socket.address().port();
}

std::unique_ptr<RunningCommand> startConsole(const SyncFixture& f, int port,
                                             const std::map<std::string, std::string>& env) {
  auto console = launchCommand(membersyncExecutable(), f.commandLine({"console"}), env);
  // Waits for the event (the port accepting), bounded; never a fixed sleep.
  for (int attempt = 0; attempt < 600; ++attempt) {
    try {
      Poco::Net::StreamSocket probe;
      probe.connect(Poco::Net::SocketAddress("127.0.0.1", static_cast<Poco::UInt16>(port)),
                    Poco::Timespan(1, 0));
      return console;
    } catch (const Poco::Exception&) {
      if (!console->running()) break;
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
  }
  const auto r = console->wait();
  FAIL("the console did not start: " << r.err);
  return nullptr;
}

CommandResult addConsoleUser(SyncFixture& f, const std::string& name, const std::string& role,
                             const std::string& password) {
  std::string line = "printf '%s\\n' '" + password + "' | '" + membersyncExecutable() + "'";
  for (const auto& arg : f.commandLine({"console-user", "add", name, "--role", role}))
    line += " '" + arg + "'";
  CommandResult r = runCommand("/bin/sh", {"-c", line});
  f.keep(r);
  return r;
}

}  // namespace membersync::testing
