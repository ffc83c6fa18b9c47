#include "jobs/policy/rules.h"

#include <set>

#include "jobs/policy/glob.h"

namespace membersync::policy {

std::optional<std::string> fieldValue(const directory::Person& person, const std::string& name) {
  if (name == "employee_id") return person.employeeId;
  if (name == "account") return person.account;
  if (name == "name") return person.name;
  if (name == "department") return person.department;
  if (name == "remark") return person.remark;
  if (name == "mobile") return person.mobile;
  if (name == "status") return person.status;
  auto it = person.attributes.find(name);
  if (it == person.attributes.end()) return std::nullopt;
  return it->second;
}

namespace {

bool anyPatternMatches(const std::vector<std::string>& patterns, const std::string& value) {
  for (const std::string& pattern : patterns)
    if (globMatchValue(pattern, value)) return true;
  return false;
}

// Every value `name` has: one, or (an LDAP attribute such as memberOf) several.
std::vector<std::string> valuesOf(const directory::Person& person, const std::string& name) {
  const auto multi = person.multiAttributes.find(name);
  if (multi != person.multiAttributes.end()) return multi->second;
  return {fieldValue(person, name).value_or("")};
}

}  // namespace

std::vector<std::string> attributesNamed(const Policy& policy) {
  std::set<std::string> names;
  auto add = [&](const When& when) {
    for (const auto& [name, patterns] : when) names.insert(name);
  };
  for (const AssetRule& r : policy.assets) add(r.when);
  for (const LockRule& r : policy.locks) {
    add(r.when);
    names.insert(r.lockFrom);
  }
  for (const ActivityRule& r : policy.activities) {
    add(r.when);
    if (!r.identityFrom.empty()) names.insert(r.identityFrom);
  }
  names.erase("");
  return {names.begin(), names.end()};
}

bool matches(const When& when, const directory::Person& person) {
  for (const auto& [name, patterns] : when) {
    bool any = false;
    for (const std::string& value : valuesOf(person, name)) any = any || anyPatternMatches(patterns, value);
    if (!any) return false;
  }
  return true;
}

namespace {

bool isHrField(const std::string& name) {
  static const std::set<std::string> kFields{"employee_id", "account", "name",  "department",
                                             "remark",      "mobile",  "status"};
  return kFields.count(name) > 0;
}

class Reporter {
 public:
  explicit Reporter(const std::vector<directory::Person>& people) : people_(people) {
    for (const directory::Person& p : people)
      for (const auto& [column, value] : p.attributes) columns_.insert(column);
    for (const directory::Person& p : people)
      for (const auto& [column, values] : p.multiAttributes) columns_.insert(column);
  }

  template <class Rule>
  RuleReport report(const char* section, const Rule& rule, const std::string& column,
                    const std::string& extra) const {
    RuleReport r{section, rule.rule, 0, {}};
    for (const auto& [name, patterns] : rule.when) note(r, name);
    if (!extra.empty()) note(r, extra);
    for (const directory::Person& p : people_) {
      if (!p.active || !matches(rule.when, p)) continue;
      if (!column.empty() && fieldValue(p, column).value_or("").empty()) continue;
      ++r.people;
    }
    return r;
  }

 private:
  void note(RuleReport& r, const std::string& name) const {
    if (isHrField(name) || columns_.count(name)) return;
    for (const std::string& known : r.unknownColumns)
      if (known == name) return;
    r.unknownColumns.push_back(name);
  }

  const std::vector<directory::Person>& people_;
  std::set<std::string> columns_;
};

}  // namespace

std::vector<RuleReport> reportRules(const Policy& policy,
                                    const std::vector<directory::Person>& people) {
  const Reporter reporter(people);
  std::vector<RuleReport> out;
  for (const AssetRule& r : policy.assets) out.push_back(reporter.report("assets", r, "", ""));
  for (const LockRule& r : policy.locks)
    out.push_back(reporter.report("locks", r, r.lockFrom, r.lockFrom));
  for (const ActivityRule& r : policy.activities)
    out.push_back(reporter.report("activities", r, "", r.identityFrom));
  return out;
}

}  // namespace membersync::policy
