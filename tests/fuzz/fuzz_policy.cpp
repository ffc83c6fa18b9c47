// The policy file: bytes -> Policy, as loadPolicy does after reading the file. What it accepts
// must hold the shapes loader.h promises, and each protect pattern must match the account it
// spells (its `*`s matching nothing).
#include <set>

#include "jobs/policy/glob.h"
#include "jobs/policy/loader.h"
#include "tests/fuzz/fuzz_support.h"

namespace {

bool only(const std::string& s, const std::string& extra) {
  if (s.empty()) return false;
  for (char c : s) {
    const bool alnum = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
    if (!alnum && extra.find(c) == std::string::npos) return false;
  }
  return true;
}

void checkWhen(const membersync::policy::When& when) {
  for (const auto& [key, patterns] : when) {
    FUZZ_CHECK(!key.empty());
    FUZZ_CHECK(!patterns.empty());
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace membersync::policy;
  Policy p;
  try {
    p = parsePolicy(membersync::fuzz::text(data, size), "policy.json");
  } catch (const PolicyError& e) {
    FUZZ_CHECK(std::string(e.what()).rfind("policy.json", 0) == 0);
    return 0;
  }
  FUZZ_CHECK(p.path == "policy.json" && p.contentHash.size() == 64);
  for (const auto& [department, id] : p.departments) {
    FUZZ_CHECK(!id.empty() && id[0] != '0');
    FUZZ_CHECK(id.find_first_not_of("0123456789") == std::string::npos);
  }
  for (const std::string& pattern : p.protect) {
    FUZZ_CHECK(only(pattern, "*"));
    std::string literal;
    for (char c : pattern)
      if (c != '*') literal += c;
    FUZZ_CHECK(globMatch(pattern, literal));
    if (!literal.empty()) FUZZ_CHECK(isProtected(p, literal));
  }
  std::set<std::string> names, pooled;
  auto named = [&names](const std::string& rule, const std::string& hash) {
    FUZZ_CHECK(only(rule, "-_."));
    FUZZ_CHECK(names.insert(rule).second);
    FUZZ_CHECK(hash.size() == 64);
  };
  for (const AssetRule& r : p.assets) {
    named(r.rule, r.hash);
    checkWhen(r.when);
    FUZZ_CHECK(r.pool.empty() != r.product.empty());
    FUZZ_CHECK(!r.exclusive || !r.pool.empty());
    for (const std::string& asset : r.pool) FUZZ_CHECK(pooled.insert(asset).second);
  }
  for (const LockRule& r : p.locks) {
    named(r.rule, r.hash);
    checkWhen(r.when);
    FUZZ_CHECK(!r.lockFrom.empty());
  }
  for (const ActivityRule& r : p.activities) {
    named(r.rule, r.hash);
    checkWhen(r.when);
    FUZZ_CHECK(!r.label.empty() && !r.source.empty());
  }
  return 0;
}
