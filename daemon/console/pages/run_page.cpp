#include <cstdint>
#include <cstdlib>
#include <map>

#include "daemon/console/html_text.h"
#include "daemon/console/pages/run_pages.h"
#include "daemon/console/pages/run_rows.h"
#include "jobs/report/machine_words.h"
#include "jobs/core/text.h"
#include "jobs/i18n/message.h"

namespace membersync::console {
namespace {

using i18n::format;

// A stored message (a step's, a run's, a held item's reason) in the reader's language; an old
// English row shows as it was written.
std::string shown(const i18n::Translator& tr, const std::string& stored) {
  return i18n::render(tr, i18n::decodeMessage(stored));
}

// A step's outcome in words: what the service answered, or how reading settled a doubt.
std::string outcomeOf(const state::Step& step, const i18n::Translator& tr) {
  std::string text = outcomeWord(tr, state::toString(step.state));
  if (step.failure)
    text = format(tr.tr("{state} ({failure})"),
                  {{"state", text}, {"failure", outcomeWord(tr, state::toString(*step.failure))}});
  if (step.settlement)
    text = format(
        tr.tr("{outcome}, settled: {settlement}"),
        {{"outcome", text}, {"settlement", outcomeWord(tr, state::toString(*step.settlement))}});
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
                      const std::map<std::string, state::ItemPerson>& people,
                      const i18n::Translator& tr) {
  mstch::array rows;
  for (const auto& s : steps) {
    const auto p = people.find(s.info.itemKey);
    rows.push_back(mstch::map{
        {"kind", report::machineWord(tr, s.info.kind)},
        {"account",
         p != people.end() && !p->second.hrAccount.empty() ? p->second.hrAccount : s.info.account},
        {"name", p != people.end() ? p->second.name : std::string()},
        {"detail", shown(tr, s.info.detail)},
        {"outcome", outcomeOf(s, tr)},
        {"message", shown(tr, s.message)},
    });
  }
  return rows;
}

mstch::array heldRows(const std::vector<state::HeldItem>& held,
                      const std::map<std::string, state::ItemPerson>& people,
                      const i18n::Translator& tr) {
  mstch::array rows;
  for (const auto& h : held) {
    const auto p = people.find(itemKeyOf(h.key));
    rows.push_back(mstch::map{
        {"key", report::itemKeyWords(tr, h.key)},
        {"account", p != people.end() ? p->second.hrAccount : std::string()},
        {"name", p != people.end() ? p->second.name : std::string()},
        {"reason", shown(tr, h.reason)},
        {"state",
         h.consumedAt   ? format(tr.tr("carried out {at}"), {{"at", personTime(*h.consumedAt)}})
         : h.releasedAt ? format(tr.tr("released {at}"), {{"at", personTime(*h.releasedAt)}})
                        : tr.tr("held")},
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
mstch::map pagerOf(const std::string& runText, std::int64_t from, std::size_t count,
                   std::int64_t total, const i18n::Translator& tr) {
  const std::string base = "/runs/" + runText + "?from=";
  mstch::map pager{
      {"items", format(tr.tr("Items {first} to {last} of {total}."),
                       {{"first", std::to_string(from + 1)},
                        {"last", std::to_string(from + static_cast<std::int64_t>(count))},
                        {"total", std::to_string(total)}})},
      {"paged", total > kItemsPage}};
  if (from > 0) pager.emplace("previous", base + std::to_string(from - kItemsPage));
  if (from + kItemsPage < total) pager.emplace("next", base + std::to_string(from + kItemsPage));
  return pager;
}

// The run's summary line: "sync (only X), started ...: <strong>held</strong>. 3 edited".
std::string summaryOf(const state::RunSummary& run, const mstch::map& row,
                      const i18n::Translator& tr) {
  const auto text = [&](const char* key) { return boost::get<std::string>(row.at(key)); };
  const std::string kind = text("kind") + (run.scope.empty() ? "" : " " + text("scope"));
  return richText(tr.tr("{kind}, started {started}: {outcome}."),
                  {{"kind", htmlEscaped(kind)},
                   {"started", htmlEscaped(text("started"))},
                   {"outcome", "<strong>" + htmlEscaped(text("outcome")) + "</strong>"}}) +
         " " + htmlEscaped(text("counts"));
}

// "2026-11-26 09:00 CST: alice from 127.0.0.1: released 60 of 60 held item(s)".
std::string approvalLine(const state::AuditEntry& a, const i18n::Translator& tr) {
  const i18n::Arguments args{{"at", personTime(a.at)},
                             {"actor", a.actor},
                             {"address", a.address},
                             {"detail", shown(tr, a.detail)}};
  return a.address.empty() ? format(tr.tr("{at}: {actor}: {detail}"), args)
                           : format(tr.tr("{at}: {actor} from {address}: {detail}"), args);
}

mstch::map runWords(const i18n::Translator& tr) {
  return mstch::map{
      {"t_held_back", tr.tr("Held back by a safety guard")},
      {"t_item", tr.tr("Item")},
      {"t_account", tr.tr("Account")},
      {"t_name", tr.tr("Name")},
      {"t_why", tr.tr("Why")},
      {"t_now", tr.tr("Now")},
      {"t_approve", tr.tr("Approve")},
      {"t_approved", tr.tr("Approved")},
      {"t_item_by_item", tr.tr("Item by item")},
      {"t_sent_nothing", tr.tr("This run sent nothing.")},
      {"t_previous", tr.tr("Previous")},
      {"t_next", tr.tr("Next")},
      {"t_action", tr.tr("Action")},
      {"t_detail", tr.tr("Detail")},
      {"t_outcome", tr.tr("Outcome")},
      {"t_message", tr.tr("Message")},
      {"t_undo", tr.tr("Undo")},
  };
}

// The run page's sentences that hold a command.
mstch::map runSentences(const PageRequest& request, const std::string& runText,
                        std::size_t heldMore) {
  const i18n::Translator& tr = request.tr;
  const std::string prefix = commandPrefix(request.config);
  return mstch::map{
      {"html_held_more",
       richText(tr.trn("And {count} more held item: {command} lists every one.",
                       "And {count} more held items: {command} lists every one.", heldMore),
                {{"count", std::to_string(heldMore)}, {"command", htmlCode(prefix + " status")}})},
      {"html_approve_does",
       richText(tr.tr("does what {command} does: the next sync carries these out."),
                {{"command", htmlCode(prefix + " allow " + runText)}})},
      {"html_undo", richText(tr.tr("Revert stays on the command line: {command} shows what it "
                                   "would undo; add {apply} to carry it out."),
                             {{"command", htmlCode(prefix + " revert " + runText)},
                              {"apply", htmlCode("--apply")}})},
  };
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
    answer.title = format(request.tr.tr("No run {run}"), {{"run", text}});
    answer.templateName = "not_found";
    answer.data = notFoundData(request.tr, request.path);
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
  const i18n::Translator& tr = request.tr;
  mstch::array heldList = heldRows(held, people, tr);
  mstch::array approvals;
  for (const auto& a : request.store.auditOfRun(id))
    approvals.push_back(mstch::map{{"line", approvalLine(a, tr)}});
  mstch::map row = runRow(*run, tr);
  row.emplace("html_summary", summaryOf(*run, row, tr));
  answer.title = format(tr.tr("Run {run}"), {{"run", runText}});
  answer.templateName = "run";
  answer.data = mstch::map{
      {"run", row},
      {"steps", stepRows(steps, people, tr)},
      {"no_steps", stepCount == 0},
      {"pager", pagerOf(runText, from, steps.size(), stepCount, tr)},
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
  addWords(answer.data, runWords(tr));
  addWords(answer.data, runSentences(request, runText, heldAll - held.size()));
  return answer;
}

}  // namespace membersync::console
