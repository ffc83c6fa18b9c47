// Asset, lock and activity rules: what the loader reads, every mistake with its JSON path, and
// the rule hashes that let a changed rule retry what it was refused.

#include <catch2/catch.hpp>

#include "jobs/policy/loader.h"
#include "tests/unit/policy/policy_file.h"

using membersync::policy::loadPolicy;
using membersync::policy::Policy;
using membersync::policy::PolicyError;

using membersync::policy::testing::PolicyFile;

namespace {

bool startsWith(const std::string& text, const std::string& head) {
  return text.compare(0, head.size(), head) == 0;
}

}  // namespace

TEST_CASE("policy: asset, lock and activity rules are read into plain values", "[policy]") {
  PolicyFile f;
  const Policy p = f.load(R"({
    "departments": { "ENG": 1001, "DESIGN": 1002 },
    "assets": [
      { "rule": "cad-seat", "when": { "department": ["ENG", "DESIGN"] },
        "pool": ["AN-0002", "AN-0001"], "exclusive": true },
      { "rule": "viewer", "when": { "title": "Viewer*" }, "product": "uri:viewer" }
    ],
    "locks": [ { "rule": "offline", "when": { "lock": "*" }, "lock_from": "lock" } ],
    "activities": [
      { "rule": "welcome", "when": { "department": "ENG" }, "label": "welcome-2026",
        "source": "membersync", "branch": "HQ" },
      { "rule": "trial", "label": "render-trial", "source": "ms", "identity_from": "email" }
    ]
  })");
  REQUIRE(p.assets.size() == 2);
  CHECK(p.assets[0].rule == "cad-seat");
  CHECK(p.assets[0].when.at("department") == std::vector<std::string>{"ENG", "DESIGN"});
  CHECK(p.assets[0].pool == std::vector<std::string>{"AN-0002", "AN-0001"});  // file order
  CHECK(p.assets[0].product.empty());
  CHECK(p.assets[0].exclusive);
  CHECK(p.assets[1].when.at("title") == std::vector<std::string>{"Viewer*"});
  CHECK(p.assets[1].product == "uri:viewer");
  CHECK(p.assets[1].pool.empty());
  CHECK_FALSE(p.assets[1].exclusive);
  CHECK(p.hasProductRules());
  REQUIRE(p.locks.size() == 1);
  CHECK(p.locks[0].rule == "offline");
  CHECK(p.locks[0].lockFrom == "lock");
  REQUIRE(p.activities.size() == 2);
  CHECK(p.activities[0].label == "welcome-2026");
  CHECK(p.activities[0].source == "membersync");
  CHECK(p.activities[0].branch == "HQ");
  CHECK(p.activities[0].identityFrom.empty());  // the full userName
  CHECK(p.activities[1].when.empty());          // no condition: everyone
  CHECK(p.activities[1].branch.empty());
  CHECK(p.activities[1].identityFrom == "email");
}

TEST_CASE("policy: each rule has a stable hash that changes with the rule alone", "[policy]") {
  PolicyFile f;
  const std::string base = R"({"assets": [
      {"rule": "a", "when": {"department": "ENG"}, "pool": ["AN-1"]},
      {"rule": "b", "product": "uri:x"}]})";
  const Policy one = f.load(base);
  const Policy again = f.load(base);
  CHECK(one.assets[0].hash == again.assets[0].hash);
  CHECK(one.assets[0].hash.size() == 64);
  CHECK(one.assets[0].hash != one.assets[1].hash);
  const Policy changed = f.load(R"({"assets": [
      {"rule": "a", "when": {"department": "ENG"}, "pool": ["AN-1", "AN-2"]},
      {"rule": "b", "product": "uri:x"}]})");
  CHECK(changed.assets[0].hash != one.assets[0].hash);
  CHECK(changed.assets[1].hash == one.assets[1].hash);  // untouched rule, same hash
  CHECK(changed.contentHash != one.contentHash);

  const Policy spaced = f.load(R"({"assets":[{"rule":"b","product":"uri:x"}]})");
  CHECK(spaced.assets[0].hash == one.assets[1].hash);  // formatting does not matter
  const Policy label1 = f.load(R"({"activities":[{"rule":"w","label":"x","source":"s"}]})");
  const Policy label2 = f.load(R"({"activities":[{"rule":"w","label":"y","source":"s"}]})");
  CHECK(label1.activities[0].hash != label2.activities[0].hash);
}

TEST_CASE("policy: a pool asset listed twice or in two pools names both places", "[policy]") {
  PolicyFile f;
  CHECK(f.error(R"({"assets": [
      {"rule": "a", "pool": ["AN-0001", "AN-0007"]},
      {"rule": "b", "pool": ["AN-0002", "AN-0003", "AN-0004", "AN-0007"]}]})") ==
        "policy.json: assets[1].pool[3]: AN-0007 is already in assets[0].pool");
  CHECK(f.error(R"({"assets": [{"rule": "a", "pool": ["AN-1", "AN-2", "AN-1"]}]})") ==
        "policy.json: assets[0].pool[2]: AN-1 is already in assets[0].pool");
}

TEST_CASE("policy: an asset rule needs a pool or a product, not both", "[policy]") {
  PolicyFile f;
  CHECK(f.error(R"({"assets": [{"rule": "a", "when": {}}]})") ==
        "policy.json: assets[0]: needs \"pool\" (asset numbers) or \"product\" (a productUri)");
  CHECK(f.error(R"({"assets": [{"rule": "a", "pool": ["AN-1"], "product": "uri:x"}]})") ==
        "policy.json: assets[0]: has both \"pool\" and \"product\"; a rule grants from one of "
        "them");
  CHECK(f.error(R"({"assets": [{"rule": "a", "pool": []}]})") ==
        "policy.json: assets[0].pool: is empty; list the asset numbers the rule hands out");
  CHECK(f.error(R"({"assets": [{"rule": "a", "pool": ["AN-1", 7]}]})") ==
        "policy.json: assets[0].pool[1]: must be an asset number (a non-empty string), not 7");
  CHECK(f.error(R"({"assets": [{"rule": "a", "pool": "AN-1"}]})") ==
        "policy.json: assets[0].pool: must be an array of asset numbers, not \"AN-1\"");
  CHECK(f.error(R"({"assets": [{"rule": "a", "product": ""}]})") ==
        "policy.json: assets[0].product: must be a non-empty string (a productUri), not \"\"");
  CHECK(f.error(R"({"assets": [{"rule": "a", "product": "uri:x", "exclusive": true}]})") ==
        "policy.json: assets[0].exclusive: only a pool can be exclusive (a product rule has no "
        "pool of its own)");
  CHECK(f.error(R"({"assets": [{"rule": "a", "pool": ["AN-1"], "exclusive": "yes"}]})") ==
        "policy.json: assets[0].exclusive: must be true or false, not \"yes\"");
}

TEST_CASE("policy: an unknown key in a rule names its path and the keys allowed", "[policy]") {
  PolicyFile f;
  CHECK(f.error(R"({"assets": [{"rule": "a", "pools": ["AN-1"]}]})") ==
        "policy.json: assets[0].pools: unknown key; an asset rule holds rule, when, pool, product "
        "and exclusive");
  CHECK(f.error(R"({"locks": [{"rule": "l", "lock_from": "lock", "lockFrom": "x"}]})") ==
        "policy.json: locks[0].lockFrom: unknown key; a lock rule holds rule, when and lock_from");
  CHECK(f.error(R"({"activities": [{"rule": "w", "label": "x", "source": "s", "id": 1}]})") ==
        "policy.json: activities[0].id: unknown key; an activity rule holds rule, when, label, "
        "source, branch and identity_from");
}

TEST_CASE("policy: rule sections and rules have the right types", "[policy]") {
  PolicyFile f;
  CHECK(f.error(R"({"assets": {"rule": "a"}})") ==
        "policy.json: assets: must be an array of asset rules, not an object");
  CHECK(f.error(R"({"locks": [["x"]]})") ==
        "policy.json: locks[0]: must be an object (a rule), not an array");
  CHECK(f.error(R"({"activities": [{"rule": "w", "source": "s"}]})") ==
        "policy.json: activities[0]: missing \"label\" (the activity's label)");
  CHECK(f.error(R"({"activities": [{"rule": "w", "label": "x"}]})") ==
        "policy.json: activities[0]: missing \"source\" (the business line system the activity "
        "service names as the source)");
  CHECK(f.error(R"({"activities": [{"rule": "w", "label": "x", "source": "s", "branch": 3}]})") ==
        "policy.json: activities[0].branch: must be a non-empty string (the participant's "
        "branch), not 3");
  CHECK(f.error(R"({"locks": [{"rule": "l"}]})") ==
        "policy.json: locks[0]: missing \"lock_from\" (the HR column holding the lock number)");
}

TEST_CASE("policy: rule names are required, plain and unique across the file", "[policy]") {
  PolicyFile f;
  CHECK(f.error(R"({"assets": [{"pool": ["AN-1"]}]})") ==
        "policy.json: assets[0]: missing \"rule\" (the rule's name)");
  CHECK(f.error(R"({"assets": [{"rule": "", "pool": ["AN-1"]}]})") ==
        "policy.json: assets[0].rule: must be a non-empty string (the rule's name), not \"\"");
  CHECK(startsWith(f.error(R"({"assets": [{"rule": "cad seat", "pool": ["AN-1"]}]})"),
                   "policy.json: assets[0].rule: \"cad seat\": a rule name holds only ASCII "
                   "letters, digits, '-', '_' and '.'"));
  CHECK(f.error(
            R"({"assets": [{"rule": "a", "pool": ["AN-1"]}, {"rule": "a", "pool": ["AN-2"]}]})") ==
        "policy.json: assets[1].rule: \"a\" is already the name of assets[0]; every rule needs "
        "its own name");
  CHECK(f.error(R"({"assets": [{"rule": "x", "pool": ["AN-1"]}],
                    "locks": [{"rule": "x", "lock_from": "lock"}]})") ==
        "policy.json: locks[0].rule: \"x\" is already the name of assets[0]; every rule needs its "
        "own name");
}

TEST_CASE("policy: when takes a pattern or a non-empty list of patterns", "[policy]") {
  PolicyFile f;
  CHECK(f.error(R"({"locks": [{"rule": "l", "lock_from": "lock", "when": ["lock"]}]})") ==
        "policy.json: locks[0].when: must be an object (HR field or attribute -> patterns), not "
        "an array");
  CHECK(f.error(R"({"locks": [{"rule": "l", "lock_from": "lock", "when": {"lock": 5}}]})") ==
        "policy.json: locks[0].when.lock: must be an array of patterns (or a single pattern "
        "string), not 5");
  CHECK(f.error(
            R"({"locks": [{"rule": "l", "lock_from": "lock", "when": {"lock": ["a", null]}}]})") ==
        "policy.json: locks[0].when.lock[1]: must be a pattern string, not null");
  CHECK(f.error(R"({"locks": [{"rule": "l", "lock_from": "lock", "when": {"lock": []}}]})") ==
        "policy.json: locks[0].when.lock: an empty list matches nobody; give at least one pattern");
  CHECK(f.error(R"({"locks": [{"rule": "l", "lock_from": "lock", "when": {"": "x"}}]})") ==
        "policy.json: locks[0].when[\"\"]: an HR field or attribute name cannot be empty");
}

TEST_CASE("policy: a when on an unknown department is an error once departments are mapped",
          "[policy]") {
  PolicyFile f;
  const std::string departments = R"("departments": {"ENG": 1001, "DESIGN": 1002})";
  CHECK(
      f.error(
          "{" + departments +
          R"(, "assets": [{"rule": "a", "pool": ["AN-1"], "when": {"department": ["ENG", "ENGG"]}}]})") ==
      "policy.json: assets[0].when.department[1]: \"ENGG\" is not a department of the policy's "
      "departments (DESIGN, ENG); a rule on an unknown department matches nobody");
  CHECK(
      f.error(
          "{" + departments +
          R"(, "activities": [{"rule": "w", "label": "x", "source": "s", "when": {"department": "OPS"}}]})") ==
      "policy.json: activities[0].when.department: \"OPS\" is not a department of the "
      "policy's departments (DESIGN, ENG); a rule on an unknown department matches nobody");
  // Globs and case: a pattern that matches some mapped department is fine.
  CHECK(
      f.error(
           "{" + departments +
           R"(, "assets": [{"rule": "a", "pool": ["AN-1"], "when": {"department": ["eng", "DES*"]}}]})")
          .empty());
  // Without departments there is nothing to check against.
  CHECK(f.error(R"({"assets": [{"rule": "a", "pool": ["AN-1"], "when": {"department": "OPS"}}]})")
            .empty());
  // Other names cannot be checked against the export at load time: accepted.
  CHECK(
      f.error(R"({"assets": [{"rule": "a", "pool": ["AN-1"], "when": {"title": "x"}}]})").empty());
}
