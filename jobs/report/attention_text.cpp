#include "jobs/report/attention_text.h"

#include <map>
#include <ostream>

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

void writeGroup(std::ostream& out, AttentionKind kind, const Group& g, std::size_t firstOfEach,
                const std::string& seeAll) {
  out << "\n  " << headingOf(kind) << " (" << g.items.size() << ")\n";
  const AttentionItem& first = *g.items.front();
  if (g.oneReason && g.items.size() > 1 && !first.reason.empty())
    out << "    " << first.reason << "\n";
  if (g.oneCommand && !first.command.empty()) out << "    to do: " << first.command << "\n";
  std::vector<std::string> headers{"what", "account", "person", "from"};
  if (!g.oneReason || g.items.size() == 1) headers.push_back("why");
  if (!g.oneCommand) headers.push_back("to do");
  TextTable table(headers);
  const std::size_t shown =
      firstOfEach == 0 ? g.items.size() : std::min(firstOfEach, g.items.size());
  for (std::size_t n = 0; n < shown; ++n) {
    const AttentionItem& i = *g.items[n];
    std::vector<std::string> row{i.action, i.account, who(i), i.source};
    if (!g.oneReason || g.items.size() == 1) row.push_back(i.reason);
    if (!g.oneCommand) row.push_back(i.command);
    table.addRow(std::move(row));
  }
  table.print(out, "    ");
  if (shown < g.items.size())
    out << "    ... and " << g.items.size() - shown << " more (`" << seeAll << "` lists all)\n";
}

}  // namespace

const char* headingOf(AttentionKind kind) {
  switch (kind) {
    case AttentionKind::Held: return "held by a safety guard";
    case AttentionKind::InvalidRow: return "HR rows skipped as invalid";
    case AttentionKind::Refused: return "refused by the center";
    case AttentionKind::Failed: return "failed, to be tried again";
    case AttentionKind::InDoubt: return "in doubt";
    case AttentionKind::EnrolmentInDoubt: return "enrolments in doubt";
    case AttentionKind::PasswordWaiting: return "passwords waiting to be handed out";
    case AttentionKind::PoolDry: return "pools run dry";
  }
  return "?";
}

void writeAttentionText(std::ostream& out, const Attention& attention, std::size_t firstOfEach,
                        const std::string& seeAll) {
  if (attention.empty()) return;
  out << "Needs a person: " << attention.countsText() << "\n";
  for (const auto& [kind, group] : groups(attention))
    writeGroup(out, kind, group, firstOfEach, seeAll);
}

}  // namespace membersync::report
