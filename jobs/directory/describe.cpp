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

i18n::Message sourceMessage(const Export& hr) {
  if (hr.sheet.empty()) return i18n::verbatim(hr.path);
  return i18n::msg("{file}, sheet {sheet}").with("file", hr.workbook).with("sheet", hr.sheet);
}

i18n::Message rowMessage(const Export& hr, int line) {
  if (hr.sheet.empty()) return i18n::verbatim(hr.path + ":" + std::to_string(line));
  return i18n::msg("{file}, sheet {sheet}, row {row}")
      .with("file", hr.workbook)
      .with("sheet", hr.sheet)
      .with("row", line);
}

i18n::Message describeMessage(const Export& hr, const RowProblem& problem) {
  i18n::Message place =
      problem.dn.empty() && problem.line > 0 ? rowMessage(hr, problem.line) : sourceMessage(hr);
  if (!problem.dn.empty()) {
    place = i18n::msg("{file}: entry {dn}").with("file", hr.path).with("dn", problem.dn);
    if (problem.line > 0)
      place = i18n::verbatim(i18n::english(place) + ":" + std::to_string(problem.line));
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
