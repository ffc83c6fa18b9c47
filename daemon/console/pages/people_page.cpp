// `/people?q=`: the search over the people the last applying run read from HR.

#include "daemon/console/pages/people_pages.h"
#include "daemon/console/pages/people_text.h"

namespace membersync::console {
namespace {

constexpr int kShown = 50;  // a page a person scans; more means the query should be narrower

mstch::array resultRows(const std::vector<state::PersonRecord>& people) {
  mstch::array rows;
  for (const auto& p : people) {
    rows.push_back(mstch::map{
        {"account", p.hrAccount.empty() ? p.account : p.hrAccount},
        {"name", p.name},
        {"employee_id", p.employeeId},
        {"department", p.department},
        {"link", personLink(p.account)},
        {"left", p.leftIn != 0},
        {"left_run", std::to_string(p.leftIn)},
    });
  }
  return rows;
}

}  // namespace

PageAnswer peoplePage(const PageRequest& request) {
  PageAnswer answer;
  answer.title = "People";
  answer.templateName = "people";
  const auto q = request.query.find("q");
  const std::string query = q != request.query.end() ? q->second : std::string();
  const state::RunId readIn = request.store.peopleReadIn();
  mstch::map data{
      {"q", query},
      {"known", std::to_string(request.store.peopleCount())},
      {"read", readIn != 0},
      {"read_in", runAndTime(request.store, readIn)},
      {"read_link", runLink(readIn)},
      {"searched", !query.empty()},
  };
  if (!query.empty()) {
    const state::PeopleFound found = request.store.searchPeople(query, kShown);
    const auto more = found.total - static_cast<std::int64_t>(found.people.size());
    data["results"] = resultRows(found.people);
    data["found"] = std::to_string(found.total);
    data["none"] = found.people.empty();
    data["more"] = more > 0;
    data["more_count"] = std::to_string(more);
  }
  answer.data = std::move(data);
  return answer;
}

}  // namespace membersync::console
