#include "jobs/policy/rules_json.h"

#include <Poco/JSON/Array.h>
#include <Poco/JSON/Object.h>

#include <functional>
#include <map>
#include <set>

#include "jobs/core/sha256.h"
#include "jobs/policy/glob.h"
#include "jobs/policy/policy_json.h"

namespace membersync::policy::detail {
namespace {

using i18n::msg;
using Poco::Dynamic::Var;
using Poco::JSON::Array;
using Poco::JSON::Object;
using What = i18n::Message;  // what a value is for, shown in a message: msg("asset numbers")

std::string at(const std::string& path, std::size_t i) {
  return path + "[" + std::to_string(i) + "]";
}

// What the reads of one file share: its name, the departments `when` is checked against, and
// the rule names and pool assets seen so far (each may appear once in the whole file).
class RuleReader {
 public:
  RuleReader(const std::string& file, const Policy& policy) : file_(file), policy_(policy) {}

  const Object& object(const Var& v, const std::string& path, const What& what) const {
    if (!isObject(v))
      fail(file_, path,
           msg("must be an object ({what}), not {value}")
               .with("what", what)
               .with("value", shown(v)));
    return *v.extract<Object::Ptr>();
  }

  const Array& array(const Var& v, const std::string& path, const What& what) const {
    if (!isArray(v))
      fail(file_, path,
           msg("must be an array of {what}, not {value}")
               .with("what", what)
               .with("value", shown(v)));
    return *v.extract<Array::Ptr>();
  }

  // Every key of `o` must be one of `allowed`, listed for the message as `names`.
  void onlyKeys(const Object& o, const std::string& path, const std::set<std::string>& allowed,
                const What& names) const {
    for (const auto& [key, value] : o)
      if (!allowed.count(key))
        fail(file_, keyPath(path, key), msg("unknown key; {keys}").with("keys", names));
  }

  std::string text(const Object& o, const std::string& key, const std::string& path,
                   const What& what) const {
    if (!o.has(key))
      fail(file_, path, msg("missing \"{key}\" ({what})").with("key", key).with("what", what));
    const Var v = o.get(key);
    if (!v.isString() || v.extract<std::string>().empty())
      fail(file_, keyPath(path, key),
           msg("must be a non-empty string ({what}), not {value}")
               .with("what", what)
               .with("value", shown(v)));
    return v.extract<std::string>();
  }

  std::string optionalText(const Object& o, const std::string& key, const std::string& path,
                           const What& what) const {
    return o.has(key) ? text(o, key, path, what) : std::string();
  }

  std::string ruleName(const Object& o, const std::string& path) {
    const std::string name = text(o, "rule", path, msg("the rule's name"));
    for (char c : name) {
      const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                      c == '-' || c == '_' || c == '.';
      if (!ok)
        fail(file_, path + ".rule",
             msg("{value}: a rule name holds only ASCII letters, digits, '-', '_' and '.' (it is "
                 "part of the keys status and explain show)")
                 .with("value", shown(o.get("rule"))));
    }
    auto [it, fresh] = names_.emplace(name, path);
    if (!fresh)
      fail(file_, path + ".rule",
           msg("{value} is already the name of {path}; every rule needs its own name")
               .with("value", shown(o.get("rule")))
               .with("path", it->second));
    return name;
  }

  When when(const Object& o, const std::string& path) const {
    When out;
    if (!o.has("when")) return out;  // no condition: everyone
    const std::string whenPath = path + ".when";
    const Object& w = object(o.get("when"), whenPath, msg("HR field or attribute -> patterns"));
    for (const auto& [name, value] : w) {
      const std::string keyAt = keyPath(whenPath, name);
      if (name.empty()) fail(file_, keyAt, msg("an HR field or attribute name cannot be empty"));
      std::vector<std::string>& patterns = out[name];
      if (value.isString()) {
        patterns.push_back(value.extract<std::string>());
        if (name == "department") checkDepartment(patterns.back(), keyAt);
        continue;
      }
      const Array& list = array(value, keyAt, msg("patterns (or a single pattern string)"));
      if (list.size() == 0)
        fail(file_, keyAt, msg("an empty list matches nobody; give at least one pattern"));
      for (std::size_t i = 0; i < list.size(); ++i) {
        const Var p = list.get(static_cast<unsigned>(i));
        if (!p.isString())
          fail(file_, at(keyAt, i),
               msg("must be a pattern string, not {value}").with("value", shown(p)));
        patterns.push_back(p.extract<std::string>());
        if (name == "department") checkDepartment(patterns.back(), at(keyAt, i));
      }
    }
    return out;
  }

  // A pool asset appears once in the whole file.
  void poolAsset(const std::string& asset, const std::string& elementPath,
                 const std::string& poolPath) {
    auto [it, fresh] = poolAssets_.emplace(asset, poolPath);
    if (!fresh)
      fail(file_, elementPath,
           msg("{asset} is already in {path}").with("asset", asset).with("path", it->second));
  }

  const std::string& file() const { return file_; }

 private:
  // With departments mapped, a department pattern must match one of their values: anything
  // else is a typo that would silently match nobody.
  void checkDepartment(const std::string& pattern, const std::string& path) const {
    if (policy_.departments.empty()) return;
    std::string known;
    for (const auto& [department, id] : policy_.departments) {
      if (globMatchValue(pattern, department)) return;
      known += (known.empty() ? "" : ", ") + department;
    }
    fail(file_, path,
         msg("{value} is not a department of the policy's departments ({departments}); a rule on "
             "an unknown department matches nobody")
             .with("value", shown(Var(pattern)))
             .with("departments", known));
  }

  const std::string& file_;
  const Policy& policy_;
  std::map<std::string, std::string> names_;       // rule name -> where it was first given
  std::map<std::string, std::string> poolAssets_;  // asset number -> the pool listing it
};

void hashWhen(Sha256& h, const When& when) {
  h.field(std::to_string(when.size()));
  for (const auto& [name, patterns] : when) {
    h.field(name).field(std::to_string(patterns.size()));
    for (const std::string& p : patterns) h.field(p);
  }
}

std::vector<std::string> readPool(RuleReader& r, const Var& value, const std::string& path) {
  const Array& list = r.array(value, path, msg("asset numbers"));
  if (list.size() == 0)
    fail(r.file(), path, msg("is empty; list the asset numbers the rule hands out"));
  std::vector<std::string> pool;
  for (std::size_t i = 0; i < list.size(); ++i) {
    const Var v = list.get(static_cast<unsigned>(i));
    if (!v.isString() || v.extract<std::string>().empty())
      fail(
          r.file(), at(path, i),
          msg("must be an asset number (a non-empty string), not {value}").with("value", shown(v)));
    pool.push_back(v.extract<std::string>());
    r.poolAsset(pool.back(), at(path, i), path);
  }
  return pool;
}

AssetRule readAssetRule(RuleReader& r, const Object& o, const std::string& path) {
  r.onlyKeys(o, path, {"rule", "when", "pool", "product", "exclusive"},
             msg("an asset rule holds rule, when, pool, product and exclusive"));
  AssetRule rule;
  rule.rule = r.ruleName(o, path);
  rule.when = r.when(o, path);
  const bool pool = o.has("pool"), product = o.has("product");
  if (pool == product)
    fail(r.file(), path,
         pool ? msg("has both \"pool\" and \"product\"; a rule grants from one of them")
              : msg("needs \"pool\" (asset numbers) or \"product\" (a productUri)"));
  if (pool) rule.pool = readPool(r, o.get("pool"), path + ".pool");
  if (product) rule.product = r.text(o, "product", path, msg("a productUri"));
  if (o.has("exclusive")) {
    const Var v = o.get("exclusive");
    if (!v.isBoolean())
      fail(r.file(), path + ".exclusive",
           msg("must be true or false, not {value}").with("value", shown(v)));
    rule.exclusive = v.extract<bool>();
    if (rule.exclusive && product)
      fail(r.file(), path + ".exclusive",
           msg("only a pool can be exclusive (a product rule has no pool of its own)"));
  }
  Sha256 h;
  h.field("asset").field(rule.rule);
  hashWhen(h, rule.when);
  h.field(std::to_string(rule.pool.size()));
  for (const std::string& a : rule.pool) h.field(a);
  h.field(rule.product).field(rule.exclusive ? "exclusive" : "shared");
  rule.hash = h.hex();
  return rule;
}

LockRule readLockRule(RuleReader& r, const Object& o, const std::string& path) {
  r.onlyKeys(o, path, {"rule", "when", "lock_from"},
             msg("a lock rule holds rule, when and lock_from"));
  LockRule rule;
  rule.rule = r.ruleName(o, path);
  rule.when = r.when(o, path);
  rule.lockFrom = r.text(o, "lock_from", path, msg("the HR column holding the lock number"));
  Sha256 h;
  h.field("lock").field(rule.rule);
  hashWhen(h, rule.when);
  h.field(rule.lockFrom);
  rule.hash = h.hex();
  return rule;
}

ActivityRule readActivityRule(RuleReader& r, const Object& o, const std::string& path) {
  r.onlyKeys(o, path, {"rule", "when", "label", "source", "branch", "identity_from"},
             msg("an activity rule holds rule, when, label, source, branch and identity_from"));
  ActivityRule rule;
  rule.rule = r.ruleName(o, path);
  rule.when = r.when(o, path);
  rule.label = r.text(o, "label", path, msg("the activity's label"));
  rule.source = r.text(o, "source", path, msg("the business line system the activity service names as the source"));
  rule.branch = r.optionalText(o, "branch", path, msg("the participant's branch"));
  rule.identityFrom =
      r.optionalText(o, "identity_from", path, msg("the HR column with the identity"));
  Sha256 h;
  h.field("activity").field(rule.rule);
  hashWhen(h, rule.when);
  h.field(rule.label).field(rule.source).field(rule.branch).field(rule.identityFrom);
  rule.hash = h.hex();
  return rule;
}

template <class Rule>
std::vector<Rule> readSection(
    RuleReader& r, const Var& value, const std::string& name, const What& what,
    const std::function<Rule(RuleReader&, const Object&, const std::string&)>& readOne) {
  const Array& list = r.array(value, name, what);
  std::vector<Rule> out;
  for (std::size_t i = 0; i < list.size(); ++i) {
    const std::string path = at(name, i);
    out.push_back(
        readOne(r, r.object(list.get(static_cast<unsigned>(i)), path, msg("a rule")), path));
  }
  return out;
}

}  // namespace

void readRules(const RuleSections& s, const std::string& file, Policy& policy) {
  RuleReader r(file, policy);
  if (s.hasAssets)
    policy.assets =
        readSection<AssetRule>(r, s.assets, "assets", msg("asset rules"), readAssetRule);
  if (s.hasLocks)
    policy.locks = readSection<LockRule>(r, s.locks, "locks", msg("lock rules"), readLockRule);
  if (s.hasActivities)
    policy.activities = readSection<ActivityRule>(r, s.activities, "activities",
                                                  msg("activity rules"), readActivityRule);
}

}  // namespace membersync::policy::detail
