// The people of the export as the newest applying run read them, for the console's people
// pages: written only where a row changed, so that an unchanged export costs one read.

#include <Poco/Data/Statement.h>
#include <Poco/Nullable.h>

#include <algorithm>
#include <optional>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "jobs/state/connection.h"
#include "jobs/state/rows.h"
#include "jobs/state/sqlite_store.h"

namespace membersync::state {

using namespace Poco::Data::Keywords;
using Poco::Data::Session;

namespace {

constexpr const char* kPersonColumns =
    "employee_id, account, hr_account, name, department, mobile, has_mobile, email, hr_status,"
    " active, rules, changed_in, coalesce(left_in, 0)";

std::string joinedRules(const std::vector<std::string>& rules) {
  std::string out;
  for (const auto& r : rules) out += (out.empty() ? "" : "\n") + r;
  return out;
}

std::vector<std::string> splitRules(const std::string& text) {
  std::vector<std::string> out;
  std::size_t from = 0;
  while (from < text.size()) {
    const std::size_t end = std::min(text.find('\n', from), text.size());
    out.push_back(text.substr(from, end - from));
    from = end + 1;
  }
  return out;
}

// FNV-1a over every field the pages show, each ended by a separator no field holds (0x1f): a
// stable fingerprint across processes (std::hash is not), cheap for 100,000 rows.
Poco::Int64 fingerprintOf(const PersonRecord& p) {
  std::uint64_t h = 1469598103934665603ULL;
  auto mix = [&h](const std::string& text) {
    for (unsigned char c : text) h = (h ^ c) * 1099511628211ULL;
    h = (h ^ 0x1fU) * 1099511628211ULL;
  };
  for (const std::string* field :
       {&p.account, &p.hrAccount, &p.name, &p.department, &p.email, &p.hrStatus})
    mix(*field);
  mix(p.mobile ? "1" + *p.mobile : "0");
  mix(p.active ? "1" : "0");
  mix(joinedRules(p.rules));
  return static_cast<Poco::Int64>(h);
}

// The columns of a SELECT of kPersonColumns, one vector each (Poco reads them in one go).
struct PersonColumns {
  std::vector<std::string> ids, accounts, hrAccounts, names, departments, mobiles, emails, statuses,
      rules;
  std::vector<Poco::Int64> hasMobile, active, changedIn, leftIn;  // left_in: 0 for NULL

  void select(Session& s, const std::string& where, const std::vector<std::string>& args) {
    Poco::Data::Statement st(s);
    st << std::string("SELECT ") + kPersonColumns + " FROM people " + where;
    for (const auto& a : args) st, useRef(a);
    st, into(ids), into(accounts), into(hrAccounts), into(names), into(departments), into(mobiles),
        into(hasMobile), into(emails), into(statuses), into(active), into(rules), into(changedIn),
        into(leftIn);
    st.execute();
  }
  std::vector<PersonRecord> records() const {
    std::vector<PersonRecord> out(ids.size());
    for (std::size_t i = 0; i < ids.size(); ++i) {
      PersonRecord& p = out[i];
      p.employeeId = ids[i];
      p.account = accounts[i];
      p.hrAccount = hrAccounts[i];
      p.name = names[i];
      p.department = departments[i];
      if (hasMobile[i] != 0) p.mobile = mobiles[i];
      p.email = emails[i];
      p.hrStatus = statuses[i];
      p.active = active[i] != 0;
      p.rules = splitRules(rules[i]);
      p.changedIn = changedIn[i];
      p.leftIn = leftIn[i];
    }
    return out;
  }
};

// LIKE's wildcards in a person's query are meant literally.
std::string likeEscaped(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '%' || c == '_' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}

// The people the state lists, by employee id: whether each is listed again and unchanged.
struct KnownPeople {
  std::vector<std::string> ids;
  std::vector<Poco::Int64> prints;
  std::vector<Poco::Int64> left;  // 0: still listed
  std::vector<bool> listed;
  std::unordered_map<std::string_view, std::size_t> byId;  // views into `ids`

  explicit KnownPeople(Session& s) {
    s << "SELECT employee_id, fingerprint, coalesce(left_in, 0) FROM people", into(ids),
        into(prints), into(left), now;
    listed.assign(ids.size(), false);
    byId.reserve(ids.size());
    for (std::size_t i = 0; i < ids.size(); ++i) byId.emplace(ids[i], i);
  }
  // Marks `id` listed again: its index, or nullopt when the state does not list it.
  std::optional<std::size_t> markListed(const std::string& id) {
    const auto k = byId.find(id);
    if (k == byId.end()) return std::nullopt;
    listed[k->second] = true;
    return k->second;
  }
  // Marks `id` listed; true when its row is as `print` says and not marked left.
  bool listedUnchanged(const std::string& id, Poco::Int64 print) {
    const auto i = markListed(id);
    return i && prints[*i] == print && left[*i] == 0;
  }
};

// Rows of people waiting to be written, one vector a column (Poco binds them in one go).
struct PeopleRows {
  PersonColumns c;
  std::vector<Poco::Int64> prints;

  void add(PersonRecord&& p, Poco::Int64 print) {
    c.ids.push_back(std::move(p.employeeId));
    c.accounts.push_back(std::move(p.account));
    c.hrAccounts.push_back(std::move(p.hrAccount));
    c.names.push_back(std::move(p.name));
    c.departments.push_back(std::move(p.department));
    c.hasMobile.push_back(p.mobile ? 1 : 0);
    c.mobiles.push_back(p.mobile ? std::move(*p.mobile) : std::string());
    c.emails.push_back(std::move(p.email));
    c.statuses.push_back(std::move(p.hrStatus));
    c.active.push_back(p.active ? 1 : 0);
    c.rules.push_back(joinedRules(p.rules));
    prints.push_back(print);
  }
  std::size_t size() const { return c.ids.size(); }

  void write(Session& s, RunId run) {
    if (c.ids.empty()) return;  // Poco refuses to bind an empty vector
    std::vector<Poco::Int64> runs(c.ids.size(), run);
    s << "INSERT INTO people (employee_id, account, hr_account, name, department, mobile,"
         " has_mobile, email, hr_status, active, rules, fingerprint, changed_in, left_in)"
         " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL) ON CONFLICT (employee_id) DO"
         " UPDATE SET account = excluded.account, hr_account = excluded.hr_account,"
         " name = excluded.name, department = excluded.department,"
         " mobile = excluded.mobile, has_mobile = excluded.has_mobile, email = excluded.email,"
         " hr_status = excluded.hr_status, active = excluded.active, rules = excluded.rules,"
         " fingerprint = excluded.fingerprint, changed_in = excluded.changed_in,"
         " left_in = NULL",
        use(c.ids), use(c.accounts), use(c.hrAccounts), use(c.names), use(c.departments),
        use(c.mobiles), use(c.hasMobile), use(c.emails), use(c.statuses), use(c.active),
        use(c.rules), use(prints), use(runs), now;
    *this = {};
  }
};

}  // namespace

PeopleWrites SqliteStore::recordPeople(RunId run, const RecordSource<PersonRecord>& people,
                                       const std::set<std::string>& skipped) {
  PeopleWrites writes;
  db_->transaction([&] {
    db_->guarded("recording the people of the export", [&](Session& s) {
      detail::requireRun(s, run);
      KnownPeople known(s);
      for (const auto& id : skipped) known.markListed(id);
      PeopleRows rows;
      people([&](PersonRecord&& p) {
        const Poco::Int64 print = fingerprintOf(p);
        if (known.listedUnchanged(p.employeeId, print)) return;
        rows.add(std::move(p), print);
        ++writes.written;
        if (rows.size() == detail::kRowsPerStatement) rows.write(s, run);
      });
      rows.write(s, run);
      std::vector<std::string> gone;
      for (std::size_t i = 0; i < known.ids.size(); ++i) {
        if (!known.listed[i] && known.left[i] == 0) gone.push_back(known.ids[i]);
      }
      writes.left = gone.size();
      if (!gone.empty()) {
        std::vector<Poco::Int64> runs(gone.size(), run);
        s << "UPDATE people SET left_in = ? WHERE employee_id = ?", use(runs), use(gone), now;
      }
      // Someone who left is kept while a member of theirs is linked: their page still explains
      // the withdrawal and the delete to come.
      s << "DELETE FROM people WHERE left_in IS NOT NULL AND employee_id NOT IN"
           " (SELECT employee_id FROM links)",
          now;
      Poco::Int64 dropped = 0;
      s << "SELECT changes()", into(dropped), now;
      writes.dropped = static_cast<std::size_t>(dropped);
      Poco::Int64 r = run;
      s << "INSERT INTO people_read (id, run_id) VALUES (1, ?)"
           " ON CONFLICT (id) DO UPDATE SET run_id = excluded.run_id",
          use(r), now;
    });
  });
  return writes;
}

RunId SqliteStore::peopleReadIn() {
  return db_->guarded("reading which run recorded the people", [&](Session& s) {
    Poco::Int64 run = 0;
    s << "SELECT coalesce(max(run_id), 0) FROM people_read", into(run), now;
    return static_cast<RunId>(run);
  });
}

std::optional<PersonRecord> SqliteStore::findPerson(const std::string& account) {
  return db_->guarded("reading a person", [&](Session& s) -> std::optional<PersonRecord> {
    PersonColumns c;
    c.select(s, "WHERE account = ? ORDER BY left_in IS NOT NULL, changed_in DESC LIMIT 1",
             {account});
    auto found = c.records();
    if (found.empty()) return std::nullopt;
    return found.front();
  });
}

PeopleFound SqliteStore::searchPeople(const std::string& query, int limit) {
  PeopleFound found;
  db_->transaction(
      [&] {
        db_->guarded("searching the people", [&](Session& s) {
          // One scan of short rows: a name matches anywhere in it (Chinese too: LIKE compares
          // UTF-8 bytes), an account or employee id at its start.
          const std::string escaped = likeEscaped(query);
          const std::string where =
              "WHERE account LIKE ? ESCAPE '\\' OR employee_id LIKE ? ESCAPE '\\'"
              " OR name LIKE ? ESCAPE '\\'";
          const std::vector<std::string> args = {escaped + "%", escaped + "%", "%" + escaped + "%"};
          Poco::Data::Statement count(s);
          count << "SELECT count(*) FROM people " + where;
          for (const auto& a : args) count, useRef(a);
          Poco::Int64 total = 0;
          count, into(total);
          count.execute();
          found.total = total;
          PersonColumns c;
          std::vector<std::string> withExact = args;
          withExact.push_back(query);
          c.select(s,
                   where + " ORDER BY account = lower(?) DESC, account, employee_id LIMIT " +
                       std::to_string(limit),
                   withExact);
          found.people = c.records();
        });
      },
      detail::Connection::Lock::Read);
  return found;
}

PersonHoldings SqliteStore::holdingsOf(const std::string& employeeId, const std::string& account) {
  PersonHoldings h;
  db_->transaction(
      [&] {
        db_->guarded("reading what a person holds", [&](Session& s) {
          std::vector<Link> links;
          s << std::string("SELECT ") + detail::kLinkColumns + " FROM links WHERE employee_id = ?",
              useRef(employeeId), into(links), now;
          if (!links.empty()) {
            h.link = links.front();
            const std::string& member = h.link->globalId;
            s << std::string("SELECT ") + detail::kOwnedAssetColumns +
                     " FROM owned_assets WHERE global_id = ? ORDER BY asset_num",
                useRef(member), into(h.assets), now;
            std::vector<Lending> lendings;
            s << std::string("SELECT ") + detail::kLendingColumns +
                     " FROM lendings WHERE global_id = ?",
                useRef(member), into(lendings), now;
            if (!lendings.empty()) h.lending = lendings.front();
          }
          s << std::string("SELECT ") + detail::kEnrolmentColumns +
                   " FROM enrolments WHERE employee_id = ? ORDER BY rule",
              useRef(employeeId), into(h.enrolments), now;
          std::vector<PasswordToHandOut> passwords;
          s << std::string("SELECT ") + detail::kPasswordToHandOutColumns +
                   " FROM passwords WHERE account = ?",
              useRef(account), into(passwords), now;
          if (!passwords.empty()) {
            h.password = passwords.front();
            Poco::Nullable<Poco::Int64> handedOut;
            s << "SELECT handed_out_at FROM passwords WHERE account = ?", useRef(account),
                into(handedOut), now;
            if (!handedOut.isNull()) h.handedOutAt = handedOut.value();
          }
        });
      },
      detail::Connection::Lock::Read);
  return h;
}

std::int64_t SqliteStore::peopleCount() {
  return db_->guarded("counting the people", [&](Session& s) {
    Poco::Int64 n = 0;
    s << "SELECT count(*) FROM people", into(n), now;
    return static_cast<std::int64_t>(n);
  });
}

}  // namespace membersync::state
