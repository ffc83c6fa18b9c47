#include "jobs/directory/platform/platform_walk.h"

#include <algorithm>
#include <map>

#include "jobs/directory/person.h"

namespace membersync::directory::platform {

namespace {

bool allDigits(const std::string& s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// DingTalk's and WeCom's ids are numbers ("9" before "10"); Feishu's are text.
bool idLess(const std::string& a, const std::string& b) {
  if (allDigits(a) && allDigits(b) && a.size() != b.size()) return a.size() < b.size();
  return a < b;
}

[[noreturn]] void fail(const std::string& source, const std::string& what) {
  throw ExportError(source + ": " + what +
                    "; nothing is planned from a partial organisation chart. Run the sync again, "
                    "and check the platform's departments if it persists");
}

// Department id -> the path of names from the root.
class Tree {
 public:
  Tree(const std::string& source, const std::vector<Department>& departments) : source_(source) {
    for (const Department& d : departments)
      if (!byId_.emplace(d.id, &d).second)
        fail(source, "the department id " + d.id + " appears twice");
    int roots = 0;
    for (const Department& d : departments) {
      if (d.parentId.empty())
        ++roots;
      else if (!byId_.count(d.parentId))
        fail(source, "department " + d.id + " (" + d.name + ") has the parent " + d.parentId +
                         ", which is not in the tree");
    }
    if (roots != 1)
      fail(source, roots == 0 ? "no root department" : "more than one root department");
    for (const Department& d : departments) paths_[d.id] = pathOf(d);
  }

  bool has(const std::string& id) const { return byId_.count(id) != 0; }
  const std::string& path(const std::string& id) const { return paths_.at(id); }

 private:
  std::string pathOf(const Department& start) const {
    std::vector<const std::string*> names;
    const Department* d = &start;
    while (true) {
      names.push_back(&d->name);
      if (d->parentId.empty()) break;
      if (names.size() > byId_.size())
        fail(source_, "the departments above " + start.id + " form a cycle");
      d = byId_.at(d->parentId);
    }
    std::string out;
    for (auto it = names.rbegin(); it != names.rend(); ++it) out += (out.empty() ? "" : "/") + **it;
    return out;
  }

  const std::string& source_;
  std::map<std::string, const Department*> byId_;
  std::map<std::string, std::string> paths_;
};

// The department a person is shown in (see walkTable).
std::string chosenDepartment(const User& u, const std::vector<std::string>& ids, const Tree& tree,
                             const std::set<std::string>& policyDepartments) {
  if (!u.mainDepartmentId.empty()) return u.mainDepartmentId;
  for (const std::string& id : ids)  // ascending
    if (policyDepartments.count(tree.path(id)) || policyDepartments.count(id)) return id;
  return ids.front();
}

struct Person {
  User user;
  std::vector<std::string> ids;  // ascending, no repeats
};

void addIds(Person& p, const std::vector<std::string>& ids) {
  for (const std::string& id : ids)
    if (std::find(p.ids.begin(), p.ids.end(), id) == p.ids.end()) p.ids.push_back(id);
}

}  // namespace

SourceTable walkTable(const std::string& source, const WalkResult& walk,
                      const std::set<std::string>& policyDepartments) {
  const Tree tree(source, walk.departments);
  std::map<std::string, Person> people;
  for (const auto& [listedIn, users] : walk.usersByDepartment) {
    if (!tree.has(listedIn))
      fail(source, "users were listed for department " + listedIn + ", which is not in the tree");
    for (const User& u : users) {
      if (u.userId.empty())
        fail(source, "department " + listedIn + " lists a user without a user id");
      Person& p = people.try_emplace(u.userId, Person{u, {}}).first->second;
      addIds(p, {listedIn});
      addIds(p, u.departmentIds);
      if (p.user.mainDepartmentId.empty()) p.user.mainDepartmentId = u.mainDepartmentId;
    }
  }

  SourceTable table;
  table.kind = SourceKind::Platform;
  table.file = source;
  std::set<std::string> columns{kDepartmentColumn, kDepartmentIdColumn, kDepartmentIdsColumn};
  for (auto& [userId, p] : people) {
    for (const std::string& id : p.ids)
      if (!tree.has(id))
        fail(source, "user " + userId + " is in department " + id + ", which is not in the tree");
    if (!p.user.mainDepartmentId.empty() && !tree.has(p.user.mainDepartmentId))
      fail(source, "user " + userId + " has the main department " + p.user.mainDepartmentId +
                       ", which is not in the tree");
    std::sort(p.ids.begin(), p.ids.end(), idLess);
    const std::string chosen = chosenDepartment(p.user, p.ids, tree, policyDepartments);
    SourceRow row;
    row.dn = "userid=" + userId;
    for (const auto& [name, value] : p.user.fields) {
      row.cells[name] = value;
      columns.insert(name);
    }
    row.cells[kDepartmentColumn] = tree.path(chosen);
    row.cells[kDepartmentIdColumn] = chosen;
    std::string all;
    for (const std::string& id : p.ids) all += (all.empty() ? "" : ",") + id;
    row.cells[kDepartmentIdsColumn] = all;
    row.multi["department_paths"];  // filled below
    for (const std::string& id : p.ids) row.multi["department_paths"].push_back(tree.path(id));
    table.rows.push_back(std::move(row));
  }
  table.columns.assign(columns.begin(), columns.end());
  // A field one user lacks is empty for that user, as an LDAP attribute an entry lacks.
  for (SourceRow& row : table.rows)
    for (const std::string& c : table.columns) row.cells.try_emplace(c);
  return table;
}

}  // namespace membersync::directory::platform
