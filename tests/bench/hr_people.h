#pragma once

// Generated HR staff for the sync benchmark: deterministic, with Chinese names, four departments
// the policy maps, a mobile for every third person and a remark for every seventh.

#include <string>
#include <vector>

#include "jobs/center/members.h"
#include "jobs/directory/person.h"

namespace membersync::bench {

struct HrRow {
  std::string employeeId;  // E000001 ...
  std::string account;     // staff000001 ...
  std::string name;        // e.g. 王伟芳
  std::string department;  // ENG, DESIGN, SALES or OPS
  std::string remark;      // empty for most
  std::string mobile;      // empty for two in three
};

// `n` people; the same n always gives the same rows.
std::vector<HrRow> generateStaff(int n);

// Gives `count` people, spread evenly over `rows`, another display name (what HR calls a
// rename: the account stays, since the service cannot rename one). Returns how many changed.
// Each `shift` from 1 to 21 gives names of its own: renaming with another shift changes them all
// again.
int renamePeople(std::vector<HrRow>& rows, int count, int shift = 1);

// The rows as the HR export CSV (header employee_id,account,name,department,remark,mobile,status;
// every row active). With `locks`, two columns more: `title` (Engineer) and `lock`, which holds
// the lock numbers in turn for every (rows / locks)th row and is empty for the rest.
std::string toCsv(const std::vector<HrRow>& rows, const std::vector<std::string>* locks = nullptr);

// The policy file mapping the four departments to the emulator's department ids; with a `pool`,
// one asset rule granting everyone one asset number of it; with `lendLocks`, the demo's
// protected accounts and its lock rule (lend the number in the `lock` column).
std::string policyJson(const std::vector<std::string>& pool = {}, bool lendLocks = false);

// The rows as the planner sees them, for timing makePlan alone: the export (no problems), and
// the member each row has on the center (globalId "g" + employee id, userName account@acme).
directory::Export toExport(const std::vector<HrRow>& rows, const std::string& contentHash);
std::vector<center::MemberListItem> toMembers(const std::vector<HrRow>& rows);

}  // namespace membersync::bench
