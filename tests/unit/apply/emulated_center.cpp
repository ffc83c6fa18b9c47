#include "tests/unit/apply/emulated_center.h"

#include <Poco/JSON/Array.h>
#include <Poco/JSON/Object.h>
#include <Poco/JSON/Parser.h>
#include <Poco/URI.h>

#include <cctype>
#include <stdexcept>

#include "tests/emulator/fixture.h"

namespace membersync::apply::testing {
namespace {

const std::string kBase = "http://emulator.test";

Poco::JSON::Object::Ptr parse(const std::string& json) {
  Poco::JSON::Parser parser;
  return parser.parse(json).extract<Poco::JSON::Object::Ptr>();
}

center::ClientOptions demoOptions() {
  center::ClientOptions o;
  o.baseUrl = kBase;
  o.tokenUrl = kBase + "/uc/oauth/token";
  o.enterpriseGlobalId = "ENT-ACME-0001";
  o.clientId = "membersync-demo";
  o.clientSecret = Secret("demo-client-secret");
  o.adminUser = "admin@acme";
  o.adminPassword = Secret("demo-admin-pass1");
  o.maxConcurrency = 4;
  o.retry.maxAttempts = 2;
  o.retry.baseDelay = std::chrono::milliseconds(10);
  o.retry.maxDelay = std::chrono::milliseconds(20);
  return o;
}

emulator::Reply inspect(emulator::Emulator& e, const std::string& path) {
  emulator::Request r;
  r.method = "GET";
  r.path = path;
  return e.handle(r);
}

}  // namespace

center::TransportResult EmulatorTransport::send(const center::HttpRequest& request) {
  if (beforeSend) beforeSend(request);
  Poco::URI uri(request.url);
  emulator::Request r;
  r.method = request.method;
  r.path = uri.getPath();
  for (const auto& [k, v] : uri.getQueryParameters()) r.query.emplace_back(k, v);
  for (const auto& [k, v] : request.headers) {
    std::string key;
    for (char c : k) key += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    r.headers[key] = v;
  }
  r.body = request.body;
  emulator::Reply reply = emulator_.handle(r);
  if (reply.dropConnection) return center::TransportResult::noAnswer("the connection was closed");
  return center::TransportResult::answered(reply.status, reply.body);
}

EmulatedCenter::EmulatedCenter(emulator::ServiceOptions options, const std::string& fixture)
    : emulator(std::make_unique<emulator::Emulator>(
          emulator::loadFixture(std::string(MEMBERSYNC_EMULATOR_FIXTURES) + "/" + fixture),
          options, clock)),
      transport(std::make_unique<EmulatorTransport>(*emulator)),
      session(std::make_unique<center::Session>(demoOptions(), *transport, clock, random,
                                                 scrubber)),
      client(std::make_unique<center::MemberCenterClient>(*session)),
      activities(std::make_unique<center::ActivityClient>(*session)),
      store(state::SqliteStore::open((dir.path() / "state.db").string(), clock)),
      outbox(std::make_unique<deliver::FileOutbox>((dir.path() / "new-passwords.csv").string())) {}

std::string EmulatedCenter::state() const {
  return inspect(*emulator, "/_emulator/state").body;
}

std::string EmulatedCenter::stats() const {
  return inspect(*emulator, "/_emulator/stats").body;
}

int EmulatedCenter::calls(const std::string& endpoint) const {
  auto endpoints = parse(stats())->getObject("endpoints");
  auto e = endpoints ? endpoints->getObject(endpoint) : nullptr;
  return e ? e->getValue<int>("calls") : 0;
}

std::string EmulatedCenter::globalIdOf(const std::string& account) {
  auto members = parse(state())->getArray("members");
  for (std::size_t i = 0; i < members->size(); ++i) {
    auto m = members->getObject(static_cast<unsigned>(i));
    const std::string userName = m->getValue<std::string>("userName");
    const bool deleted = m->has("deleted") && m->getValue<bool>("deleted");
    if (!deleted && userName.rfind(account + "@", 0) == 0) {
      return m->getValue<std::string>("globalId");
    }
  }
  throw std::runtime_error("no live member " + account + " in the emulator");
}

std::string EmulatedCenter::holderOf(const std::string& assetNum) {
  auto assets = parse(state())->getArray("assets");
  for (std::size_t i = 0; i < assets->size(); ++i) {
    auto a = assets->getObject(static_cast<unsigned>(i));
    if (a->getValue<std::string>("assetNum") != assetNum) continue;
    auto holder = a->get("cloudAccountGlobalId");
    return holder.isEmpty() ? std::string() : holder.convert<std::string>();
  }
  throw std::runtime_error("no asset " + assetNum + " in the emulator");
}

}  // namespace membersync::apply::testing
