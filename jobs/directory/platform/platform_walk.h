#pragma once

#include <set>
#include <string>
#include <utility>
#include <vector>

#include "jobs/directory/platform/platform_api.h"
#include "jobs/directory/source_table.h"

// The one walk every organisation platform (DingTalk, WeCom, Feishu/Lark) ends in: the
// departments and each department's users, as the vendor's decoders give them
// (platform_api.h), turned into the rows export_builder maps as for CSV, JSON and LDAP. Pure.
namespace membersync::directory::platform {

// Everything one walk read: every department (the root's parentId is ""), and for each
// department the users its list gave.
struct WalkResult {
  std::vector<Department> departments;
  std::vector<std::pair<std::string, std::vector<User>>>
      usersByDepartment;  // department id -> users
  // Fields the platform left out for want of a permission (WeCom and Feishu give an app without
  // it no mobile or email), and the permission to grant: the reader refuses a walk whose
  // configuration reads one of them rather than plan with empty values.
  std::vector<std::string> withheld;
  std::string withheldTodo;
};

// Columns the walk adds to the users' own fields.
inline constexpr const char* kDepartmentColumn = "department";         // "总部/工程部"
inline constexpr const char* kDepartmentIdColumn = "department_id";    // that department's id
inline constexpr const char* kDepartmentIdsColumn = "department_ids";  // every id, ascending, ","

// One row per person (by userId, however many departments list them), in userId order, every
// field a column (a field a user lacks is ""). A person's department is the path of names from
// the root, joined by "/": their mainDepartmentId when set, else the lowest id whose path (or
// id) `policyDepartments` holds (the policy's `departments` keys), else the lowest id of all;
// never the order the platform listed them in. Ids compare as numbers when both are digits.
// Throws ExportError naming `source` and the department when the tree cannot be trusted: a
// duplicate id, a parent that is not in the tree, a cycle, no root or two roots, a user in a
// department the walk did not find, users of a department not in the tree. Nothing is planned
// from a partial tree.
SourceTable walkTable(const std::string& source, const WalkResult& walk,
                      const std::set<std::string>& policyDepartments);

}  // namespace membersync::directory::platform
