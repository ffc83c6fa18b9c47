// Every code of spec section 7, provoked for real through the client against the emulator.
#include <catch2/catch.hpp>

#include <functional>

#include "jobs/center/attempt.h"
#include "jobs/center/decode.h"
#include "jobs/center/url.h"
#include "tests/integration/center/connected.h"

using namespace membersync::center;
using namespace membersync::center::integration;
using membersync::Secret;
using membersync::testing::EmulatorProcess;

namespace {

// What a call came to, whatever its value type.
struct Observed {
  Outcome outcome = Outcome::Failed;
  std::string code;
  ErrorKind kind = ErrorKind::Protocol;
  std::string text;
};

template <class T>
Observed observe(const Result<T>& r, const std::string& okCode = "") {
  if (r.ok()) return {Outcome::Ok, okCode, ErrorKind::Protocol, "ok"};
  return {r.outcome(), r.error().code, r.error().kind, r.error().describe()};
}

// The world a row runs in: an emulator of its own, and a client (built lazily, so a row may pick
// its options, transport or random source).
struct Ctx {
  EmulatorProcess& emu;
  std::unique_ptr<Connected> client;
  Connected& c() {
    if (!client) client = std::make_unique<Connected>(emulatorOptions(emu));
    return *client;
  }
  std::string member(const std::string& userName) { return globalIdOf(c().members, userName); }
};

NewMember newMember(std::string account, std::string name = "新成员", std::string password = "Welcome2026abc") {
  return NewMember{std::move(account), Secret(std::move(password)), std::nullopt, std::move(name),
                   std::nullopt, std::nullopt};
}

std::string repeat(const std::string& s, int n) {
  std::string out;
  for (int i = 0; i < n; ++i) out += s;
  return out;
}

// Sends every request with the userToken replaced, as a stale or foreign token would be.
class StaleUserToken final : public Transport {
 public:
  explicit StaleUserToken(const ClientOptions& o) : inner_(o) {}
  TransportResult send(const HttpRequest& request) override {
    HttpRequest copy = request;
    for (auto& [name, value] : copy.headers)
      if (name == "userToken") value = "stale-user-token";
    return inner_.send(copy);
  }

 private:
  PocoTransport inner_;
};

// A1 with 101 rows, sent around the client (which refuses it) with tokens of its own.
TransportResult sendOversizedAdd(EmulatorProcess& emu) {
  auto grant = [&emu](const std::string& form) {
    auto r = emu.request("POST", "/uc/oauth/token",
                         {{"Authorization", basicAuthorization("membersync-demo", Secret("demo-client-secret")).reveal()},
                          {"Content-Type", "application/x-www-form-urlencoded"}},
                         form);
    auto answer = readTokenAnswer(r.body);
    REQUIRE(answer.ok());
    return answer.value().accessToken;
  };
  const std::string client = grant("grant_type=client_credentials");
  const std::string user = grant(formEncode({{"grant_type", "password"}, {"username", "admin@acme"},
                                             {"password", "demo-admin-pass1"}}));
  std::string list;
  for (int i = 0; i < 101; ++i)
    list += (i ? "," : "") + std::string(R"({"userName":"bulk)") + std::to_string(i) +
            R"(","password":"Welcome2026abc","name":"n"})";
  auto r = emu.request("POST", "/me/api/v1/enterprise/ENT-ACME-0001/member?g_nonce=0123456789abcdef0123456789abcdef",
                       {{"Authorization", "Bearer " + client}, {"clientToken", client}, {"userToken", user},
                        {"Content-Type", "application/json"}},
                       R"({"userList":[)" + list + "]}");
  return TransportResult::answered(r.status, r.body);
}

struct Row {
  std::string code;
  Outcome outcome;
  ErrorKind kind;
  std::string fixtureFile;          // "" = demo.json
  std::vector<std::string> flags;   // emulator flags
  std::function<Observed(Ctx&)> provoke;
};

const EnrolRequest kEnrol{"zhangwei@acme", "welcome-2026", "membersync", "HQ", std::nullopt};

EnrolRequest enrol(std::string identity, std::string label = "welcome-2026", std::string source = "membersync") {
  return EnrolRequest{std::move(identity), std::move(label), std::move(source), "HQ", std::nullopt};
}

std::vector<Row> rows() {
  using K = ErrorKind;
  const Outcome F = Outcome::Failed;
  return {
      // Tokens and security. A refused token is renewed once; refused again it is Configuration.
      {"60000", F, K::Configuration, "switches.json", {}, [](Ctx& x) {
         ClientOptions o = emulatorOptions(x.emu);
         o.clientId = "activity-only-app";  // its token lacks auth_me
         o.clientSecret = Secret("activity-only-secret");
         x.client = std::make_unique<Connected>(o);
         return observe(x.c().members.listBorrowedLocks());
       }},
      {"60005", F, K::Configuration, "", {}, [](Ctx& x) {
         ClientOptions o = emulatorOptions(x.emu);
         x.client = std::make_unique<Connected>(o, std::make_unique<StaleUserToken>(o));
         return observe(x.c().members.listBorrowedLocks());
       }},
      {"70001", F, K::Configuration, "", {}, [](Ctx& x) {
         x.client = std::make_unique<Connected>(emulatorOptions(x.emu), nullptr, std::make_unique<RepeatingRandom>());
         REQUIRE(x.c().members.listBorrowedLocks().ok());
         return observe(x.c().members.listBorrowedLocks());  // the same g_nonce again
       }},
      {"500", F, K::RetryLater, "", {"--fail-rate", "1"}, [](Ctx& x) {
         return observe(x.c().members.listAssetNumbers());
       }},
      {"80001", F, K::RetryLater, "", {"--uc-fail-rate", "1"}, [](Ctx& x) {
         return observe(x.c().members.listMembersPage(1));
       }},
      // A1 validation.
      {"40000", F, K::BadInput, "", {}, [](Ctx& x) {
         return observe(x.c().members.lendAssets(x.member("lina@acme"), "", {"AID-0002"}));
       }},
      {"40021", F, K::BadInput, "", {}, [](Ctx& x) { return observe(x.c().members.addMembers({})); }},
      {"60013", F, K::BadInput, "", {}, [](Ctx& x) {
         std::vector<NewMember> many;
         for (int i = 0; i < 101; ++i) many.push_back(newMember("bulk" + std::to_string(i)));
         Observed local = observe(x.c().members.addMembers(many));  // refused before sending
         CHECK(emulatorCalls(x.emu, "A1") == 0);
         // Sent anyway, the 101 rows get 60013 from the emulator, and the client reads it alike.
         const Attempt sent = readMemberCenterAttempt(Endpoint::AddMembers, true, sendOversizedAdd(x.emu));
         REQUIRE(sent.result.failed());
         CHECK(sent.result.error().code == "60013");
         CHECK(sent.result.error().kind == local.kind);
         return local;
       }},
      {"40008", F, K::BadInput, "", {}, [](Ctx& x) { return observe(x.c().members.addMembers({newMember("")})); }},
      {"40001", F, K::BadInput, "", {}, [](Ctx& x) {
         return observe(x.c().members.addMembers({newMember("nopass", "无密码", "")}));
       }},
      {"40009", F, K::Configuration, "strict.json", {}, [](Ctx& x) {
         return observe(x.c().members.addMembers({newMember("nodept")}));
       }},
      {"40022", F, K::BadInput, "", {}, [](Ctx& x) { return observe(x.c().members.addMembers({newMember("noname", "")})); }},
      {"50003", F, K::Configuration, "", {}, [](Ctx& x) {
         Observed o = observe(x.c().members.addMembers({newMember("shortpw", "短", "abc")}));
         CHECK(o.text.find("between 8 and 20") != std::string::npos);
         return o;
       }},
      {"30002", F, K::BadInput, "", {}, [](Ctx& x) {
         return observe(x.c().members.addMembers({newMember("longname", repeat("名", 31))}));
       }},
      {"30003", F, K::BadInput, "", {}, [](Ctx& x) {
         NewMember m = newMember("longremark");
         m.remark = repeat("r", 201);
         return observe(x.c().members.addMembers({m}));
       }},
      {"10003", F, K::BadInput, "", {}, [](Ctx& x) { return observe(x.c().members.addMembers({newMember("bad-name!")})); }},
      {"10004", F, K::BadInput, "", {}, [](Ctx& x) {
         NewMember m = newMember("badphone");
         m.passwordMobile = "12345";
         return observe(x.c().members.addMembers({m}));
       }},
      {"40006", F, K::Configuration, "switches.json", {}, [](Ctx& x) {
         return observe(x.c().members.addMembers({newMember("nosuffix")}));
       }},
      {"60009", F, K::Configuration, "strict.json", {}, [](Ctx& x) {
         std::vector<NewMember> many;
         for (int i = 0; i < 9; ++i) {
           many.push_back(newMember("trial" + std::to_string(i)));
           many.back().departmentId = "1001";
         }
         Observed o = observe(x.c().members.addMembers(many));
         CHECK(o.text.find("at most 8 trial member accounts") != std::string::npos);
         return o;
       }},
      {"60027", Outcome::Ok, K::Protocol, "", {}, [](Ctx& x) {
         auto r = x.c().members.addMembers({newMember("zhangwei"), newMember("brandnew")});
         REQUIRE(r.ok());
         REQUIRE(r.value().failed.size() == 1);
         CHECK(r.value().failed[0].userName == "zhangwei");
         CHECK(r.value().succeeded.size() == 1);
         return observe(r, "60027");
       }},
      {"60002", F, K::NotFound, "", {}, [](Ctx& x) {
         return observe(x.c().members.editMember("G-NO-SUCH-MEMBER", MemberEdit{"ghost", "Ghost", {}, {}, {}}));
       }},
      {"60017", F, K::Configuration, "switches.json", {}, [](Ctx& x) { return observe(x.c().members.listAssetNumbers()); }},
      {"60024", F, K::NotFound, "", {}, [](Ctx& x) { return observe(x.c().members.listProducts("AID-NO-SUCH")); }},
      // A9.
      {"60023", F, K::Conflict, "", {}, [](Ctx& x) {
         return observe(x.c().members.configureAssets(x.member("chenjie@acme"), {}, {"AN-0003"}));
       }},
      {"60025", F, K::Conflict, "", {}, [](Ctx& x) {
         return observe(x.c().members.configureAssets(x.member("lina@acme"), {}, {"AN-0030"}));
       }},
      {"60026", F, K::NotFound, "", {}, [](Ctx& x) {
         return observe(x.c().members.configureAssets("G-NO-SUCH-MEMBER", {}, {"AN-0003"}));
       }},
      {"60028", F, K::Conflict, "", {}, [](Ctx& x) {
         return observe(x.c().members.configureAssets(x.member("lina@acme"), {}, {"AN-0003", "AN-0003"}));
       }},
      // A10.
      {"33006", F, K::Conflict, "", {}, [](Ctx& x) {
         return observe(x.c().members.lendAssets(x.member("wangfang@acme"), "LK-0004", {"AID-0013", "AID-0014"}));
       }},
      {"33003", F, K::Conflict, "", {}, [](Ctx& x) {
         return observe(x.c().members.lendAssets(x.member("lina@acme"), "LK-0001", {"AID-0003"}));
       }},
      {"33007", F, K::Conflict, "", {}, [](Ctx& x) {
         return observe(x.c().members.lendAssets(x.member("zhangwei@acme"), "LK-0001", {"AID-0001"}));
       }},
      {"33008", F, K::Conflict, "", {}, [](Ctx& x) {
         return observe(x.c().members.lendAssets(x.member("lina@acme"), "LK-0002", {"AID-0002"}));
       }},
      {"33018", F, K::Conflict, "", {}, [](Ctx& x) {
         return observe(x.c().members.lendAssets(x.member("lina@acme"), "LK-0003", {"AID-0002"}));
       }},
      {"33009", F, K::Conflict, "", {}, [](Ctx& x) {
         return observe(x.c().members.lendAssets(x.member("lina@acme"), "LK-9999", {"AID-0002"}));
       }},
      // B1.
      {"0000", Outcome::Ok, K::Protocol, "", {}, [](Ctx& x) {
         auto r = x.c().activity.enrol(kEnrol);
         REQUIRE(r.ok());
         CHECK_FALSE(r.value().products.empty());
         return observe(r, "0000");
       }},
      {"1001", F, K::BadInput, "", {}, [](Ctx& x) { return observe(x.c().activity.enrol(enrol(""))); }},
      // B1 is not safe to repeat, and 1002 may follow the enrolment: in doubt, sent once.
      {"1002", Outcome::Unknown, K::RetryLater, "", {"--activity-fail-rate", "1"}, [](Ctx& x) {
         Observed o = observe(x.c().activity.enrol(kEnrol));
         CHECK(emulatorCalls(x.emu, "B1") == 1);  // never re-sent
         return o;
       }},
      {"1004", F, K::BadInput, "", {}, [](Ctx& x) { return observe(x.c().activity.enrol(enrol("nobody-known"))); }},
      {"2001", F, K::Conflict, "", {}, [](Ctx& x) {
         return observe(x.c().activity.enrol(enrol("zhangwei@acme", "welcome-2026", "blocked-system")));
       }},
      {"3001", F, K::Configuration, "", {}, [](Ctx& x) {
         return observe(x.c().activity.enrol(enrol("zhangwei@acme", "no-such-activity")));
       }},
      {"3002", F, K::Conflict, "", {}, [](Ctx& x) {
         REQUIRE(x.c().activity.enrol(kEnrol).ok());
         auto again = x.c().activity.enrol(kEnrol);  // the unit allows one claim per person
         REQUIRE(again.failed());
         REQUIRE_FALSE(again.error().activities.empty());
         REQUIRE_FALSE(again.error().activities[0].units.empty());
         CHECK(again.error().activities[0].units[0].errorCode == "14005");
         return observe(again);
       }},
  };
}

}  // namespace

TEST_CASE("center against the emulator: every spec error code is provoked and typed", "[center]") {
  const auto table = rows();
  REQUIRE(table.size() == 40);
  for (const Row& row : table) {
    DYNAMIC_SECTION("code " << row.code) {
      EmulatorProcess::Options options;
      if (!row.fixtureFile.empty()) options.fixture = fixture(row.fixtureFile);
      options.extraArgs = row.flags;
      EmulatorProcess emu(options);
      Ctx ctx{emu, nullptr};
      const Observed seen = row.provoke(ctx);
      INFO(seen.text);
      CHECK(seen.outcome == row.outcome);
      CHECK(seen.code == row.code);
      if (row.outcome == Outcome::Failed) CHECK(seen.kind == row.kind);
    }
  }
}
