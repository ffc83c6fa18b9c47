#include "tests/unit/emulator/in_process.h"

#include <sstream>
#include <stdexcept>

#include <Poco/Base64Encoder.h>
#include <Poco/JSON/Array.h>
#include <Poco/JSON/Parser.h>

#include "tests/emulator/fixture.h"

namespace membersync::emulator::testing {
namespace {

std::string basic(const std::string& id, const std::string& secret) {
  std::ostringstream out;
  Poco::Base64Encoder enc(out);
  enc.rdbuf()->setLineLength(0);
  enc << id << ':' << secret;
  enc.close();
  return "Basic " + out.str();
}

Request makeRequest(const std::string& method, const std::string& pathAndQuery,
                    const std::map<std::string, std::string>& headers, const std::string& body) {
  Request r;
  r.method = method;
  auto q = pathAndQuery.find('?');
  r.path = pathAndQuery.substr(0, q);
  if (q != std::string::npos) {
    std::string query = pathAndQuery.substr(q + 1);
    std::size_t start = 0;
    while (start <= query.size()) {
      std::size_t amp = query.find('&', start);
      std::string pair = query.substr(start, amp - start);
      auto eq = pair.find('=');
      if (!pair.empty()) {
        r.query.emplace_back(pair.substr(0, eq),
                             eq == std::string::npos ? "" : pair.substr(eq + 1));
      }
      if (amp == std::string::npos) break;
      start = amp + 1;
    }
  }
  for (const auto& [k, v] : headers) {
    std::string key;
    for (char c : k) key += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    r.headers[key] = v;
  }
  r.body = body;
  return r;
}

}  // namespace

std::string fixturePath(const std::string& name) {
  return std::string(EMULATOR_FIXTURES_DIR) + "/" + name;
}

Poco::JSON::Object::Ptr parse(const std::string& json) {
  Poco::JSON::Parser parser;
  return parser.parse(json).extract<Poco::JSON::Object::Ptr>();
}

InProcess::InProcess(const std::string& fixture, ServiceOptions options)
    : emulator(std::make_unique<Emulator>(loadFixture(fixturePath(fixture)), options, clock)) {
  auto grant = [&](const std::string& form) {
    Reply r = token("membersync-demo", "demo-client-secret", form);
    if (r.status != 200) throw std::runtime_error("login failed: " + r.body);
    return parse(r.body)->getValue<std::string>("access_token");
  };
  appToken = grant("grant_type=client_credentials");
  userToken = grant("grant_type=password&username=admin%40acme&password=demo-admin-pass1");
}

Reply InProcess::raw(const std::string& method, const std::string& pathAndQuery,
                     const std::map<std::string, std::string>& headers, const std::string& body) {
  return emulator->handle(makeRequest(method, pathAndQuery, headers, body));
}

Reply InProcess::call(const std::string& method, const std::string& path, const std::string& body) {
  std::string target = "/me/api/v1" + path + (path.find('?') == std::string::npos ? "?" : "&") +
                       "g_nonce=n" + std::to_string(++nonce_);
  return raw(method, target,
             {{"Authorization", "Bearer " + appToken},
              {"clientToken", appToken},
              {"userToken", userToken},
              {"Content-Type", "application/json"}},
             body);
}

Reply InProcess::activity(const std::string& body) {
  return raw("POST", "/activity/services/activity?g_nonce=b" + std::to_string(++nonce_),
             {{"Authorization", "Bearer " + appToken}, {"Content-Type", "application/json"}}, body);
}

Reply InProcess::token(const std::string& clientId, const std::string& secret,
                       const std::string& form) {
  return raw("POST", "/uc/oauth/token",
             {{"Authorization", basic(clientId, secret)},
              {"Content-Type", "application/x-www-form-urlencoded"}},
             form);
}

std::string InProcess::code(const Reply& r) {
  auto o = parse(r.body);
  if (o->has("resultCode")) return o->getValue<std::string>("resultCode");
  if (o->has("code")) return o->get("code").convert<std::string>();
  return o->getValue<std::string>("error");
}

Poco::JSON::Object::Ptr InProcess::state() {
  return parse(raw("GET", "/_emulator/state", {}).body);
}

std::string InProcess::globalIdOf(const std::string& userName) {
  auto members = state()->getArray("members");
  std::string found;
  for (std::size_t i = 0; i < members->size(); ++i) {
    auto m = members->getObject(static_cast<unsigned>(i));
    if (m->getValue<std::string>("userName") == userName) {
      found = m->getValue<std::string>("globalId");  // the last one: a re-added account wins
    }
  }
  if (found.empty()) throw std::runtime_error("no member " + userName);
  return found;
}

}  // namespace membersync::emulator::testing
