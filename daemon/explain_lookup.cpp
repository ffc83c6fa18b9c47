#include "daemon/explain_lookup.h"

#include <algorithm>
#include <cstdint>
#include <map>
#include <string_view>

#include "jobs/core/text.h"

namespace membersync::cli {
namespace {

using People = std::map<std::string, KnownPerson>;  // by account, lower case

// Adds what one source knows of a person to what others knew.
void know(People& people, const std::string& account, const std::string& name,
          const std::string& employeeId) {
  if (account.empty()) return;
  KnownPerson& p = people[lowerAscii(account)];
  if (p.account.empty()) p.account = account;
  if (p.name.empty()) p.name = name;
  if (p.employeeId.empty()) p.employeeId = employeeId;
}

People everyone(const directory::Export& hr, const std::vector<center::MemberListItem>& members,
                const state::Snapshot& state, const std::string& suffix) {
  People people;
  for (const auto& p : hr.people) know(people, p.account, p.name, p.employeeId);
  for (const auto& problem : hr.problems)
    know(people, problem.account, problem.sharesAccountOnly ? problem.sharesAccountOnly->name : "",
         problem.employeeId);
  std::map<std::string, const state::Link*> linkOfMember;
  for (const auto& [employeeId, link] : state.linksByEmployee) linkOfMember[link.globalId] = &link;
  for (const auto& m : members) {
    if (m.deleted) continue;
    const auto link = linkOfMember.find(m.globalId);
    know(people, accountOf(m.userName, suffix), m.name,
         link == linkOfMember.end() ? "" : link->second->employeeId);
  }
  for (const auto& [employeeId, link] : state.linksByEmployee)
    know(people, link.account, "", employeeId);
  return people;
}

// A name or key as people would type it: spaces around and repeated, and ASCII case, aside.
std::string normalized(std::string_view text) {
  std::string out;
  for (char c : lowerAscii(trim(text))) {
    if (c == ' ' && !out.empty() && out.back() == ' ') continue;
    out += c;
  }
  return out;
}

// The code points of UTF-8 text (a byte that is not well-formed UTF-8 counts as one), so that
// distances count a Chinese character as one, not three.
std::u32string codePoints(std::string_view s) {
  std::u32string out;
  for (std::size_t i = 0; i < s.size();) {
    const auto b = static_cast<unsigned char>(s[i]);
    const std::size_t len = b < 0x80           ? 1
                            : (b >> 5) == 0x6  ? 2
                            : (b >> 4) == 0xE  ? 3
                            : (b >> 3) == 0x1E ? 4
                                               : 0;
    if (len == 0 || i + len > s.size()) {
      out += b;
      ++i;
      continue;
    }
    char32_t cp = len == 1 ? b : b & (0x7F >> len);
    for (std::size_t k = 1; k < len; ++k)
      cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
    out += cp;
    i += len;
  }
  return out;
}

std::size_t editDistance(const std::u32string& a, const std::u32string& b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

// How far `field` is from what was asked for, in tenths (lower is closer); nullopt when it is
// not close: a field holding the query or held by it (of two code points at least, or one
// Chinese character) is 5; otherwise the edits between them, when at most a third of the
// shorter one (at least one).
std::optional<std::size_t> closeness(const std::u32string& query, const std::string& field) {
  const std::u32string f = codePoints(normalized(field));
  if (f.empty() || query.empty()) return std::nullopt;
  const std::u32string& shorter = f.size() < query.size() ? f : query;
  const std::u32string& longer = f.size() < query.size() ? query : f;
  const bool meaningful = shorter.size() >= 2 || shorter[0] >= 0x80;
  if (meaningful && longer.find(shorter) != std::u32string::npos) return 5;
  const std::size_t edits = editDistance(query, f);
  if (edits <= std::max<std::size_t>(1, shorter.size() / 3)) return edits * 10;
  return std::nullopt;
}

std::vector<KnownPerson> closest(const std::string& query, const People& people) {
  const std::u32string q = codePoints(normalized(query));
  std::vector<std::pair<std::size_t, const KnownPerson*>> scored;
  for (const auto& [key, p] : people) {
    std::optional<std::size_t> best;
    for (const std::string* field : {&p.account, &p.name, &p.employeeId}) {
      const auto c = closeness(q, *field);
      if (c && (!best || *c < *best)) best = c;
    }
    if (best) scored.emplace_back(*best, &p);
  }
  // Closest first; among equals, by account (the map's order, kept by the stable sort).
  std::stable_sort(scored.begin(), scored.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<KnownPerson> out;
  for (std::size_t i = 0; i < scored.size() && i < kMaxSuggestions; ++i)
    out.push_back(*scored[i].second);
  return out;
}

// Everyone whose `field`, normalized, is the query's.
std::vector<KnownPerson> whoseIs(const People& people, std::string KnownPerson::*field,
                                 const std::string& query) {
  std::vector<KnownPerson> out;
  for (const auto& [key, p] : people)
    if (!(p.*field).empty() && normalized(p.*field) == query) out.push_back(p);
  return out;
}

}  // namespace

PersonLookup lookUpPerson(const std::string& query, const directory::Export& hr,
                          const std::vector<center::MemberListItem>& members,
                          const state::Snapshot& state, const std::string& accountSuffix) {
  const People people = everyone(hr, members, state, accountSuffix);
  const std::string q = normalized(query);
  PersonLookup found;
  if (people.count(q)) {
    found.account = q;
    return found;
  }
  for (std::string KnownPerson::*field : {&KnownPerson::employeeId, &KnownPerson::name}) {
    std::vector<KnownPerson> matches = whoseIs(people, field, q);
    if (matches.size() == 1) {
      found.account = lowerAscii(matches.front().account);
      return found;
    }
    if (!matches.empty()) {
      found.matches = std::move(matches);
      found.matchedBy = field == &KnownPerson::name ? "name" : "employee id";
      return found;
    }
  }
  found.suggestions = closest(query, people);
  return found;
}

std::string describePerson(const i18n::Translator& tr, const KnownPerson& person) {
  const i18n::Arguments args{
      {"account", person.account}, {"name", person.name}, {"id", person.employeeId}};
  if (person.name.empty() && person.employeeId.empty()) return person.account;
  if (person.employeeId.empty()) return i18n::format(tr.tr("{account} ({name})"), args);
  if (person.name.empty()) return i18n::format(tr.tr("{account} ({id})"), args);
  return i18n::format(tr.tr("{account} ({name}, {id})"), args);
}

std::string describePerson(const KnownPerson& person) {
  return describePerson(i18n::Translator(), person);
}

}  // namespace membersync::cli
