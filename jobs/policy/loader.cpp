#include "jobs/policy/loader.h"

#include <Poco/Dynamic/Var.h>
#include <Poco/Exception.h>
#include <Poco/JSON/Object.h>
#include <Poco/JSON/Parser.h>

#include <string>

#include "jobs/core/file_text.h"
#include "jobs/core/json_syntax.h"
#include "jobs/core/sha256.h"
#include "jobs/core/text.h"
#include "jobs/policy/policy_json.h"
#include "jobs/policy/rules_json.h"

namespace membersync::policy {

namespace {

using Poco::Dynamic::Var;

std::string readAll(const std::string& path) {
  try {
    return readWholeFile(path);
  } catch (const FileReadError& e) {
    throw PolicyError(i18n::msg("{file}: cannot read the policy file ({error}); check [policy] "
                                "path and the file's permissions")
                          .with("file", path)
                          .with("error", e.what()));
  }
}

Var parse(const std::string& text, const std::string& file) {
  try {
    Poco::JSON::Parser parser;
    return parser.parse(text);
  } catch (const Poco::Exception& e) {
    // Poco says what is wrong but not where; Boost's reader finds the line.
    if (auto at = findJsonSyntaxError(text))
      throw PolicyError(i18n::msg("{file}:{line}: malformed JSON ({error}); fix the policy file")
                            .with("file", file)
                            .with("line", static_cast<long long>(at->line))
                            .with("error", at->message));
    throw PolicyError(i18n::msg("{file}: malformed JSON ({error}); fix the policy file")
                          .with("file", file)
                          .with("error", e.message()));
  }
}

}  // namespace

Policy loadPolicy(const std::string& path) {
  if (path.empty()) return Policy();
  return parsePolicy(readAll(path), path);
}

Policy parsePolicy(const std::string& bytes, const std::string& path) {
  Policy policy;
  const Var root = parse(std::string(withoutBom(bytes)), path);
  if (!detail::isObject(root))
    throw PolicyError(i18n::msg("{file}: the top level must be a JSON object, not {value}")
                          .with("file", path)
                          .with("value", detail::shown(root)));

  detail::RuleSections rules;  // read after departments, which `when.department` is checked against
  for (const auto& [key, value] : *root.extract<Poco::JSON::Object::Ptr>()) {
    if (key == "departments") {
      policy.departments = detail::readDepartments(value, path);
    } else if (key == "protect") {
      policy.protect = detail::readProtect(value, path);
    } else if (key == "assets") {
      rules.assets = value;
      rules.hasAssets = true;
    } else if (key == "locks") {
      rules.locks = value;
      rules.hasLocks = true;
    } else if (key == "activities") {
      rules.activities = value;
      rules.hasActivities = true;
    } else {
      detail::fail(path, detail::keyPath("", key),
                   i18n::msg("unknown key; a policy holds departments, protect, assets, locks and "
                             "activities"));
    }
  }
  detail::readRules(rules, path, policy);
  policy.path = path;
  policy.contentHash = Sha256::of(bytes);
  return policy;
}

}  // namespace membersync::policy
