#pragma once

#include <optional>
#include <string>
#include <vector>

#include "jobs/center/members.h"
#include "jobs/directory/person.h"
#include "jobs/i18n/translator.h"
#include "jobs/state/records.h"

namespace membersync::cli {

// Someone `explain` could be asked about, as the HR export, the member list and the state know
// them (any of the fields may be empty).
struct KnownPerson {
  std::string account;  // as HR (or the center, or the state) spells it, without the suffix
  std::string name;
  std::string employeeId;
};

// Whom `explain QUERY` is about: exactly one person (`account`), several people the query fits
// equally (a shared name: `matches`, each to be asked for by account), or nobody (`suggestions`:
// the closest, at most kMaxSuggestions, best first; empty when none is close).
struct PersonLookup {
  std::optional<std::string> account;  // lower case
  std::vector<KnownPerson> matches;
  std::string matchedBy;  // with `matches`: "name" or "employee id"
  std::vector<KnownPerson> suggestions;
};
inline constexpr std::size_t kMaxSuggestions = 5;

// Looks QUERY up, in this order: an account (without the suffix, any case), an employee id, a
// name (Chinese as it is written; spaces around and between words and ASCII case do not count).
// Everyone the export (valid and skipped rows), the live members and the state's links know is
// a candidate. Close matches: a field that holds the query or is held by it, or is a few
// characters (code points, so one Chinese character counts one) away from it. Pure.
PersonLookup lookUpPerson(const std::string& query, const directory::Export& hr,
                          const std::vector<center::MemberListItem>& members,
                          const state::Snapshot& state, const std::string& accountSuffix);

// "wangwei (王伟, E1001)": how a person is named in the lookup's messages, in the reader's
// language, and in English.
std::string describePerson(const i18n::Translator& tr, const KnownPerson& person);
std::string describePerson(const KnownPerson& person);

}  // namespace membersync::cli
