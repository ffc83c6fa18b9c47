#include "jobs/report/plan_text.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <ostream>
#include <sstream>
#include <vector>

#include "jobs/core/display_width.h"
#include "jobs/core/text.h"

namespace membersync::report {
namespace {

using plan::Item;
using plan::ItemKind;

// C-style escapes for quotes, backslashes and control characters; UTF-8 passes through.
std::string quoted(const std::string& value) {
  std::string out = "\"";
  for (unsigned char c : value) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c == '\n') {
      out += "\\n";
    } else if (c < 0x20 || c == 0x7f) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02x", c);
      out += buf;
    } else {
      out += static_cast<char>(c);
    }
  }
  return out + "\"";
}

std::string counted(std::size_t n, const std::string& one, const std::string& many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

// "alice (E1, g1)": the account and whichever ids the item has.
std::string who(const Item& i) {
  std::string ids = i.employeeId;
  if (!i.globalId.empty()) ids += (ids.empty() ? "" : ", ") + i.globalId;
  return i.account + (ids.empty() ? "" : " (" + ids + ")");
}

void fieldLine(std::ostream& os, const std::string& field, const std::string& value) {
  const std::string label = field + ":";
  // Every label the plan writes fits, so values line up; a longer one still gets its space.
  // Measured in display columns, so a label in Chinese lines up as well as an English one.
  const std::size_t width = displayWidth(label);
  os << "      " << label << std::string(width < 13 ? 14 - width : 1, ' ') << value << "\n";
}

void writeAddFields(std::ostream& os, const Item& i) {
  fieldLine(os, "name", quoted(i.name));
  if (i.departmentId)
    fieldLine(os, "departmentId",
              quoted(*i.departmentId) + "  (department " + quoted(i.department) + ")");
  else if (!i.department.empty())
    fieldLine(os, "departmentId", "none: department " + quoted(i.department) + " is not mapped");
  if (i.remark) fieldLine(os, "remark", quoted(*i.remark));
  if (i.mobile) fieldLine(os, plan::fieldLabel("passwordMobile"), quoted(*i.mobile));
}

void writeChanges(std::ostream& os, const Item& i) {
  for (const plan::FieldChange& c : i.changes) {
    std::string value = quoted(c.before) + " -> " + quoted(c.after);
    if (c.field == "departmentId" && !i.department.empty())
      value += "  (department " + quoted(i.department) + ")";
    fieldLine(os, plan::fieldLabel(c.field), value);
  }
}

void writeAssets(std::ostream& os, const Item& i) {
  if (!i.assetsToAdd.empty()) fieldLine(os, "assign", joinedText(i.assetsToAdd));
  if (!i.assetsToWithdraw.empty()) fieldLine(os, "withdraw", joinedText(i.assetsToWithdraw));
}

void writeWithdrawal(std::ostream& os, const Item& i) {
  if (plan::withdrawsNothing(i)) {  // no call: the departure is recorded
    os << "  = departure " << who(i) << ": " << i.reason << "\n";
  } else if (i.kind == ItemKind::Assign) {  // only takes assets away
    os << "  - withdraw " << who(i) << " (rule " << i.rule << ")\n";
    fieldLine(os, "assets", joinedText(i.assetsToWithdraw));
  } else {
    os << "  - " << plan::toString(i.kind) << " " << who(i) << ": " << i.reason << "\n";
    if (!i.assetsToWithdraw.empty()) fieldLine(os, "assets", joinedText(i.assetsToWithdraw));
  }
}

void writeItem(std::ostream& os, const Item& i) {
  if (plan::withdrawsNothing(i) || plan::onlyWithdraws(i)) return writeWithdrawal(os, i);
  switch (i.kind) {
    case ItemKind::Add:
      os << "  + add " << who(i) << "\n";
      writeAddFields(os, i);
      break;
    case ItemKind::Adopt:
      os << "  = adopt " << who(i) << ": " << i.reason << "\n";
      break;
    case ItemKind::Edit:
      os << "  ~ edit " << who(i) << "\n";
      writeChanges(os, i);
      break;
    case ItemKind::Withdraw:
    case ItemKind::Delete:
      writeWithdrawal(os, i);
      break;
    case ItemKind::Held:
      os << "  ! held " << plan::toString(i.heldKind) << " " << who(i) << ": " << i.reason << "\n";
      writeChanges(os, i);
      if (i.heldKind == ItemKind::Assign) writeAssets(os, i);
      break;
    case ItemKind::Rename:
      os << "  # rename " << i.centerAccount << " -> " << who(i) << ": " << i.reason << "\n";
      break;
    case ItemKind::Orphan:
      os << "  # orphan " << who(i) << ": " << i.reason << "\n";
      break;
    case ItemKind::Assign:
      os << "  ~ assets " << who(i) << " (rule " << i.rule << ")\n";
      writeAssets(os, i);
      if (i.endsDeparture) fieldLine(os, "departure", "taken back once the assets are assigned");
      break;
    case ItemKind::Lend:
      os << "  ~ lend " << who(i) << " -> lock " << i.lockNumber << " (rule " << i.rule << ")\n";
      fieldLine(os, "asset ids", joinedText(i.assetIds));
      break;
    case ItemKind::Enrol:
      os << "  + enrol " << who(i) << " in " << quoted(i.activityLabel) << " (rule " << i.rule
         << ")\n";
      fieldLine(os, "identity", quoted(i.identity));
      break;
    case ItemKind::Problem:
      os << "  # problem" << (i.line > 0 ? " line " + std::to_string(i.line) : std::string())
         << (i.account.empty() ? std::string() : " (" + i.account + ")") << ": " << i.reason
         << "\n";
      break;
  }
}

// What an item is listed as, in the words of the summary: a long plan lists the first
// kShownPerKind of each, and says how many more.
const char* listedAs(const Item& i) {
  if (plan::withdrawsNothing(i)) return "departures with nothing to withdraw";
  if (plan::onlyWithdraws(i)) return "to withdraw";
  switch (i.kind) {
    case ItemKind::Add:
      return "to add";
    case ItemKind::Adopt:
      return "to adopt";
    case ItemKind::Edit:
      return "to change";
    case ItemKind::Assign:
      return "asset changes";
    case ItemKind::Lend:
      return "lendings";
    case ItemKind::Enrol:
      return "enrolments";
    case ItemKind::Withdraw:
      return "to withdraw";
    case ItemKind::Delete:
      return "to delete";
    case ItemKind::Held:
      return "held";
    case ItemKind::Rename:
      return "renames";
    case ItemKind::Orphan:
      return "orphans";
    case ItemKind::Problem:
      return "problems";
  }
  return "items";
}

// The items, or for a long plan the first of each kind, each kind's rest counted where its
// list stops, and how to see everything.
void writeItems(std::ostream& os, const std::vector<Item>& items, PlanTextOptions options) {
  if (options.full || items.size() <= kLongPlan) {
    for (const Item& i : items) writeItem(os, i);
    return;
  }
  std::map<std::string, std::size_t> total, listed;
  for (const Item& i : items) ++total[listedAs(i)];
  std::size_t shown = 0;
  for (const Item& i : items) {
    const char* kind = listedAs(i);
    std::size_t& n = listed[kind];
    if (++n > kShownPerKind) continue;
    writeItem(os, i);
    ++shown;
    if (n == kShownPerKind && total[kind] > n)
      os << "  ... and " << total[kind] - n << " more " << kind << "\n";
  }
  os << "\nListed: the first " << kShownPerKind << " of each kind, " << shown << " of "
     << items.size()
     << " items (`--full` lists every item; `--format json` gives the whole plan).\n";
}

void writeStateChanges(std::ostream& os, const plan::StateChanges& sc) {
  std::vector<std::string> parts;
  if (!sc.links.empty()) parts.push_back(counted(sc.links.size(), "link", "links") + " to record");
  if (!sc.absences.empty())
    parts.push_back(counted(sc.absences.size(), "absence", "absences") + " counted");
  if (!sc.clearedAbsences.empty())
    parts.push_back(counted(sc.clearedAbsences.size(), "absence", "absences") + " cleared");
  if (!sc.droppedLinks.empty())
    parts.push_back(counted(sc.droppedLinks.size(), "stale link", "stale links") + " dropped");
  if (!sc.endedLendings.empty())
    parts.push_back(counted(sc.endedLendings.size(), "returned lending", "returned lendings") +
                    " forgotten");
  if (!sc.droppedOwnedAssets.empty())
    parts.push_back(counted(sc.droppedOwnedAssets.size(), "asset", "assets") +
                    " no longer ours (changed by hand)");
  if (!sc.liftedReverts.empty())
    parts.push_back(counted(sc.liftedReverts.size(), "reverted field", "reverted fields") +
                    " no longer held");
  if (parts.empty()) return;
  os << "\nState to remember: ";
  for (std::size_t n = 0; n < parts.size(); ++n) os << (n ? ", " : "") << parts[n];
  os << ".\n";
}

}  // namespace

std::string planSummary(const plan::Plan& p) {
  const plan::Counts& c = p.counts;
  std::string s = "Plan: " + std::to_string(c.add) + " to add, ";
  if (c.adopt) s += std::to_string(c.adopt) + " to adopt, ";
  s += std::to_string(c.edit) + " to change, ";
  if (c.assetChanges()) s += counted(c.assetChanges(), "asset change", "asset changes") + ", ";
  if (c.lend) s += counted(c.lend, "lending", "lendings") + ", ";
  if (c.enrol) s += counted(c.enrol, "enrolment", "enrolments") + ", ";
  s += std::to_string(c.withdrawals()) + " to withdraw, " + std::to_string(c.del) + " to delete; ";
  if (c.departuresOnly)
    s += counted(c.departuresOnly, "departure", "departures") + " with nothing to withdraw, ";
  s += std::to_string(c.held) + " held, " + counted(c.orphan, "orphan", "orphans") + ", ";
  if (c.rename) s += counted(c.rename, "rename", "renames") + ", ";
  return s + counted(c.problem, "problem", "problems") + ".";
}

void writePlanText(std::ostream& os, const plan::Plan& p, PlanTextOptions options) {
  if (p.items.empty()) os << "No changes: the member center matches the HR export.\n";
  writeItems(os, p.items, options);
  if (p.guard.tripped)
    os << "\nSafety guard: "
       << counted(p.guard.destructive, "destructive item", "destructive items")
       << " held back: " << p.guard.reason << "\n";
  if (p.editGuard.tripped)
    os << "\nEdit guard: " << counted(p.editGuard.edits, "edit", "edits")
       << " held back: " << p.editGuard.reason << "\n";
  writeStateChanges(os, p.stateChanges);
  os << "\n" << planSummary(p) << "\n";
}

std::string planText(const plan::Plan& p, PlanTextOptions options) {
  std::ostringstream os;
  writePlanText(os, p, options);
  return os.str();
}

}  // namespace membersync::report
