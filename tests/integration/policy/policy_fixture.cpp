#include "tests/integration/policy/policy_fixture.h"

#include <Poco/JSON/Array.h>
#include <Poco/JSON/Object.h>
#include <Poco/JSON/Parser.h>

#include <catch2/catch.hpp>

#include <cctype>

#include "tests/integration/emulator/emulator_calls.h"

namespace membersync::testing {
namespace {

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

std::string textOr(const Poco::JSON::Object::Ptr& o, const std::string& key) {
  if (!o->has(key) || o->isNull(key)) return "";
  return o->get(key).convert<std::string>();
}

}  // namespace

PolicyFixture::PolicyFixture(const EmulatorProcess& emulator, const std::string& policyJson,
                             const std::string& syncExtra)
    : emulator_(emulator) {
  dir_.write("secrets/client", kDemoSecret + "\n");
  dir_.write("secrets/admin", kAdminPassword + "\n");
  writePolicy(policyJson);
  writeHr({});
  dir_.write("membersync.ini",
             "[center]\n"
             "base_url = " + emulator.baseUrl() + "\n"
             "token_url = " + emulator.tokenUrl() + "\n"
             "enterprise_global_id = ENT-ACME-0001\n"
             "enterprise_code = acme\n"
             "client_id = membersync-demo\n"
             "client_secret_file = secrets/client\n"
             "admin_user = admin@acme\n"
             "admin_password_file = secrets/admin\n"
             "[directory]\n"
             "path = hr.csv\n"
             "[policy]\n"
             "path = policy.json\n"
             "[sync]\n"
             // Departures act on the first export that misses them: these tests are about the
             // policy, not the graces (tests/integration/sync covers grace_hours).
             "grace_runs = 1\n"
             "grace_hours = 0\n" + syncExtra);
}

void PolicyFixture::writeHr(const std::vector<HrRow>& rows) {
  std::string csv = "employee_id,account,name,department,status,title,lock\n";
  for (const auto& r : rows) {
    csv += r.employeeId + "," + r.account + "," + r.name + "," + r.department + "," + r.status +
           "," + r.title + "," + r.lock + "\n";
  }
  dir_.write("hr.csv", csv);
}

void PolicyFixture::writePolicy(const std::string& policyJson) {
  dir_.write("policy.json", policyJson);
}

CommandResult PolicyFixture::run(const std::vector<std::string>& args) const {
  std::vector<std::string> full{"--config", (dir() / "membersync.ini").string()};
  full.insert(full.end(), args.begin(), args.end());
  return runCommand(membersyncExecutable(), full);
}

std::string CenterView::gid(const std::string& account) const {
  auto found = globalIdByAccount.find(lower(account));
  if (found == globalIdByAccount.end()) FAIL("no live member " << account);
  return found->second;
}

std::vector<std::string> CenterView::assetsOf(const std::string& account) const {
  const std::string id = gid(account);
  std::vector<std::string> out;
  for (const auto& [num, holder] : holderByAsset) {
    if (holder == id) out.push_back(num);
  }
  return out;
}

CenterView centerView(const EmulatorProcess& emulator) {
  CenterView v;
  auto state = parseJson(emulator.state());
  auto members = state->getArray("members");
  for (std::size_t i = 0; i < members->size(); ++i) {
    auto m = members->getObject(static_cast<unsigned>(i));
    if (m->getValue<bool>("deleted")) continue;
    std::string userName = lower(m->getValue<std::string>("userName"));
    userName = userName.substr(0, userName.find('@'));
    v.globalIdByAccount[userName] = m->getValue<std::string>("globalId");
  }
  auto assets = state->getArray("assets");
  for (std::size_t i = 0; i < assets->size(); ++i) {
    auto a = assets->getObject(static_cast<unsigned>(i));
    v.holderByAsset[a->getValue<std::string>("assetNum")] = textOr(a, "cloudAccountGlobalId");
  }
  auto locks = state->getArray("locks");
  for (std::size_t i = 0; i < locks->size(); ++i) {
    auto l = locks->getObject(static_cast<unsigned>(i));
    v.lockHolder[l->getValue<std::string>("assetNum")] = textOr(l, "cloudAccountGlobalId");
  }
  auto activities = state->getArray("activities");
  for (std::size_t i = 0; i < activities->size(); ++i) {
    auto a = activities->getObject(static_cast<unsigned>(i));
    auto& byIdentity = v.claims[a->getValue<std::string>("label")];
    auto claims = a->getObject("claims");
    for (const auto& identity : claims->getNames()) {
      auto units = claims->getObject(identity);
      int total = 0;
      for (const auto& unit : units->getNames()) total += units->getValue<int>(unit);
      byIdentity[lower(identity)] = total;
    }
  }
  return v;
}

int CallCounts::of(const std::string& endpoint) const {
  auto found = calls.find(endpoint);
  return found == calls.end() ? 0 : found->second;
}

CallCounts callCounts(const EmulatorProcess& emulator) {
  CallCounts c;
  auto stats = parseJson(emulator.stats());
  auto endpoints = stats->getObject("endpoints");
  for (const auto& name : endpoints->getNames()) {
    c.calls[name] = endpoints->getObject(name)->getValue<int>("calls");
  }
  c.writes = stats->getObject("totals")->getValue<int>("writes");
  return c;
}

void claimDirectly(const EmulatorProcess& emulator, const std::string& identity,
                   const std::string& label) {
  CenterClient client(emulator);
  auto r = client.activity(R"({"identity":")" + identity + R"(","activityLabel":")" + label +
                           R"(","source":"by-hand"})");
  REQUIRE(r.status == 200);
  REQUIRE(parseJson(r.body)->getValue<std::string>("resultCode") == "0000");
}

}  // namespace membersync::testing
