#pragma once

#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "jobs/i18n/message.h"

namespace membersync::policy {

// A rule's condition: HR field or attribute name -> patterns. A person matches when, for every
// key, the value matches one of its patterns (case-insensitive, `*` globs; `*` never matches an
// empty value). No keys: everyone matches. Known HR fields are employee_id, account, name,
// department, remark, mobile and status; any other name is an attribute (an unmapped column).
using When = std::map<std::string, std::vector<std::string>>;

// "assets": each rule grants one asset, from its pool or holding its product.
struct AssetRule {
  std::string rule;  // unique among all rules of the file
  When when;
  std::vector<std::string> pool;  // asset numbers, in allocation order; empty for a product rule
  std::string product;            // a productUri (A7, nested merchandise included); "" for a pool
  bool exclusive = false;         // pool rules: the pool is membersync's alone
  std::string hash;               // SHA-256 of the rule's content: a changed rule gives a new one
};

// "locks": the member's managed assets are lent to the lock number in the HR column lockFrom.
struct LockRule {
  std::string rule;
  When when;
  std::string lockFrom;  // HR field or attribute name (JSON "lock_from")
  std::string hash;
};

// "activities": each matching person is enrolled once (B1).
struct ActivityRule {
  std::string rule;
  When when;
  std::string label;   // B1 activityLabel
  std::string source;  // B1 source
  std::string branch;  // B1 branch; "" when not given
  // HR field or attribute holding the identity (JSON "identity_from"); "": the full userName,
  // the account plus the expanded suffix.
  std::string identityFrom;
  std::string hash;
};

// The policy file, parsed into plain values. Every key is optional.
struct Policy {
  std::string path;  // empty: no policy file configured
  std::string contentHash;  // SHA-256 of the file's bytes, lower-case hex; empty without a file
  // HR department value -> the center's departmentId (decimal digits, as sent in A1/A2).
  std::map<std::string, std::string> departments;
  // Account patterns (bare accounts or `*` globs, case-insensitive) never edited, stripped or
  // deleted.
  std::vector<std::string> protect;
  std::vector<AssetRule> assets;         // in file order
  std::vector<LockRule> locks;           // in file order
  std::vector<ActivityRule> activities;  // in file order

  bool hasProductRules() const {
    for (const AssetRule& r : assets)
      if (!r.product.empty()) return true;
    return false;
  }
};

// A policy mistake: what() names the file and the JSON path ("policy.json: departments.ENG: ...").
// membersync answers it with exit 78.
// what() is the English (logs, tests); message() is shown in the reader's language.
class PolicyError : public std::runtime_error {
 public:
  explicit PolicyError(i18n::Message message)
      : std::runtime_error(i18n::english(message)), message_(std::move(message)) {}

  const i18n::Message& message() const { return message_; }

 private:
  i18n::Message message_;
};

// True when `account` matches one of `policy.protect` (case-insensitive; `*` matches any run of
// characters, including none, within an account).
bool isProtected(const Policy& policy, const std::string& account);

}  // namespace membersync::policy
