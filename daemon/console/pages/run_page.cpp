#include <cstdint>
#include <cstdlib>
#include <map>

#include "daemon/console/pages/run_pages.h"
#include "daemon/console/pages/run_rows.h"
#include "jobs/core/text.h"

namespace membersync::console {
namespace {

// A step's outcome in words: what the service answered, or how reading settled a doubt.
std::string outcomeOf(const state::Step& step) {
  std::string text = state::toString(step.state);
  if (step.failure) text += " (" + std::string(state::toString(*step.failure)) + ")";
  if (step.settlement) text += ", settled: " + std::string(state::toString(*step.settlement));
  return text;
}

// A held item's key is its release key, "edit:E1@<digest of the values held>": the item's key is
// what comes before the '@'.
std::string itemKeyOf(const std::string& releaseKey) {
  return releaseKey.substr(0, releaseKey.find('@'));
}

// Who each item is about, by item key, as the newest run that planned it saw them.
std::map<std::string, state::ItemPerson> peopleOf(state::StateStore& store,
                                                  const std::vector<state::Step>& steps,
                                                  const std::vector<state::HeldItem>& held) {
  std::vector<std::string> keys;
  for (const auto& s : steps) keys.push_back(s.info.itemKey);
  for (const auto& h : held) keys.push_back(itemKeyOf(h.key));
  std::map<std::string, state::ItemPerson> byKey;
  for (auto& p : store.itemPeople(keys, {}, {})) byKey.emplace(p.itemKey, std::move(p));
  return byKey;
}

mstch::array stepRows(const std::vector<state::Step>& steps,
                      const std::map<std::string, state::ItemPerson>& people) {
  mstch::array rows;
  for (const auto& s : steps) {
    const auto p = people.find(s.info.itemKey);
    rows.push_back(mstch::map{
        {"kind", s.info.kind},
        {"account",
         p != people.end() && !p->second.hrAccount.empty() ? p->second.hrAccount : s.info.account},
        {"name", p != people.end() ? p->second.name : std::string()},
        {"detail", s.info.detail},
        {"outcome", outcomeOf(s)},
        {"message", s.message},
    });
  }
  return rows;
}

mstch::array heldRows(const std::vector<state::HeldItem>& held,
                      const std::map<std::string, state::ItemPerson>& people) {
  mstch::array rows;
  for (const auto& h : held) {
    const auto p = people.find(itemKeyOf(h.key));
    rows.push_back(mstch::map{
        {"key", h.key},
        {"account", p != people.end() ? p->second.hrAccount : std::string()},
        {"name", p != people.end() ? p->second.name : std::string()},
        {"reason", h.reason},
        {"state", h.consumedAt   ? "carried out " + personTime(*h.consumedAt)
                  : h.releasedAt ? "released " + personTime(*h.releasedAt)
                                 : std::string("held")},
    });
  }
  return rows;
}

// A run of 100,000 adds is shown a page of items at a time; held items (one allow releases
// them all) up to a cap, the rest counted.
constexpr std::int64_t kItemsPage = 500;
constexpr std::size_t kHeldShown = 500;

std::int64_t fromOf(const PageRequest& request) {
  const auto it = request.query.find("from");
  if (it == request.query.end()) return 0;
  const long long from = std::strtoll(it->second.c_str(), nullptr, 10);
  return from > 0 ? (from / kItemsPage) * kItemsPage : 0;
}

// "Items 501 to 1,000 of 100,000", with the links to the pages before and after.
mstch::map pagerOf(const std::string& runText, std::int64_t from, std::size_t shown,
                   std::int64_t total) {
  const std::string base = "/runs/" + runText + "?from=";
  mstch::map pager{{"first", std::to_string(from + 1)},
                   {"last", std::to_string(from + static_cast<std::int64_t>(shown))},
                   {"total", std::to_string(total)},
                   {"paged", total > kItemsPage}};
  if (from > 0) pager.emplace("previous", base + std::to_string(from - kItemsPage));
  if (from + kItemsPage < total) pager.emplace("next", base + std::to_string(from + kItemsPage));
  return pager;
}

}  // namespace

PageAnswer runPage(const PageRequest& request) {
  PageAnswer answer;
  char* end = nullptr;
  const std::string& text = request.pathArgs.at(0);
  const long long id = std::strtoll(text.c_str(), &end, 10);
  const auto run = *end == '\0' && id > 0 ? request.store.findRun(id) : std::nullopt;
  if (!run) {
    answer.status = 404;
    answer.title = "No run " + text;
    answer.templateName = "not_found";
    answer.data = mstch::map{{"path", request.path}};
    return answer;
  }
  const std::string runText = std::to_string(id);
  const std::int64_t from = fromOf(request);
  const std::int64_t stepCount = request.store.stepCountOfRun(id);
  const auto steps = request.store.stepsOfRunPage(id, from, kItemsPage);
  auto held = request.store.heldItemsOfRun(id);
  bool open = false;
  for (const auto& h : held) open = open || !h.releasedAt;
  const std::size_t heldAll = held.size();
  if (held.size() > kHeldShown) held.resize(kHeldShown);
  const auto people = peopleOf(request.store, steps, held);
  mstch::array heldList = heldRows(held, people);
  mstch::array approvals;
  for (const auto& a : request.store.auditOfRun(id))
    approvals.push_back(mstch::map{{"at", personTime(a.at)},
                                   {"actor", a.actor},
                                   {"address", a.address},
                                   {"action", a.action},
                                   {"detail", a.detail}});
  answer.title = "Run " + runText;
  answer.templateName = "run";
  answer.data = mstch::map{
      {"run", runRow(*run)},
      {"steps", stepRows(steps, people)},
      {"no_steps", stepCount == 0},
      {"pager", pagerOf(runText, from, steps.size(), stepCount)},
      {"held", heldList},
      {"has_held", heldAll > 0},
      {"held_more", heldAll > held.size() ? std::to_string(heldAll - held.size()) : ""},
      {"status_command", commandPrefix(request.config) + " status"},
      {"approvals", approvals},
      {"has_approvals", !approvals.empty()},
      {"can_approve", open && request.viewer.role == Role::Approver},
      {"approve_action", "/runs/" + runText + "/approve"},
      {"csrf", request.csrfToken},
      {"allow_command", commandPrefix(request.config) + " allow " + runText},
      {"revert_command", commandPrefix(request.config) + " revert " + runText},
  };
  return answer;
}

}  // namespace membersync::console
