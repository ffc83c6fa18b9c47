#include "jobs/notify/report_content.h"

#include <map>

#include "jobs/core/text.h"
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

// The words of each kind, English (the zh_CN catalogue replaces them), for one and for more:
// `heading` follows the count ("2 held by a safety guard"); `brief` is the title's ("2 held").
struct KindWords {
  const char* heading[2];
  const char* brief[2];
};

KindWords wordsOf(AttentionKind kind) {
  switch (kind) {
    case AttentionKind::Held:
      return {{"held by a safety guard", "held by a safety guard"}, {"held", "held"}};
    case AttentionKind::InvalidRow:
      return {{"HR row skipped as invalid", "HR rows skipped as invalid"},
              {"invalid row", "invalid rows"}};
    case AttentionKind::Refused:
      return {{"refused by the member center", "refused by the member center"},
              {"refused", "refused"}};
    case AttentionKind::Failed:
      return {{"failed, tried again by later runs", "failed, tried again by later runs"},
              {"failed", "failed"}};
    case AttentionKind::InDoubt:
      return {{"in doubt (the outcome is not known)", "in doubt (the outcome is not known)"},
              {"in doubt", "in doubt"}};
    case AttentionKind::EnrolmentInDoubt:
      return {{"enrolment in doubt", "enrolments in doubt"},
              {"enrolment in doubt", "enrolments in doubt"}};
    case AttentionKind::PasswordWaiting:
      return {{"password waiting to be handed out", "passwords waiting to be handed out"},
              {"password waiting", "passwords waiting"}};
    case AttentionKind::PoolDry:
      return {{"person left without an asset (a pool ran dry)",
               "people left without an asset (a pool ran dry)"},
              {"without an asset", "without an asset"}};
  }
  return {{"needs a person", "need a person"}, {"", ""}};
}

std::string counted(std::size_t n, const char* const (&words)[2]) {
  return std::to_string(n) + " " + words[n == 1 ? 0 : 1];
}

// Whether a command can take --config (it is membersync's).
bool isMembersyncCommand(const std::string& command) {
  return command.rfind("membersync ", 0) == 0 && command.find(" --config") == std::string::npos;
}


// How an item is named: by account and name where it is a person's, else where it came from.
std::string itemLabel(const AttentionItem& item) {
  std::string label = item.account;
  if (!item.name.empty()) label += (label.empty() ? "" : " ") + item.name;
  if (label.empty() && !item.employeeId.empty()) label = "employee " + item.employeeId;
  if (!item.source.empty()) label += label.empty() ? item.source : " (" + item.source + ")";
  if (label.empty()) label = item.key;
  return oneLine(label);
}

// One line of an item: its name, and its own reason and command where the group has none.
std::string itemLine(const AttentionItem& item, const ReportGroup& group, const RunFacts& run) {
  std::string line = itemLabel(item);
  if (group.reason.empty() && !item.reason.empty())
    line += ": " + clipped(oneLine(i18n::english(item.reason)), kReasonBytes);
  if (group.command.empty() && !item.command.empty())
    line += ". " + doLabel(i18n::english(item.command)) + withConfig(oneLine(i18n::english(item.command)), run);
  return clipped(line, kItemBytes);
}

// The value every item shares, or "" when they differ.
template <class Field>
std::string shared(const std::vector<const AttentionItem*>& items, Field field) {
  if (items.empty()) return "";
  const i18n::Message& first = items.front()->*field;
  for (const auto* item : items)
    if (item->*field != first) return "";
  return first.empty() ? "" : i18n::english(first);
}

std::vector<ReportGroup> groupsOf(const report::Attention& attention, const RunFacts& run) {
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
    g.heading = counted(g.count, wordsOf(kind).heading);
    g.reason = clipped(oneLine(shared(g.sources, &AttentionItem::reason)), kReasonBytes);
    g.command = withConfig(oneLine(shared(g.sources, &AttentionItem::command)), run);
    for (const auto* item : g.sources) g.items.push_back(itemLine(*item, g, run));
    groups.push_back(std::move(g));
  }
  return groups;
}

std::string titleOf(const RunFacts& run, const std::vector<ReportGroup>& groups, SendReason reason,
                    const std::string& keyword) {
  std::string title = keyword.empty() ? "" : "[" + keyword + "] ";
  if (reason == SendReason::Reminder) title += "Reminder: ";
  title += "membersync " + run.enterprise + ": ";
  title += run.run == 0 ? std::string("a run") : "run " + std::to_string(run.run);
  if (run.failed()) return title + " failed";
  if (groups.empty()) return title + " " + run.outcome + ", nothing needs a person";
  std::vector<std::string> counts;
  for (const auto& g : groups) counts.push_back(counted(g.count, wordsOf(g.kind).brief));
  return title + " needs a person (" + joinedText(counts) + ")";
}

std::vector<std::string> summaryOf(const RunFacts& run, const std::vector<ReportGroup>& groups,
                                   SendReason reason) {
  std::vector<std::string> lines;
  lines.push_back("Outcome: " + run.outcome +
                  ". What it did: " + report::runCountsText(run.counts) + ".");
  if (!run.message.empty())
    lines.push_back("Message: " + clipped(oneLine(run.message), kMessageBytes));
  if (reason == SendReason::Resolved && groups.empty())
    lines.push_back("What was reported before has been dealt with.");
  if (reason == SendReason::Reminder)
    lines.push_back("Nothing has changed since the last report; this is a reminder.");
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

std::string doLabel(const std::string& command) {
  return isCommand(command) ? "Run: " : "To do: ";
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
                            ReportLanguage /*language: English until the zh_CN catalogue*/) {
  ReportContent c;
  c.groups = groupsOf(attention, run);
  c.title = titleOf(run, c.groups, reason, oneLine(keyword));
  c.summary = summaryOf(run, c.groups, reason);
  c.statusCommand = withConfig("membersync status", run);
  c.footer = "Everything, and what to do: " + c.statusCommand;
  c.link = run.link;
  return c;
}

}  // namespace membersync::notify
