#include "jobs/notify/report_content.h"

#include <map>

#include "jobs/core/text.h"
#include "jobs/i18n/message.h"
#include "jobs/notify/utf8_text.h"
#include "jobs/report/run_text.h"

namespace membersync::notify {
namespace {

using report::AttentionItem;
using report::AttentionKind;

// Text from outside (the center's reasons, HR's names) is said shortly: a group's reason once,
// at most this long, so that a robot's limit is spent on people, not on one long message.
constexpr std::size_t kReasonBytes = 200;
constexpr std::size_t kMessageBytes = 300;
constexpr std::size_t kItemBytes = 300;

// `heading` follows the count ("2 held by a safety guard"); `brief` is the title's ("2 held").
std::string heading(AttentionKind kind, std::size_t n, const i18n::Translator& tr) {
  switch (kind) {
    case AttentionKind::Held:
      return tr.trn("{count} held by a safety guard", "{count} held by a safety guard", n);
    case AttentionKind::InvalidRow:
      return tr.trn("{count} HR row skipped as invalid", "{count} HR rows skipped as invalid", n);
    case AttentionKind::Refused:
      return tr.trn("{count} refused by the member center", "{count} refused by the member center",
                    n);
    case AttentionKind::Failed:
      return tr.trn("{count} failed, tried again by later runs",
                    "{count} failed, tried again by later runs", n);
    case AttentionKind::InDoubt:
      return tr.trn("{count} in doubt (the outcome is not known)",
                    "{count} in doubt (the outcome is not known)", n);
    case AttentionKind::EnrolmentInDoubt:
      return tr.trn("{count} enrolment in doubt", "{count} enrolments in doubt", n);
    case AttentionKind::PasswordWaiting:
      return tr.trn("{count} password waiting to be handed out",
                    "{count} passwords waiting to be handed out", n);
    case AttentionKind::PoolDry:
      return tr.trn("{count} person left without an asset (a pool ran dry)",
                    "{count} people left without an asset (a pool ran dry)", n);
  }
  return tr.trn("{count} needs a person", "{count} need a person", n);
}

std::string brief(AttentionKind kind, std::size_t n, const i18n::Translator& tr) {
  switch (kind) {
    case AttentionKind::Held:
      return tr.trn("{count} held", "{count} held", n);
    case AttentionKind::InvalidRow:
      return tr.trn("{count} invalid row", "{count} invalid rows", n);
    case AttentionKind::Refused:
      return tr.trn("{count} refused", "{count} refused", n);
    case AttentionKind::Failed:
      return tr.trn("{count} failed", "{count} failed", n);
    case AttentionKind::InDoubt:
      return tr.trn("{count} in doubt", "{count} in doubt", n);
    case AttentionKind::EnrolmentInDoubt:
      return tr.trn("{count} enrolment in doubt", "{count} enrolments in doubt", n);
    case AttentionKind::PasswordWaiting:
      return tr.trn("{count} password waiting", "{count} passwords waiting", n);
    case AttentionKind::PoolDry:
      return tr.trn("{count} without an asset", "{count} without an asset", n);
  }
  return std::to_string(n);
}

std::string counted(std::string text, std::size_t n) {
  return i18n::format(text, {{"count", std::to_string(n)}});
}

// Whether a command can take --config (it is membersync's).
bool isMembersyncCommand(const std::string& command) {
  return command.rfind("membersync ", 0) == 0 && command.find(" --config") == std::string::npos;
}


// How an item is named: by account and name where it is a person's, else where it came from.
std::string itemLabel(const AttentionItem& item, const i18n::Translator& tr) {
  std::string label = item.account;
  if (!item.name.empty()) label += (label.empty() ? "" : " ") + item.name;
  if (label.empty() && !item.employeeId.empty())
    label = i18n::format(tr.tr("employee {id}"), {{"id", item.employeeId}});
  if (!item.source.empty())
    label = label.empty() ? item.source
                          : i18n::format(tr.tr("{who} ({source})"),
                                         {{"who", label}, {"source", item.source}});
  if (label.empty()) label = item.key;
  return oneLine(label);
}

// One line of an item: its name, and its own reason and command where the group has none.
std::string itemLine(const AttentionItem& item, const ReportGroup& group, const RunFacts& run,
                     const i18n::Translator& tr) {
  std::string line = itemLabel(item, tr);
  if (group.reason.empty() && !item.reason.empty())
    line = i18n::format(tr.tr("{item}: {reason}"),
                        {{"item", line}, {"reason", clipped(oneLine(i18n::render(tr, item.reason)), kReasonBytes)}});
  if (group.command.empty() && !item.command.empty()) {
    const std::string command = withConfig(oneLine(i18n::render(tr, item.command)), run);
    line = i18n::format(tr.tr("{item}. {todo}"),
                        {{"item", line}, {"todo", doLine(command, command, tr)}});
  }
  return clipped(line, kItemBytes);
}

// The value every item shares, or "" when they differ.
template <class Field>
std::string shared(const std::vector<const AttentionItem*>& items, Field field,
                   const i18n::Translator& tr) {
  if (items.empty()) return "";
  const i18n::Message& first = items.front()->*field;
  for (const auto* item : items)
    if (item->*field != first) return "";
  return first.empty() ? "" : i18n::render(tr, first);
}

std::vector<ReportGroup> groupsOf(const report::Attention& attention, const RunFacts& run,
                                  const i18n::Translator& tr) {
  std::map<AttentionKind, std::vector<const AttentionItem*>> byKind;
  for (const auto& item : attention.items) byKind[item.kind].push_back(&item);
  std::vector<ReportGroup> groups;
  for (const AttentionKind kind : report::kAttentionKinds) {
    const auto found = byKind.find(kind);
    if (found == byKind.end()) continue;
    ReportGroup g;
    g.kind = kind;
    g.sources = found->second;
    g.count = g.sources.size();
    g.heading = counted(heading(kind, g.count, tr), g.count);
    g.reason = clipped(oneLine(shared(g.sources, &AttentionItem::reason, tr)), kReasonBytes);
    g.command = withConfig(oneLine(shared(g.sources, &AttentionItem::command, tr)), run);
    for (const auto* item : g.sources) g.items.push_back(itemLine(*item, g, run, tr));
    groups.push_back(std::move(g));
  }
  return groups;
}

// The title's words after the keyword: the run, and whether it failed, needs a person or not.
std::string titleWords(const RunFacts& run, const std::vector<ReportGroup>& groups,
                       const i18n::Translator& tr) {
  const bool recorded = run.run != 0;
  const i18n::Arguments args{
      {"enterprise", run.enterprise}, {"run", std::to_string(run.run)}, {"outcome", run.outcome}};
  if (run.failed())
    return i18n::format(recorded ? tr.tr("membersync {enterprise}: run {run} failed")
                                 : tr.tr("membersync {enterprise}: a run failed"),
                        args);
  if (groups.empty())
    return i18n::format(
        recorded ? tr.tr("membersync {enterprise}: run {run} {outcome}, nothing needs a person")
                 : tr.tr("membersync {enterprise}: a run {outcome}, nothing needs a person"),
        args);
  std::vector<std::string> counts;
  for (const auto& g : groups) counts.push_back(counted(brief(g.kind, g.count, tr), g.count));
  i18n::Arguments withCounts = args;
  // TRANSLATORS: what separates the items of a list ("2 held, 1 invalid row").
  withCounts.emplace_back("counts", joinedText(counts, tr.tr(", ")));
  return i18n::format(recorded
                          ? tr.tr("membersync {enterprise}: run {run} needs a person ({counts})")
                          : tr.tr("membersync {enterprise}: a run needs a person ({counts})"),
                      withCounts);
}

std::string titleOf(const RunFacts& run, const std::vector<ReportGroup>& groups, SendReason reason,
                    const std::string& keyword, const i18n::Translator& tr) {
  std::string title = titleWords(run, groups, tr);
  if (reason == SendReason::Reminder)
    title = i18n::format(tr.tr("Reminder: {title}"), {{"title", title}});
  return keyword.empty() ? title : "[" + keyword + "] " + title;
}

std::vector<std::string> summaryOf(const RunFacts& run, const std::vector<ReportGroup>& groups,
                                   SendReason reason, const i18n::Translator& tr) {
  std::vector<std::string> lines;
  // The counts' words are jobs/report's (report::runCountsText).
  lines.push_back(
      i18n::format(tr.tr("Outcome: {outcome}. What it did: {counts}."),
                   {{"outcome", run.outcome}, {"counts", report::runCountsText(tr, run.counts)}}));
  if (!run.message.empty()) {
    // The run's message as stored: a message of ours is shown in the report's language.
    const std::string message = i18n::render(tr, i18n::decodeMessage(run.message));
    lines.push_back(i18n::format(tr.tr("Message: {message}"),
                                 {{"message", clipped(oneLine(message), kMessageBytes)}}));
  }
  if (reason == SendReason::Resolved && groups.empty())
    lines.push_back(tr.tr("What was reported before has been dealt with."));
  if (reason == SendReason::Reminder)
    lines.push_back(tr.tr("Nothing has changed since the last report; this is a reminder."));
  return lines;
}

}  // namespace

const char* toString(SendReason reason) {
  switch (reason) {
    case SendReason::New:
      return "new";
    case SendReason::Changed:
      return "changed";
    case SendReason::Reminder:
      return "reminder";
    case SendReason::Retry:
      return "retry";
    case SendReason::Resolved:
      return "resolved";
    case SendReason::Always:
      return "always";
  }
  return "new";
}

bool isCommand(const std::string& command) {
  return command.rfind("membersync ", 0) == 0;
}

std::string doLine(const std::string& command, const std::string& shown,
                   const i18n::Translator& tr) {
  return i18n::format(isCommand(command) ? tr.tr("Run: {command}") : tr.tr("To do: {command}"),
                      {{"command", shown}});
}

std::string withConfig(const std::string& command, const RunFacts& run) {
  if (run.defaultConfig || run.configPath.empty() || !isMembersyncCommand(command)) return command;
  return "membersync --config " + shellWord(run.configPath) + command.substr(10);
}

std::string runPageLink(const std::string& publicUrl, state::RunId run) {
  if (publicUrl.empty() || run == 0) return "";
  std::string base = publicUrl;
  while (!base.empty() && base.back() == '/') base.pop_back();
  return base + "/runs/" + std::to_string(run);
}

ReportContent reportContent(const RunFacts& run, const report::Attention& attention,
                            SendReason reason, const std::string& keyword,
                            const i18n::Translator& tr) {
  ReportContent c;
  c.tr = tr;
  c.groups = groupsOf(attention, run, tr);
  c.title = titleOf(run, c.groups, reason, oneLine(keyword), tr);
  c.summary = summaryOf(run, c.groups, reason, tr);
  c.statusCommand = withConfig("membersync status", run);
  c.footer = footerLine(c.statusCommand, tr);
  c.link = run.link;
  return c;
}

ReportContent reportContent(const RunFacts& run, const report::Attention& attention,
                            SendReason reason, const std::string& keyword,
                            ReportLanguage language) {
  return reportContent(
      run, attention, reason, keyword,
      i18n::Translator(language == ReportLanguage::ZhCN ? i18n::Language::ZhCN : i18n::Language::En,
                       i18n::defaultCatalogueFolders()));
}

std::string footerLine(const std::string& shownCommand, const i18n::Translator& tr) {
  return i18n::format(tr.tr("Everything, and what to do: {command}"), {{"command", shownCommand}});
}

}  // namespace membersync::notify
