// `/people?q=`: the search over the people the last applying run read from HR.

#include "daemon/console/html_text.h"
#include "daemon/console/pages/people_pages.h"
#include "daemon/console/pages/people_text.h"

namespace membersync::console {
namespace {

constexpr int kShown = 50;  // a page a person scans; more means the query should be narrower

using i18n::format;

mstch::array resultRows(const std::vector<state::PersonRecord>& people,
                        const i18n::Translator& tr) {
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
        {"left_text", format(tr.tr("(left HR in run {run})"), {{"run", std::to_string(p.leftIn)}})},
    });
  }
  return rows;
}

// "3 people known, as HR listed them in run 7, 2026-11-26 02:00:00 +0800."
std::string summaryOf(const PageRequest& request, state::RunId readIn) {
  const i18n::Translator& tr = request.tr;
  const auto known = static_cast<unsigned long>(request.store.peopleCount());
  const i18n::Arguments count{{"count", std::to_string(known)}};
  if (readIn == 0)
    return richText(tr.trn("{count} person known: no run has read HR yet.",
                           "{count} people known: no run has read HR yet.", known),
                    count);
  return richText(
      tr.trn("{count} person known, as HR listed them in {run}.",
             "{count} people known, as HR listed them in {run}.", known),
      {count[0], {"run", htmlLink(runLink(readIn), runAndTime(request.store, readIn, tr))}});
}

mstch::map peopleWords(const i18n::Translator& tr) {
  return mstch::map{{"t_search_label", tr.tr("Account, name or employee id")},
                    {"t_search", tr.tr("Search")},
                    {"t_account", tr.tr("Account")},
                    {"t_name", tr.tr("Name")},
                    {"t_employee_id", tr.tr("Employee id")},
                    {"t_department", tr.tr("Department")}};
}

}  // namespace

PageAnswer peoplePage(const PageRequest& request) {
  PageAnswer answer;
  answer.title = request.tr.tr("People");
  answer.templateName = "people";
  const auto q = request.query.find("q");
  const std::string query = q != request.query.end() ? q->second : std::string();
  const state::RunId readIn = request.store.peopleReadIn();
  mstch::map data{
      {"q", query},
      {"known", std::to_string(request.store.peopleCount())},
      {"read", readIn != 0},
      {"read_in", runAndTime(request.store, readIn, request.tr)},
      {"read_link", runLink(readIn)},
      {"searched", !query.empty()},
      {"html_summary", summaryOf(request, readIn)},
      // The quotes go with the query: xgettext reads msgids as ASCII.
      {"t_no_match",
       format(request.tr.tr("No one matches {query}."), {{"query", "“" + query + "”"}})},
  };
  addWords(data, peopleWords(request.tr));
  if (!query.empty()) {
    const state::PeopleFound found = request.store.searchPeople(query, kShown);
    const auto more = found.total - static_cast<std::int64_t>(found.people.size());
    data["results"] = resultRows(found.people, request.tr);
    data["found"] = std::to_string(found.total);
    data["none"] = found.people.empty();
    data["more"] = more > 0;
    data["more_count"] = std::to_string(more);
    data["t_more"] = format(request.tr.tr("{count} more: refine the search."),
                            {{"count", std::to_string(more)}});
  }
  answer.data = std::move(data);
  return answer;
}

}  // namespace membersync::console
