// lookUpPerson: whom `explain` is asked about, by account, employee id or name (Chinese too), and
// the close matches it suggests for someone it does not know (pure).

#include "daemon/explain_lookup.h"

#include <catch2/catch.hpp>

using namespace membersync;
using cli::lookUpPerson;

namespace {

directory::Person row(const std::string& employeeId, const std::string& account,
                      const std::string& name) {
  directory::Person p;
  p.employeeId = employeeId;
  p.account = account;
  p.name = name;
  return p;
}

center::MemberListItem member(const std::string& userName, const std::string& globalId,
                              const std::string& name, bool deleted = false) {
  center::MemberListItem m;
  m.userName = userName;
  m.globalId = globalId;
  m.name = name;
  m.deleted = deleted;
  return m;
}

// 张伟 and two people named 王伟 in HR; a skipped row; an orphan member; a departed person the
// state still links; a deleted member.
struct People {
  directory::Export hr;
  std::vector<center::MemberListItem> members;
  state::Snapshot state;

  People() {
    hr.people = {row("E1001", "ZhangWei", "张伟"), row("E1002", "wangwei", "王伟"),
                 row("E1003", "wangwei2", "王伟"), row("E1004", "jsmith", "John Smith")};
    hr.problems.push_back({9, "E1009", "kimlee",
                           membersync::i18n::verbatim("name is 31 characters; at most 30"), 0, "",
                           nullptr});
    members = {member("zhangwei@acme", "g1", "张伟"), member("chenjie@acme", "g6", "陈杰"),
               member("olduser@acme", "g7", "Old User", true),
               member("leaver@acme", "g8", "Lea Ver")};
    state.linksByEmployee["E1001"] = {"E1001", "zhangwei", "g1", true, 0};
    state.linksByEmployee["E0900"] = {"E0900", "leaver", "g8", true, 0};
  }

  cli::PersonLookup find(const std::string& query) const {
    return lookUpPerson(query, hr, members, state, "@acme");
  }
};

std::string only(const cli::PersonLookup& found) {
  return found.account.value_or("(none)");
}

std::vector<std::string> accounts(const std::vector<cli::KnownPerson>& people) {
  std::vector<std::string> out;
  for (const auto& p : people) out.push_back(p.account);
  return out;
}

}  // namespace

TEST_CASE("explain lookup: a person is found by account, employee id or name, Chinese too",
          "[explain]") {
  const People w;
  CHECK(only(w.find("zhangwei")) == "zhangwei");
  CHECK(only(w.find(" ZHANGWEI ")) == "zhangwei");
  CHECK(only(w.find("E1001")) == "zhangwei");
  CHECK(only(w.find("e1004")) == "jsmith");
  CHECK(only(w.find("张伟")) == "zhangwei");
  CHECK(only(w.find("john  SMITH")) == "jsmith");
  CHECK(only(w.find("kimlee")) == "kimlee");  // a skipped row
  CHECK(only(w.find("E1009")) == "kimlee");
  CHECK(only(w.find("陈杰")) == "chenjie");  // a member no HR row matches
  CHECK(only(w.find("E0900")) == "leaver");  // known to the state
  CHECK(only(w.find("Lea Ver")) == "leaver");
}

TEST_CASE("explain lookup: a name several people share names them all, to be asked by account",
          "[explain]") {
  const People w;
  const auto found = w.find("王伟");
  CHECK_FALSE(found.account);
  CHECK(accounts(found.matches) == std::vector<std::string>{"wangwei", "wangwei2"});
  CHECK(found.matchedBy == "name");
  CHECK(cli::describePerson(found.matches[0]) == "wangwei (王伟, E1002)");
  CHECK(only(w.find("wangwei2")) == "wangwei2");  // the account is one person
}

TEST_CASE("explain lookup: someone unknown gets the close matches, best first, or none",
          "[explain]") {
  const People w;
  auto found = w.find("zhangwie");  // two letters swapped
  CHECK_FALSE(found.account);
  CHECK(found.matches.empty());
  CHECK(accounts(found.suggestions) == std::vector<std::string>{"ZhangWei"});  // as HR spells it
  CHECK(accounts(w.find("王为").suggestions) == std::vector<std::string>{"wangwei", "wangwei2"});
  CHECK(accounts(w.find("张").suggestions) == std::vector<std::string>{"ZhangWei"});  // part of it
  CHECK(accounts(w.find("E100").suggestions).size() == 5);  // E1001 .. E1004 and E1009 hold it
  CHECK(accounts(w.find("smith").suggestions) == std::vector<std::string>{"jsmith"});
  CHECK(w.find("olduser").suggestions.empty());  // deleted: nobody
  CHECK(w.find("nobody-like-this").suggestions.empty());
}
