#include "tests/bench/hr_people.h"

#include <algorithm>
#include <cstdio>

namespace membersync::bench {
namespace {

const char* const kSurnames[] = {"王", "李", "张", "刘", "陈", "杨", "黄", "赵", "吴", "周",
                                 "徐", "孙", "马", "朱", "胡", "郭", "何", "高", "林", "罗"};
const char* const kGiven[] = {"伟", "芳", "娜", "秀", "英", "敏", "静", "丽", "强", "磊", "军",
                              "洋", "勇", "艳", "杰", "娟", "涛", "明", "超", "霞", "平", "刚"};
constexpr int kSurnameCount = sizeof kSurnames / sizeof kSurnames[0];
constexpr int kGivenCount = sizeof kGiven / sizeof kGiven[0];

const char* const kDepartments[] = {"ENG", "DESIGN", "SALES", "OPS"};
const char* const kDepartmentIds[] = {"1001", "1002", "1003", "1004"};

std::string numbered(const char* prefix, int i) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%s%06d", prefix, i);
  return buffer;
}

// A surname and one or two given characters, the first given one being `first`.
std::string chineseName(int i, int first) {
  std::string name = kSurnames[i % kSurnameCount];
  name += kGiven[first % kGivenCount];
  if (i % 3 != 0) name += kGiven[(i / 7) % kGivenCount];
  return name;
}

std::string departmentIdOf(const std::string& department) {
  for (int d = 0; d < 4; ++d)
    if (department == kDepartments[d]) return kDepartmentIds[d];
  return "";
}

}  // namespace

std::vector<HrRow> generateStaff(int n) {
  std::vector<HrRow> rows;
  rows.reserve(static_cast<std::size_t>(n));
  for (int i = 1; i <= n; ++i) {
    HrRow r;
    r.employeeId = numbered("E", i);
    r.account = numbered("staff", i);
    r.name = chineseName(i, i / kSurnameCount);
    r.department = kDepartments[i % 4];
    if (i % 7 == 0) r.remark = "外包 " + std::to_string(i % 13);
    if (i % 3 == 0) r.mobile = numbered("13900", i).substr(0, 11);
    rows.push_back(std::move(r));
  }
  return rows;
}

int renamePeople(std::vector<HrRow>& rows, int count, int shift) {
  if (count <= 0 || rows.empty()) return 0;
  const std::size_t step = std::max<std::size_t>(1, rows.size() / static_cast<std::size_t>(count));
  int renamed = 0;
  for (std::size_t i = 0; i < rows.size() && renamed < count; i += step, ++renamed) {
    const int n = static_cast<int>(i) + 1;
    // Another first given character than generateStaff chose: the name always changes.
    rows[i].name = chineseName(n, n / kSurnameCount + shift);
  }
  return renamed;
}

std::string toCsv(const std::vector<HrRow>& rows, const std::vector<std::string>* locks) {
  std::string csv = "employee_id,account,name,department,remark,mobile,status";
  csv += locks ? ",title,lock\n" : "\n";
  csv.reserve(rows.size() * 80);
  const std::size_t every = locks && !locks->empty() ? rows.size() / locks->size() : 0;
  std::size_t lent = 0;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const auto& r = rows[i];
    csv += r.employeeId + ',' + r.account + ',' + r.name + ',' + r.department + ',' + r.remark +
           ',' + r.mobile + ",active";
    if (locks) {
      csv += ",Engineer,";
      if (every && i % every == 0 && lent < locks->size()) csv += (*locks)[lent++];
    }
    csv += '\n';
  }
  return csv;
}

std::string policyJson(const std::vector<std::string>& pool, bool lendLocks) {
  std::string json =
      R"({ "departments": { "ENG": 1001, "DESIGN": 1002, "SALES": 1003, "OPS": 1004 })";
  if (lendLocks) {
    json += R"(,
  "protect": ["admin", "svc*"],
  "locks": [ { "rule": "offline", "when": { "lock": "*" }, "lock_from": "lock" } ])";
  }
  if (!pool.empty()) {
    json += R"(, "assets": [ { "rule": "seat", "pool": [)";
    for (std::size_t i = 0; i < pool.size(); ++i) json += (i ? ",\"" : "\"") + pool[i] + "\"";
    json += "] } ]";
  }
  return json + " }\n";
}

directory::Export toExport(const std::vector<HrRow>& rows, const std::string& contentHash) {
  directory::Export hr;
  hr.path = "generated.csv";
  hr.people.reserve(rows.size());
  int line = 2;
  for (const auto& r : rows) {
    directory::Person p;
    p.employeeId = r.employeeId;
    p.account = r.account;
    p.name = r.name;
    p.department = r.department;
    p.remark = r.remark;
    p.mobile = r.mobile;
    p.status = "active";
    p.line = line++;
    hr.people.push_back(std::move(p));
  }
  hr.rowCount = rows.size();
  hr.contentHash = contentHash;
  return hr;
}

std::vector<center::MemberListItem> toMembers(const std::vector<HrRow>& rows) {
  std::vector<center::MemberListItem> members;
  members.reserve(rows.size());
  for (const auto& r : rows) {
    center::MemberListItem m;
    m.globalId = "g" + r.employeeId;
    m.userName = r.account + "@acme";
    m.name = r.name;
    m.departmentId = departmentIdOf(r.department);
    if (!r.remark.empty()) m.remark = r.remark;
    if (!r.mobile.empty()) m.passwordMobile = r.mobile;
    members.push_back(std::move(m));
  }
  return members;
}

}  // namespace membersync::bench
