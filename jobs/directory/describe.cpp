#include "jobs/directory/describe.h"

namespace membersync::directory {

i18n::Message placeMessage(int line, int item) {
  if (item == 0) return i18n::msg("line {line}").with("line", line);
  if (line == 0) return i18n::msg("item {item}").with("item", item);
  return i18n::msg("item {item} (line {line})").with("item", item).with("line", line);
}

std::string placeOf(int line, int item) {
  return i18n::english(placeMessage(line, item));
}

i18n::Message describeMessage(const Export& hr, const RowProblem& problem) {
  // The file and line ("hr.csv:12") read the same in every language.
  std::string file = hr.path;
  if (problem.dn.empty() && problem.line > 0)
    file += hr.lineSeparator + std::to_string(problem.line);
  i18n::Message place = i18n::verbatim(file);
  if (!problem.dn.empty()) {
    place = i18n::msg("{file}: entry {dn}").with("file", hr.path).with("dn", problem.dn);
    if (problem.line > 0)
      place =
          i18n::verbatim(i18n::english(place) + hr.lineSeparator + std::to_string(problem.line));
  }
  if (problem.item > 0)
    place = i18n::msg("{place}: item {item}").with("place", place).with("item", problem.item);
  std::string who = problem.employeeId;
  if (!problem.account.empty()) who += (who.empty() ? "(" : " (") + problem.account + ")";
  if (who.empty())
    return i18n::msg("{place}: {problem}").with("place", place).with("problem", problem.message);
  return i18n::msg("{place}: {who}: {problem}")
      .with("place", place)
      .with("who", who)
      .with("problem", problem.message);
}

std::string describe(const Export& hr, const RowProblem& problem) {
  return i18n::english(describeMessage(hr, problem));
}

}  // namespace membersync::directory
