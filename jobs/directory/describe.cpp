#include "jobs/directory/describe.h"

namespace membersync::directory {

std::string placeOf(int line, int item) {
  if (item == 0) return "line " + std::to_string(line);
  const std::string where = "item " + std::to_string(item);
  return line > 0 ? where + " (line " + std::to_string(line) + ")" : where;
}

std::string describe(const Export& hr, const RowProblem& problem) {
  std::string out = hr.path;
  if (!problem.dn.empty()) out += ": entry " + problem.dn;
  if (problem.line > 0) out += hr.lineSeparator + std::to_string(problem.line);
  if (problem.item > 0) out += ": item " + std::to_string(problem.item);
  std::string who = problem.employeeId;
  if (!problem.account.empty()) who += (who.empty() ? "(" : " (") + problem.account + ")";
  if (!who.empty()) out += ": " + who;
  return out + ": " + problem.message;
}

}  // namespace membersync::directory
