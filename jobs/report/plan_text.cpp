#include "jobs/report/plan_text.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <ostream>
#include <sstream>
#include <vector>

#include "jobs/core/display_width.h"
#include "jobs/core/text.h"
#include "jobs/i18n/message.h"

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

// "alice (E1, g1)": the account and whichever ids the item has.
std::string who(const Item& i) {
  std::string ids = i.employeeId;
  if (!i.globalId.empty()) ids += (ids.empty() ? "" : ", ") + i.globalId;
  return i.account + (ids.empty() ? "" : " (" + ids + ")");
}

// The words of a kind as a held item names what it would have done (plan::toString()).
const char* kindWord(ItemKind kind) {
  switch (kind) {
    case ItemKind::Add:
      return i18n::translateLater("add");
    case ItemKind::Edit:
      return i18n::translateLater("edit");
    case ItemKind::Adopt:
      return i18n::translateLater("adopt");
    case ItemKind::Withdraw:
      return i18n::translateLater("withdraw");
    case ItemKind::Delete:
      return i18n::translateLater("delete");
    case ItemKind::Orphan:
      return i18n::translateLater("orphan");
    case ItemKind::Held:
      return i18n::translateLater("held");
    case ItemKind::Rename:
      return i18n::translateLater("rename");
    case ItemKind::Problem:
      return i18n::translateLater("problem");
    case ItemKind::Assign:
      return i18n::translateLater("assign");
    case ItemKind::Lend:
      return i18n::translateLater("lend");
    case ItemKind::Enrol:
      return i18n::translateLater("enrol");
  }
  return plan::toString(kind);
}

// The label of a field line, as the HR export names the field (plan::fieldLabel()).
const char* labelWord(const std::string& label) {
  static const char* const kLabels[] = {
      i18n::translateLater("name"),      i18n::translateLater("departmentId"),
      i18n::translateLater("remark"),    i18n::translateLater("mobile"),
      i18n::translateLater("assign"),    i18n::translateLater("withdraw"),
      i18n::translateLater("assets"),    i18n::translateLater("departure"),
      i18n::translateLater("asset ids"), i18n::translateLater("identity")};
  for (const char* known : kLabels)
    if (label == known) return known;
  return nullptr;
}

// Writes one plan in one language: every word through `tr_`, values as they are.
class Writer {
 public:
  Writer(std::ostream& os, const i18n::Translator& tr) : os_(os), tr_(tr) {}

  std::string tr(const char* msgid, const i18n::Arguments& args = {}) const {
    return i18n::format(tr_.tr(msgid), args);
  }
  std::string trn(const char* one, const char* many, std::size_t n,
                     i18n::Arguments args = {}) const {
    args.emplace_back("count", std::to_string(n));
    return i18n::format(tr_.trn(one, many, n), args);
  }
  std::string reason(const i18n::Message& m) const { return i18n::render(tr_, m); }
  // "a, b, c" in the reader's punctuation.
  std::string list(const std::vector<std::string>& parts) const {
    std::string out;
    for (const std::string& part : parts)
      out = out.empty() ? part : tr("{list}, {item}", {{"list", out}, {"item", part}});
    return out;
  }

  // "  + add alice (E1)": the sign, then the line in the reader's words.
  void line(const char* sign, const std::string& words) {
    os_ << "  " << sign << " " << words << "\n";
  }

  void field(const std::string& label, const std::string& value) {
    const char* known = labelWord(label);
    const std::string shown = tr("{label}:", {{"label", known ? tr_.tr(known) : label}});
    // Every label the plan writes fits, so values line up; a longer one still gets its space.
    // Measured in display columns, so a label in Chinese lines up as well as an English one.
    const std::size_t width = displayWidth(shown);
    os_ << "      " << shown << std::string(width < 13 ? 14 - width : 1, ' ') << value << "\n";
  }

  void addFields(const Item& i) {
    field("name", quoted(i.name));
    if (i.departmentId)
      field("departmentId",
            tr("{id}  (department {department})",
                 {{"id", quoted(*i.departmentId)}, {"department", quoted(i.department)}}));
    else if (!i.department.empty())
      field("departmentId", tr("none: department {department} is not mapped",
                                 {{"department", quoted(i.department)}}));
    if (i.remark) field("remark", quoted(*i.remark));
    if (i.mobile) field(plan::fieldLabel("passwordMobile"), quoted(*i.mobile));
  }

  void changes(const Item& i) {
    for (const plan::FieldChange& c : i.changes) {
      std::string value = quoted(c.before) + " -> " + quoted(c.after);
      if (c.field == "departmentId" && !i.department.empty())
        value = tr("{change}  (department {department})",
                     {{"change", value}, {"department", quoted(i.department)}});
      field(plan::fieldLabel(c.field), value);
    }
  }

  void assets(const Item& i) {
    if (!i.assetsToAdd.empty()) field("assign", joinedText(i.assetsToAdd));
    if (!i.assetsToWithdraw.empty()) field("withdraw", joinedText(i.assetsToWithdraw));
  }

  void withdrawal(const Item& i) {
    if (plan::withdrawsNothing(i)) {  // no call: the departure is recorded
      line("=", tr("departure {who}: {reason}", {{"who", who(i)}, {"reason", reason(i.reason)}}));
    } else if (i.kind == ItemKind::Assign) {  // only takes assets away
      line("-", tr("withdraw {who} (rule {rule})", {{"who", who(i)}, {"rule", i.rule}}));
      field("assets", joinedText(i.assetsToWithdraw));
    } else {
      const i18n::Arguments args = {{"who", who(i)}, {"reason", reason(i.reason)}};
      line("-", i.kind == ItemKind::Delete ? tr("delete {who}: {reason}", args)
                                           : tr("withdraw {who}: {reason}", args));
      if (!i.assetsToWithdraw.empty()) field("assets", joinedText(i.assetsToWithdraw));
    }
  }

  void problem(const Item& i) {
    const i18n::Arguments args = {
        {"line", std::to_string(i.line)}, {"account", i.account}, {"reason", reason(i.reason)}};
    if (i.line > 0 && !i.account.empty())
      line("#", tr("problem line {line} ({account}): {reason}", args));
    else if (i.line > 0)
      line("#", tr("problem line {line}: {reason}", args));
    else if (!i.account.empty())
      line("#", tr("problem ({account}): {reason}", args));
    else
      line("#", tr("problem: {reason}", args));
  }

  void item(const Item& i) {
    if (plan::withdrawsNothing(i) || plan::onlyWithdraws(i)) return withdrawal(i);
    const std::string w = who(i);
    switch (i.kind) {
      case ItemKind::Add:
        line("+", tr("add {who}", {{"who", w}}));
        addFields(i);
        break;
      case ItemKind::Adopt:
        line("=", tr("adopt {who}: {reason}", {{"who", w}, {"reason", reason(i.reason)}}));
        break;
      case ItemKind::Edit:
        line("~", tr("edit {who}", {{"who", w}}));
        changes(i);
        break;
      case ItemKind::Withdraw:
      case ItemKind::Delete:
        withdrawal(i);
        break;
      case ItemKind::Held:
        line("!", tr("held {kind} {who}: {reason}", {{"kind", tr_.tr(kindWord(i.heldKind))},
                                                       {"who", w},
                                                       {"reason", reason(i.reason)}}));
        changes(i);
        if (i.heldKind == ItemKind::Assign) assets(i);
        break;
      case ItemKind::Rename:
        line("#", tr("rename {account} -> {who}: {reason}",
                       {{"account", i.centerAccount}, {"who", w}, {"reason", reason(i.reason)}}));
        break;
      case ItemKind::Orphan:
        line("#", tr("orphan {who}: {reason}", {{"who", w}, {"reason", reason(i.reason)}}));
        break;
      case ItemKind::Assign:
        line("~", tr("assets {who} (rule {rule})", {{"who", w}, {"rule", i.rule}}));
        assets(i);
        if (i.endsDeparture) field("departure", tr("taken back once the assets are assigned"));
        break;
      case ItemKind::Lend:
        line("~", tr("lend {who} -> lock {lock} (rule {rule})",
                       {{"who", w}, {"lock", i.lockNumber}, {"rule", i.rule}}));
        field("asset ids", joinedText(i.assetIds));
        break;
      case ItemKind::Enrol:
        line("+", tr("enrol {who} in {activity} (rule {rule})",
                       {{"who", w}, {"activity", quoted(i.activityLabel)}, {"rule", i.rule}}));
        field("identity", quoted(i.identity));
        break;
      case ItemKind::Problem:
        problem(i);
        break;
    }
  }

  // The items, or for a long plan the first of each kind, each kind's rest counted where its
  // list stops, and how to see everything.
  void items(const std::vector<Item>& items, PlanTextOptions options) {
    if (options.full || items.size() <= kLongPlan) {
      for (const Item& i : items) item(i);
      return;
    }
    std::map<std::string, std::size_t> total, listed;
    for (const Item& i : items) ++total[listedAs(i)];
    std::size_t shown = 0;
    for (const Item& i : items) {
      const char* kind = listedAs(i);
      std::size_t& n = listed[kind];
      if (++n > kShownPerKind) continue;
      item(i);
      ++shown;
      if (n == kShownPerKind && total[kind] > n)
        os_ << "  "
            << trn("... and {count} more {kind}", "... and {count} more {kind}", total[kind] - n,
                      {{"kind", tr_.tr(kind)}})
            << "\n";
    }
    os_ << "\n"
        << tr(
               "Listed: the first {first} of each kind, {shown} of {total} items (`--full` lists "
               "every item; `--format json` gives the whole plan).",
               {{"first", std::to_string(kShownPerKind)},
                {"shown", std::to_string(shown)},
                {"total", std::to_string(items.size())}})
        << "\n";
  }

  void stateChanges(const plan::StateChanges& sc) {
    std::vector<std::string> parts;
    if (!sc.links.empty())
      parts.push_back(trn("{count} link to record", "{count} links to record", sc.links.size()));
    if (!sc.absences.empty())
      parts.push_back(
          trn("{count} absence counted", "{count} absences counted", sc.absences.size()));
    if (!sc.clearedAbsences.empty())
      parts.push_back(
          trn("{count} absence cleared", "{count} absences cleared", sc.clearedAbsences.size()));
    if (!sc.droppedLinks.empty())
      parts.push_back(trn("{count} stale link dropped", "{count} stale links dropped",
                             sc.droppedLinks.size()));
    if (!sc.endedLendings.empty())
      parts.push_back(trn("{count} returned lending forgotten",
                             "{count} returned lendings forgotten", sc.endedLendings.size()));
    if (!sc.droppedOwnedAssets.empty())
      parts.push_back(trn("{count} asset no longer ours (changed by hand)",
                             "{count} assets no longer ours (changed by hand)",
                             sc.droppedOwnedAssets.size()));
    if (!sc.liftedReverts.empty())
      parts.push_back(trn("{count} reverted field no longer held",
                             "{count} reverted fields no longer held", sc.liftedReverts.size()));
    if (parts.empty()) return;
    os_ << "\n" << tr("State to remember: {changes}.", {{"changes", list(parts)}}) << "\n";
  }

  std::string summary(const plan::Plan& p) const {
    const plan::Counts& c = p.counts;
    std::vector<std::string> changes, reports;
    changes.push_back(trn("{count} to add", "{count} to add", c.add));
    if (c.adopt) changes.push_back(trn("{count} to adopt", "{count} to adopt", c.adopt));
    changes.push_back(trn("{count} to change", "{count} to change", c.edit));
    if (c.assetChanges())
      changes.push_back(trn("{count} asset change", "{count} asset changes", c.assetChanges()));
    if (c.lend) changes.push_back(trn("{count} lending", "{count} lendings", c.lend));
    if (c.enrol) changes.push_back(trn("{count} enrolment", "{count} enrolments", c.enrol));
    changes.push_back(trn("{count} to withdraw", "{count} to withdraw", c.withdrawals()));
    changes.push_back(trn("{count} to delete", "{count} to delete", c.del));
    if (c.departuresOnly)
      reports.push_back(trn("{count} departure with nothing to withdraw",
                               "{count} departures with nothing to withdraw", c.departuresOnly));
    reports.push_back(trn("{count} held", "{count} held", c.held));
    reports.push_back(trn("{count} orphan", "{count} orphans", c.orphan));
    if (c.rename) reports.push_back(trn("{count} rename", "{count} renames", c.rename));
    reports.push_back(trn("{count} problem", "{count} problems", c.problem));
    return tr("Plan: {changes}; {reports}.",
                {{"changes", list(changes)}, {"reports", list(reports)}});
  }

  void whole(const plan::Plan& p, PlanTextOptions options) {
    if (p.items.empty())
      os_ << tr("No changes: the member center matches the HR export.") << "\n";
    items(p.items, options);
    if (p.guard.tripped)
      os_ << "\n"
          << trn("Safety guard: {count} destructive item held back: {reason}",
                    "Safety guard: {count} destructive items held back: {reason}",
                    p.guard.destructive, {{"reason", reason(p.guard.reason)}})
          << "\n";
    if (p.editGuard.tripped)
      os_ << "\n"
          << trn("Edit guard: {count} edit held back: {reason}",
                    "Edit guard: {count} edits held back: {reason}", p.editGuard.edits,
                    {{"reason", reason(p.editGuard.reason)}})
          << "\n";
    stateChanges(p.stateChanges);
    os_ << "\n" << summary(p) << "\n";
  }

 private:
  // What an item is listed as, in the words of the summary: a long plan lists the first
  // kShownPerKind of each, and says how many more.
  static const char* listedAs(const Item& i) {
    using i18n::translateLater;
    if (plan::withdrawsNothing(i)) return translateLater("departures with nothing to withdraw");
    if (plan::onlyWithdraws(i)) return translateLater("to withdraw");
    switch (i.kind) {
      case ItemKind::Add:
        return translateLater("to add");
      case ItemKind::Adopt:
        return translateLater("to adopt");
      case ItemKind::Edit:
        return translateLater("to change");
      case ItemKind::Assign:
        return translateLater("asset changes");
      case ItemKind::Lend:
        return translateLater("lendings");
      case ItemKind::Enrol:
        return translateLater("enrolments");
      case ItemKind::Withdraw:
        return translateLater("to withdraw");
      case ItemKind::Delete:
        return translateLater("to delete");
      case ItemKind::Held:
        return translateLater("held");
      case ItemKind::Rename:
        return translateLater("renames");
      case ItemKind::Orphan:
        return translateLater("orphans");
      case ItemKind::Problem:
        return translateLater("problems");
    }
    return translateLater("items");
  }

  std::ostream& os_;
  const i18n::Translator& tr_;
};

}  // namespace

std::string planSummary(const plan::Plan& p, const i18n::Translator& tr) {
  std::ostringstream unused;
  return Writer(unused, tr).summary(p);
}

std::string planSummary(const plan::Plan& p) {
  return planSummary(p, i18n::Translator());
}

void writePlanText(std::ostream& os, const plan::Plan& p, const i18n::Translator& tr,
                   PlanTextOptions options) {
  Writer(os, tr).whole(p, options);
}

std::string planText(const plan::Plan& p, const i18n::Translator& tr, PlanTextOptions options) {
  std::ostringstream os;
  writePlanText(os, p, tr, options);
  return os.str();
}

std::string planText(const plan::Plan& p, PlanTextOptions options) {
  return planText(p, i18n::Translator(), options);
}

}  // namespace membersync::report
