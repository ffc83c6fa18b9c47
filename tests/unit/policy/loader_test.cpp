#include "jobs/policy/loader.h"

#include <catch2/catch.hpp>

#include "jobs/core/sha256.h"
#include "tests/unit/policy/policy_file.h"

using membersync::policy::isProtected;
using membersync::policy::loadPolicy;
using membersync::policy::Policy;
using membersync::policy::PolicyError;

using membersync::policy::testing::PolicyFile;
using membersync::testing::TempDir;

TEST_CASE("policy: no policy file gives an empty policy with an empty hash", "[policy]") {
  const Policy p = loadPolicy("");
  CHECK(p.path.empty());
  CHECK(p.contentHash.empty());
  CHECK(p.departments.empty());
  CHECK(p.protect.empty());
}

TEST_CASE("policy: the design's example loads, rules included", "[policy]") {
  PolicyFile f;
  const std::string json = R"({
    "departments": { "ENG": 1001, "DESIGN": "1002" },
    "protect": ["admin", "svc*"],
    "assets": [ { "rule": "cad-seat", "when": { "department": ["ENG"] }, "pool": ["AN-0001"] } ],
    "locks": [ { "rule": "offline", "when": { "lock": "*" }, "lock_from": "lock" } ],
    "activities": [ { "rule": "welcome", "when": { "department": "ENG" }, "label": "w",
                      "source": "membersync" } ]
  })";
  const Policy p = f.load(json);
  CHECK(p.path == f.path);
  CHECK(p.contentHash == membersync::Sha256::of(json));
  CHECK(p.departments == std::map<std::string, std::string>{{"DESIGN", "1002"}, {"ENG", "1001"}});
  CHECK(p.protect == std::vector<std::string>{"admin", "svc*"});
  REQUIRE(p.assets.size() == 1);
  CHECK(p.assets[0].rule == "cad-seat");
  REQUIRE(p.locks.size() == 1);
  CHECK(p.locks[0].lockFrom == "lock");
  REQUIRE(p.activities.size() == 1);
  CHECK(p.activities[0].label == "w");
}

TEST_CASE("policy: every key is optional", "[policy]") {
  PolicyFile f;
  const Policy p = f.load("{}");
  CHECK(p.departments.empty());
  CHECK(p.protect.empty());
  CHECK_FALSE(p.contentHash.empty());
}

TEST_CASE("policy: department ids are kept as decimal digits, numbers and strings alike",
          "[policy]") {
  PolicyFile f;
  const Policy p = f.load(
      R"({"departments": {"A": 1, "B": "0042", "C": 9223372036854775807, "研发部": "7"}})");
  CHECK(p.departments.at("A") == "1");
  CHECK(p.departments.at("B") == "42");
  CHECK(p.departments.at("C") == "9223372036854775807");
  CHECK(p.departments.at("研发部") == "7");
}

TEST_CASE("policy: a department id that is not a positive whole number names its path",
          "[policy]") {
  PolicyFile f;
  const std::string tail = ": must be a positive whole number (the center's departmentId), not ";
  CHECK(f.error(R"({"departments": {"ENG": "x"}})") == "policy.json: departments.ENG" + tail +
                                                           "\"x\"");
  CHECK(f.error(R"({"departments": {"ENG": 0}})") == "policy.json: departments.ENG" + tail + "0");
  CHECK(f.error(R"({"departments": {"ENG": -5}})") == "policy.json: departments.ENG" + tail +
                                                          "-5");
  CHECK(f.error(R"({"departments": {"ENG": 10.5}})") == "policy.json: departments.ENG" + tail +
                                                            "10.5");
  CHECK(f.error(R"({"departments": {"ENG": true}})") == "policy.json: departments.ENG" + tail +
                                                            "true");
  CHECK(f.error(R"({"departments": {"ENG": null}})") == "policy.json: departments.ENG" + tail +
                                                            "null");
  CHECK(f.error(R"({"departments": {"ENG": "000"}})") == "policy.json: departments.ENG" + tail +
                                                             "\"000\"");
  CHECK(f.error(R"({"departments": {"ENG": " 12"}})") == "policy.json: departments.ENG" + tail +
                                                             "\" 12\"");
  CHECK(f.error(R"({"departments": {"ENG": "9223372036854775808"}})") ==
        "policy.json: departments.ENG" + tail + "\"9223372036854775808\"");
  CHECK(f.error(R"({"departments": {"ENG": 9223372036854775808}})") ==
        "policy.json: departments.ENG" + tail + "9223372036854775808");
  CHECK(f.error(R"({"departments": {"R&D team": {}}})") ==
        "policy.json: departments[\"R&D team\"]" + tail + "an object");
}

TEST_CASE("policy: departments must be an object", "[policy]") {
  PolicyFile f;
  CHECK(f.error(R"({"departments": [1001]})") ==
        "policy.json: departments: must be an object mapping HR department values to department "
        "ids, not an array");
}

TEST_CASE("policy: protect entries must be non-empty strings, named by index", "[policy]") {
  PolicyFile f;
  CHECK(f.error(R"({"protect": ["admin", "svc*", ""]})") ==
        "policy.json: protect[2]: must be a non-empty string, not \"\"");
  CHECK(f.error(R"({"protect": ["admin", 5]})") ==
        "policy.json: protect[1]: must be a non-empty string, not 5");
  CHECK(f.error(R"({"protect": [null]})") ==
        "policy.json: protect[0]: must be a non-empty string, not null");
  CHECK(f.error(R"({"protect": "admin"})") ==
        "policy.json: protect: must be an array of account patterns, not \"admin\"");
}

TEST_CASE("policy: a protect pattern that can never match an account is refused", "[policy]") {
  PolicyFile f;
  for (const std::string pattern : {"admin@acme", "john.doe", "svc *"}) {
    CAPTURE(pattern);
    const std::string e = f.error(R"({"protect": [")" + pattern + R"("]})");
    CHECK(e.find("policy.json: protect[0]: \"" + pattern + "\" can never match an account") == 0);
  }
}

TEST_CASE("policy: an unknown top-level key is an error", "[policy]") {
  PolicyFile f;
  CHECK(f.error(R"({"protect": [], "departmnets": {}})") ==
        "policy.json: departmnets: unknown key; a policy holds departments, protect, assets, "
        "locks and activities");
}

TEST_CASE("policy: the top level must be an object", "[policy]") {
  PolicyFile f;
  CHECK(f.error("[]") == "policy.json: the top level must be a JSON object, not an array");
}

TEST_CASE("policy: malformed JSON names the line", "[policy]") {
  PolicyFile f;
  const std::string e = f.error("{\n  \"departments\": {\"ENG\": 1001,},\n  \"protect\": []\n}");
  CHECK(e.find("policy.json:2: malformed JSON (") == 0);
  CHECK(e.find("fix the policy file") != std::string::npos);
  CHECK(f.error("").find("policy.json:1: malformed JSON") == 0);
}

// Found by fuzzing: locating the mistake recursed once per level and overflowed the stack.
TEST_CASE("policy: a policy nested a million levels deep is refused with its line, not a crash",
          "[policy]") {
  PolicyFile f;
  CHECK(f.error("{\"protect\":\n" + std::string(1'000'000, '[')) ==
        "policy.json:2: malformed JSON (nested deeper than 128 levels); fix the policy file");
}

TEST_CASE("policy: a missing policy file names the file and the setting", "[policy]") {
  TempDir dir;
  const std::string path = (dir.path() / "missing.json").string();
  try {
    loadPolicy(path);
    FAIL("expected PolicyError");
  } catch (const PolicyError& e) {
    const std::string what = e.what();
    CHECK(what.find(path + ": cannot read the policy file") == 0);
    CHECK(what.find("[policy] path") != std::string::npos);
  }
}

TEST_CASE("policy: protect globs match accounts without regard to case", "[policy]") {
  PolicyFile f;
  const Policy p = f.load(R"({"protect": ["admin", "svc*"]})");
  CHECK(isProtected(p, "SVCbackup"));
  CHECK(isProtected(p, "svc"));
  CHECK(isProtected(p, "Admin"));
  CHECK_FALSE(isProtected(p, "admin2"));
  CHECK_FALSE(isProtected(p, "mysvc"));
  CHECK_FALSE(isProtected(Policy{}, "admin"));
}
