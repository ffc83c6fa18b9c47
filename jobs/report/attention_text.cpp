#include "jobs/report/attention_text.h"

#include <map>
#include <ostream>

#include "jobs/report/machine_words.h"
#include "jobs/report/run_text.h"
#include "jobs/report/text_table.h"

namespace membersync::report {
namespace {

// The items of one kind, and what all of them share (said once, not on every line).
struct Group {
  std::vector<const AttentionItem*> items;
  bool oneReason = true;
  bool oneCommand = true;
};

std::map<AttentionKind, Group> groups(const Attention& attention) {
  std::map<AttentionKind, Group> out;
  for (const auto& i : attention.items) {
    Group& g = out[i.kind];
    if (!g.items.empty()) {
      g.oneReason = g.oneReason && g.items.front()->reason == i.reason;
      g.oneCommand = g.oneCommand && g.items.front()->command == i.command;
    }
    g.items.push_back(&i);
  }
  return out;
}

std::string who(const AttentionItem& i) {
  if (i.employeeId.empty()) return i.name;
  return i.name.empty() ? i.employeeId : i.name + " (" + i.employeeId + ")";
}


void writeGroup(std::ostream& out, const i18n::Translator& tr, AttentionKind kind, const Group& g,
                std::size_t firstOfEach, const std::string& seeAll) {
  out << "\n  "
      << i18n::format(tr.tr("{heading} ({count})"), {{"heading", tr.tr(headingOf(kind))},
                                                     {"count", std::to_string(g.items.size())}})
      << "\n";
  const AttentionItem& first = *g.items.front();
  if (g.oneReason && g.items.size() > 1 && !first.reason.empty())
    out << "    " << rendered(tr, first.reason) << "\n";
  if (g.oneCommand && !first.command.empty())
    out << "    "
        << i18n::format(tr.tr("to do: {command}"), {{"command", rendered(tr, first.command)}})
        << "\n";
  std::vector<std::string> headers{tr.tr("what"), tr.tr("account"), tr.tr("person"), tr.tr("from")};
  if (!g.oneReason || g.items.size() == 1) headers.push_back(tr.tr("why"));
  if (!g.oneCommand) headers.push_back(tr.tr("to do"));
  TextTable table(headers);
  const std::size_t shown =
      firstOfEach == 0 ? g.items.size() : std::min(firstOfEach, g.items.size());
  for (std::size_t n = 0; n < shown; ++n) {
    const AttentionItem& i = *g.items[n];
    std::vector<std::string> row{actionWord(tr, i.action), i.account, who(i), i.source};
    if (!g.oneReason || g.items.size() == 1) row.push_back(rendered(tr, i.reason));
    if (!g.oneCommand) row.push_back(rendered(tr, i.command));
    table.addRow(std::move(row));
  }
  table.print(out, "    ");
  if (shown < g.items.size())
    out << "    "
        << i18n::format(
               tr.trn("... and {count} more (`{command}` lists all)",
                      "... and {count} more (`{command}` lists all)", g.items.size() - shown),
               {{"count", std::to_string(g.items.size() - shown)}, {"command", seeAll}})
        << "\n";
}

}  // namespace

const char* headingOf(AttentionKind kind) {
  switch (kind) {
    case AttentionKind::Held: return i18n::translateLater("held by a safety guard");
    case AttentionKind::InvalidRow: return i18n::translateLater("HR rows skipped as invalid");
    case AttentionKind::Refused: return i18n::translateLater("refused by the center");
    case AttentionKind::Failed: return i18n::translateLater("failed, to be tried again");
    case AttentionKind::InDoubt: return i18n::translateLater("in doubt");
    case AttentionKind::EnrolmentInDoubt: return i18n::translateLater("enrolments in doubt");
    case AttentionKind::PasswordWaiting:
      return i18n::translateLater("passwords waiting to be handed out");
    case AttentionKind::PoolDry: return i18n::translateLater("pools run dry");
  }
  return "?";
}

void writeAttentionText(std::ostream& out, const i18n::Translator& tr, const Attention& attention,
                        std::size_t firstOfEach, const std::string& seeAll) {
  if (attention.empty()) return;
  out << i18n::format(tr.tr("Needs a person: {counts}"), {{"counts", attention.countsText(tr)}})
      << "\n";
  for (const auto& [kind, group] : groups(attention))
    writeGroup(out, tr, kind, group, firstOfEach, seeAll);
}

void writeAttentionText(std::ostream& out, const Attention& attention, std::size_t firstOfEach,
                        const std::string& seeAll) {
  writeAttentionText(out, i18n::Translator(), attention, firstOfEach, seeAll);
}

}  // namespace membersync::report
