#include "tests/integration/center/connected.h"

#include <Poco/JSON/Object.h>
#include <Poco/JSON/Parser.h>

namespace membersync::center::integration {

ClientOptions emulatorOptions(const membersync::testing::EmulatorProcess& emu) {
  ClientOptions o;
  o.baseUrl = emu.baseUrl();
  o.tokenUrl = emu.tokenUrl();
  o.enterpriseGlobalId = "ENT-ACME-0001";
  o.clientId = "membersync-demo";
  o.clientSecret = Secret("demo-client-secret");
  o.adminUser = "admin@acme";
  o.adminPassword = Secret("demo-admin-pass1");
  o.timeout = std::chrono::seconds(10);
  o.maxConcurrency = 4;
  o.retry.baseDelay = std::chrono::milliseconds(10);
  o.retry.maxDelay = std::chrono::milliseconds(50);
  return o;
}

std::string fixture(const std::string& name) {
  return membersync::testing::sourceDir() + "/tests/emulator/fixtures/" + name;
}

std::string globalIdOf(MemberCenterClient& members, const std::string& userName) {
  auto all = members.listAllMembers();
  if (!all.ok()) return "";
  for (const auto& m : all.value())
    if (m.userName == userName && !m.deleted) return m.globalId;
  return "";
}

long long emulatorCalls(const membersync::testing::EmulatorProcess& emu, const std::string& endpoint,
                        const std::string& outcome) {
  Poco::JSON::Parser parser;
  auto root = parser.parse(emu.stats()).extract<Poco::JSON::Object::Ptr>();
  auto e = root->getObject("endpoints")->getObject(endpoint);
  if (!e) return 0;
  if (outcome.empty()) return e->getValue<Poco::Int64>("calls");
  auto outcomes = e->getObject("outcomes");
  return outcomes->has(outcome) ? outcomes->getValue<Poco::Int64>(outcome) : 0;
}

void RepeatingRandom::fill(std::uint8_t* out, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) out[i] = static_cast<std::uint8_t>(0xa5 ^ i);
}

}  // namespace membersync::center::integration
