#pragma once

#include <cstddef>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "jobs/directory/person.h"
#include "jobs/i18n/translator.h"
#include "jobs/plan/held_assets.h"
#include "jobs/plan/plan.h"
#include "jobs/state/records.h"
#include "jobs/state/types.h"

namespace membersync::report {

// What `explain ACCOUNT` tells of one person, gathered in full before a word is written, so that
// the text and the JSON form (writeExplanationText, writeExplanationJson) cannot say different
// things. Plain data: daemon/explain_model.cpp fills it from the export, the policy, the member
// list, the state and the planner.

enum class RowFound { Row, Skipped, None };

// A field a [directory] template computes, with the value it computed.
struct ComputedField {
  std::string field;
  std::string value;
  std::string columnTemplate;
};

// The person's HR row, the row that was skipped, or neither.
struct ExplainedRow {
  RowFound found = RowFound::None;
  std::string source;  // the export: its file or LDAP URL
  // Row: "people.csv line 4", "entry uid=a,... of ldap://...", as encodeMessage() keeps it
  std::string place;
  std::string skipReason;                   // Skipped: the problem, as `validate` words it
  directory::Person person;                 // Row: as read
  std::optional<std::string> departmentId;  // Row: the policy's departmentId for its department
  std::vector<ComputedField> computed;
};

// The live member with the account (MemberListItem's fields a person cares about).
struct ExplainedMember {
  std::string userName;
  std::string globalId;
  std::string name;
  std::optional<std::string> departmentId;
  std::optional<std::string> remark;
  std::optional<std::string> passwordMobile;
};

// What the state remembers of an employee linked to the account or the member.
struct Remembered {
  state::Link link;
  std::optional<state::Absence> absence;
  std::vector<state::RevertedField> reverted;  // fields held at a reverted run's value
};

// One journal step on the account; `detail` is the step's detail for people (never a secret).
struct RecentChange {
  state::RunId runId = 0;
  state::Millis plannedAt = 0;
  std::string kind;
  state::StepState state = state::StepState::Planned;
  std::string detail;
};

// One key of a rule's `when`, with the person's value(s) and whether they match.
struct Condition {
  std::string field;
  // The person's: several for a multi-valued attribute, none when the field is missing or there
  // is no HR row.
  std::vector<std::string> values;
  std::vector<std::string> patterns;
  bool matches = false;
};

enum class RuleType { Asset, Lock, Activity };

struct ExplainedRule {
  RuleType type = RuleType::Asset;
  std::string rule;
  std::string product;       // asset rule granting an asset that holds it; "" for a pool rule
  std::size_t poolSize = 0;  // pool rule
  bool exclusive = false;    // pool rule
  std::string lockFrom;      // lock rule: the field the lock number comes from
  std::optional<std::string> lock;  // lock rule that matches: the person's lock number
  std::string activityLabel;        // activity rule
  bool matches = false;
  std::vector<Condition> conditions;  // empty: the rule is for everyone
};

struct ExplainedAsset {
  plan::HeldAsset held;
  // Its product tree's URIs (A7 or the cache); nullopt when the policy needs none, so none were
  // read.
  std::optional<std::vector<std::string>> products;
};

struct ExplainedLock {
  std::string lockNumber;
  bool readFromCenter = false;  // A8 says it is lent to the member; false: only the state says so
  bool byMembersync = false;
  std::string rule;  // byMembersync: the lock rule, and when
  state::Millis lentAt = 0;
};

struct ExplainedEnrolment {
  state::Enrolment enrolment;
  std::vector<std::string> products;  // Enrolled: each granted product for people
};

// Why nothing is planned for the account.
enum class NothingPlanned {
  InStep,                 // the member matches the HR row
  DepartedWithoutMember,  // exported as departed, and no member exists
  NotLinked,              // neither an HR row nor a member to act on
};

struct Explanation {
  std::string account;  // lower case, without the suffix
  std::string accountSuffix;
  ExplainedRow hr;
  bool isProtected = false;
  std::optional<ExplainedMember> member;
  std::vector<Remembered> remembered;
  int recentLimit = 0;
  std::vector<RecentChange> recent;  // newest first, at most recentLimit
  std::string policyPath;
  std::vector<ExplainedRule> rules;  // assets, then locks, then activities, in policy order
  std::optional<std::vector<ExplainedAsset>> assets;  // nullopt: no member, or A6 not read
  // nullopt: no member, or A8 not read and nothing lent by membersync
  std::optional<std::vector<ExplainedLock>> locks;
  std::vector<ExplainedEnrolment> enrolments;
  plan::Plan plan;  // what a sync would do now for this account
  NothingPlanned nothingPlanned = NothingPlanned::NotLinked;  // plan.items empty: why
};

const char* toString(RowFound found);      // "row", "skipped", "none"
const char* toString(RuleType type);       // "asset", "lock", "activity"
const char* toString(NothingPlanned why);  // "in-step", "departed-without-member", "not-linked"

// The text `explain` prints, in the reader's language: sections in the order of Explanation's
// fields, times local. Texts the state kept (a step's detail, an enrolment's message) are shown
// as decodeMessage() reads them: a message stored untranslated in the reader's language.
void writeExplanationText(std::ostream& os, const i18n::Translator& tr, const Explanation& e);
// In English.
void writeExplanationText(std::ostream& os, const Explanation& e);

// `explain --format json`: one object with the same content, stable within its `version`; times
// UTC ISO 8601. The fields are in docs/explain-json.md.
void writeExplanationJson(std::ostream& os, const Explanation& e);

}  // namespace membersync::report
