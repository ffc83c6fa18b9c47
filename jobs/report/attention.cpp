#include "jobs/report/attention.h"

#include <algorithm>
#include <chrono>
#include <set>
#include <tuple>

#include "jobs/core/sha256.h"
#include "jobs/core/text.h"
#include "jobs/report/run_text.h"

namespace membersync::report {
namespace {

constexpr state::Millis kDay = 24LL * 3600 * 1000;

bool startsWith(const std::string& text, const char* prefix) {
  return text.rfind(prefix, 0) == 0;
}

// An item key without a release's digest ("edit:E1@3f2a..." -> "edit:E1").
std::string itemKeyOf(const std::string& releaseKey) {
  return releaseKey.substr(0, releaseKey.find('@'));
}

// "edit:E1" -> "edit"; a revert's "revert:12:edit:E1" -> "edit".
std::string actionOf(const std::string& key) {
  std::string k = key;
  if (startsWith(k, "revert:")) {
    const auto at = k.find(':', 7);
    k = at == std::string::npos ? k : k.substr(at + 1);
  }
  return k.substr(0, k.find(':'));
}

// Who items are about, by item key, account and employee id: the newest run's, since an account
// may have been someone else's before.
class People {
 public:
  explicit People(const std::vector<state::ItemPerson>& people) {
    std::vector<const state::ItemPerson*> newestFirst;
    for (const auto& p : people) newestFirst.push_back(&p);
    std::stable_sort(newestFirst.begin(), newestFirst.end(),
                     [](const auto* a, const auto* b) { return a->runId > b->runId; });
    for (const auto* q : newestFirst) {
      const state::ItemPerson& p = *q;
      byKey_.emplace(p.itemKey, &p);
      if (!p.account.empty()) byAccount_.emplace(p.account, &p);
      if (!p.employeeId.empty()) byEmployee_.emplace(p.employeeId, &p);
    }
  }
  const state::ItemPerson* key(const std::string& k) const { return find(byKey_, k); }
  const state::ItemPerson* account(const std::string& a) const { return find(byAccount_, a); }
  const state::ItemPerson* employee(const std::string& e) const { return find(byEmployee_, e); }

 private:
  using Index = std::map<std::string, const state::ItemPerson*>;
  static const state::ItemPerson* find(const Index& index, const std::string& k) {
    const auto found = index.find(k);
    return found == index.end() ? nullptr : found->second;
  }
  Index byKey_, byAccount_, byEmployee_;  // emplace keeps the first seen: the newest run's
};

class Builder {
 public:
  explicit Builder(const AttentionInputs& in) : in_(in), people_(in.people) {}

  void heldByGuards() {
    for (const auto& h : in_.held) {
      if (h.releasedAt || h.consumedAt) continue;
      auto& i = add(AttentionKind::Held, h.key, people_.key(itemKeyOf(h.key)));
      i.action = actionOf(h.key);
      i.reason = i18n::decodeMessage(h.reason);
      i.command =
          i18n::verbatim(command("allow " + std::to_string(h.runId)));  // releases them all at once
      i.runId = h.runId;
    }
  }

  void problemsOfTheRun() {
    for (const auto& p : in_.problems) {
      if (isInvalidRowKey(p.key)) {
        auto& i = add(AttentionKind::InvalidRow, p.key, people_.key(p.key));
        i.action = "row skipped";
        i.reason = i18n::decodeMessage(p.message);
        i.command = (i.source.empty()
                         ? i18n::msg("fix the row in the HR export, then run {command}")
                         : i18n::msg("fix {source}, then run {command}").with("source", i.source))
                        .with("command", command("sync"));
        i.runId = p.runId;
      } else if (startsWith(p.key, kPoolDryPrefix)) {
        auto& i = add(AttentionKind::PoolDry, p.key, nullptr);
        i.action = "pool " + p.key.substr(std::string(kPoolDryPrefix).size());
        i.reason = i18n::decodeMessage(p.message);
        i.command = i18n::msg("add asset numbers to the rule's pool in the policy, or free some");
        i.runId = p.runId;
      }
    }
  }

  // An enrolment the activity service answered "not qualified" (3002) is an answer, not a
  // refusal to act on: the person does not qualify (already claimed it, say).
  bool notQualified(const std::string& key) const {
    const std::string prefix = "enrol:";
    if (key.rfind(prefix, 0) != 0) return false;
    const auto colon = key.find(':', prefix.size());
    if (colon == std::string::npos) return false;
    const auto e = in_.enrolments.find(state::enrolmentKey(
        key.substr(prefix.size(), colon - prefix.size()), key.substr(colon + 1)));
    return e != in_.enrolments.end() && e->second.status == state::EnrolmentStatus::NotQualified;
  }

  void itemsNotDone() {
    for (const auto& r : in_.openItems) {
      if (r.status == state::ItemStatus::Unknown) continue;  // its step in doubt says it
      if (notQualified(r.key)) continue;
      const bool refused = r.status == state::ItemStatus::Refused;
      const state::ItemPerson* who = people_.key(r.key);
      auto& i = add(refused ? AttentionKind::Refused : AttentionKind::Failed, r.key, who);
      i.action = actionOf(r.key);
      i.reason = r.code.empty() ? i18n::decodeMessage(r.message)
                                : i18n::msg("{code}: {message}")
                                      .with("code", r.code)
                                      .with("message", i18n::decodeMessage(r.message));
      const std::string explain = command("explain " + accountOrKey(i));
      if (!refused)
        i.command = i18n::msg(
            "nothing: the next sync after {time} tries again; {command} shows the last error");
      else if (i.source.empty())
        i.command = i18n::msg("correct the HR row or the policy; {command} shows why");
      else
        i.command = i18n::msg("correct {source} or the policy; {command} shows why");
      i.command.with("source", i.source)
          .with("time", personTime(r.nextAttemptAt))
          .with("command", explain);
    }
  }

  void writesInDoubt() {
    // An add or reset in doubt is owed its password too: said once, by the step.
    std::set<std::string> carryPasswords;
    for (const auto& s : in_.unsettledSteps) {
      if (s.info.kind == "enrol") continue;  // enrolmentsInDoubt() says it
      auto& i = inDoubt("step:" + std::to_string(s.id), s);
      i.reason = i18n::msg(
                     "sent in run {run} and never answered; the next sync settles it by reading "
                     "the center")
                     .with("run", static_cast<long long>(s.runId));
      i.command = i18n::verbatim(command("sync"));
      if (s.info.kind == "add" || s.info.kind == "reset-password")
        carryPasswords.insert(s.info.account);
    }
    for (const auto& s : in_.unresolvedSteps) {
      if (s.info.kind == "enrol") continue;
      auto& i = inDoubt("unresolved:" + std::to_string(s.id), s);
      i.reason = i18n::decodeMessage(s.message);
      i.command = i18n::msg("look at the member on the center; {command} judges each field again")
                      .with("command", command("revert " + std::to_string(s.runId)));
    }
    for (const auto& p : in_.unconfirmedPasswords) {
      if (carryPasswords.count(p.account)) continue;
      auto& i = add(AttentionKind::InDoubt, "password:" + p.account, people_.account(p.account));
      if (i.account.empty()) i.account = p.account;
      i.action = "password";
      i.reason = i18n::msg(
                     "written in run {run}, not confirmed set: the center may hold it; if sending "
                     "it again keeps failing, {command} sets a new one")
                     .with("run", static_cast<long long>(p.runId))
                     .with("command", command("reset-password " + p.account));
      i.command = i18n::verbatim(command("sync"));
      i.runId = p.runId;
    }
  }

  void enrolmentsInDoubt() {
    for (const auto& [key, e] : in_.enrolments) {
      if (e.status != state::EnrolmentStatus::Unknown) continue;
      auto& i = add(AttentionKind::EnrolmentInDoubt, "enrol:" + e.employeeId + ":" + e.rule,
                    people_.employee(e.employeeId));
      if (i.employeeId.empty()) i.employeeId = e.employeeId;
      i.action = "enrol " + e.activityLabel;
      i.reason = i18n::decodeMessage(e.message);
      const state::RunId run = enrolmentRun(e);
      i.runId = run;
      i.command = run != 0 ? i18n::msg(
                                 "ask the activity service whether {who} was enrolled; if not, "
                                 "{command} sends it once more")
                                 .with("command", command("allow " + std::to_string(run)))
                           : i18n::msg(
                                 "ask the activity service whether {who} was enrolled; {command} "
                                 "names the run to allow")
                                 .with("command", command("explain " + accountOrKey(i)));
      i.command.with("who", accountOrKey(i));
    }
  }

  void passwordsWaiting() {
    const state::Millis limit = passwordWaitLimit(in_.now, in_.passwordWaitDays);
    for (const auto& p : in_.passwordsToHandOut) {
      if (p.confirmedAt > limit) continue;
      auto& i =
          add(AttentionKind::PasswordWaiting, "password:" + p.account, people_.account(p.account));
      if (i.account.empty()) i.account = p.account;
      i.action = "password";
      const auto days = (in_.now - p.confirmedAt) / kDay;
      i.reason = i18n::msgn("set {count} day ago and not handed out",
                            "set {count} days ago and not handed out",
                            static_cast<unsigned long>(std::max<state::Millis>(0, days)));
      i.command = i18n::msg("{command}, then {handed_out}")
                      .with("command", command("passwords"))
                      .with("handed_out", command("passwords --handed-out " + i.account));
      i.runId = p.runId;
    }
  }

  Attention take() {
    std::stable_sort(items_.begin(), items_.end(), [](const auto& a, const auto& b) {
      return std::tie(a.kind, a.account, a.key) < std::tie(b.kind, b.account, b.key);
    });
    return Attention{std::move(items_)};
  }

 private:
  AttentionItem& add(AttentionKind kind, std::string key, const state::ItemPerson* who) {
    AttentionItem i;
    i.kind = kind;
    i.key = std::move(key);
    if (who) {
      i.account = who->hrAccount.empty() ? who->account : who->hrAccount;
      i.name = who->name;
      i.employeeId = who->employeeId;
      i.source = who->source;
    }
    items_.push_back(std::move(i));
    return items_.back();
  }

  AttentionItem& inDoubt(std::string key, const state::Step& s) {
    const state::ItemPerson* who = people_.key(s.info.itemKey);
    if (!who) who = people_.account(s.info.account);
    auto& i = add(AttentionKind::InDoubt, std::move(key), who);
    if (i.account.empty()) i.account = s.info.account;
    if (i.employeeId.empty()) i.employeeId = s.info.employeeId;
    i.action = s.info.kind;
    i.runId = s.runId;
    return i;
  }

  // A membersync command as a person types it; plain text (a report shows it as code).
  std::string command(const std::string& verb) const {
    return "membersync " + (in_.configArgument.empty() ? "" : in_.configArgument + " ") + verb;
  }

  // The run that sent an enrolment in doubt (its step, unsettled or unresolved), or 0.
  state::RunId enrolmentRun(const state::Enrolment& e) const {
    const std::string key = "enrol:" + e.employeeId + ":" + e.rule;
    state::RunId run = 0;
    for (const auto* steps : {&in_.unsettledSteps, &in_.unresolvedSteps})
      for (const auto& s : *steps)
        if (s.info.itemKey == key) run = std::max(run, s.runId);
    return run;
  }

  static std::string accountOrKey(const AttentionItem& i) {
    if (!i.account.empty()) return i.account;
    return i.employeeId.empty() ? i.key : i.employeeId;
  }

  const AttentionInputs& in_;
  People people_;
  std::vector<AttentionItem> items_;
};

}  // namespace

state::Millis passwordWaitLimit(state::Millis now, int passwordWaitDays) {
  return now - std::max(0, passwordWaitDays) * kDay;
}

bool isInvalidRowKey(const std::string& key) {
  for (const char* prefix : kInvalidRowPrefixes)
    if (startsWith(key, prefix)) return true;
  return false;
}

const char* toString(AttentionKind kind) {
  switch (kind) {
    case AttentionKind::Held: return "held";
    case AttentionKind::InvalidRow: return "invalid-row";
    case AttentionKind::Refused: return "refused";
    case AttentionKind::Failed: return "failed";
    case AttentionKind::InDoubt: return "in-doubt";
    case AttentionKind::EnrolmentInDoubt: return "enrolment-in-doubt";
    case AttentionKind::PasswordWaiting: return "password-waiting";
    case AttentionKind::PoolDry: return "pool-dry";
  }
  return "?";
}

AttentionClass classOf(AttentionKind kind) {
  switch (kind) {
    case AttentionKind::Held: return AttentionClass::Guard;
    case AttentionKind::PasswordWaiting:
    case AttentionKind::PoolDry: return AttentionClass::Notice;
    default: return AttentionClass::NotDone;
  }
}

std::size_t Attention::count(AttentionKind kind) const {
  return static_cast<std::size_t>(std::count_if(
      items.begin(), items.end(), [kind](const AttentionItem& i) { return i.kind == kind; }));
}

AttentionClass Attention::worst() const {
  AttentionClass worst = AttentionClass::Notice;
  for (const auto& i : items) worst = std::min(worst, classOf(i.kind));
  return worst;
}

namespace {

i18n::Message countOf(AttentionKind kind, unsigned long n) {
  using i18n::msgn;
  switch (kind) {
    case AttentionKind::Held:
      return msgn("{count} held by a guard", "{count} held by a guard", n);
    case AttentionKind::InvalidRow: return msgn("{count} invalid row", "{count} invalid rows", n);
    case AttentionKind::Refused: return msgn("{count} refused", "{count} refused", n);
    case AttentionKind::Failed: return msgn("{count} failed", "{count} failed", n);
    case AttentionKind::InDoubt: return msgn("{count} in doubt", "{count} in doubt", n);
    case AttentionKind::EnrolmentInDoubt:
      return msgn("{count} enrolment in doubt", "{count} enrolments in doubt", n);
    case AttentionKind::PasswordWaiting:
      return msgn("{count} password waiting", "{count} passwords waiting", n);
    case AttentionKind::PoolDry: return msgn("{count} pool dry", "{count} pools dry", n);
  }
  return i18n::verbatim("?");
}

}  // namespace

i18n::Message Attention::countsMessage() const {
  i18n::Message list;
  for (AttentionKind kind : kAttentionKinds) {
    const std::size_t n = count(kind);
    if (n == 0) continue;
    i18n::Message part = countOf(kind, n);
    // One list of counts, in the reader's order of words: "a, b, c" in English.
    list = list.empty() ? std::move(part)
                        : i18n::msg("{list}, {item}").with("list", list).with("item", part);
  }
  return list;
}

std::string Attention::countsText(const i18n::Translator& tr) const {
  return rendered(tr, countsMessage());
}

std::string Attention::countsText() const {
  return countsText(i18n::Translator());
}

std::string Attention::fingerprint() const {
  std::vector<std::string> keys;
  for (const auto& i : items) keys.push_back(std::string(toString(i.kind)) + "|" + i.key);
  std::sort(keys.begin(), keys.end());
  Sha256 digest;
  for (const auto& k : keys) digest.field(k);
  return digest.hex();
}

PeopleWanted peopleWanted(const AttentionInputs& in) {
  PeopleWanted w;
  for (const auto& h : in.held) w.keys.push_back(itemKeyOf(h.key));
  for (const auto& p : in.problems)
    if (isInvalidRowKey(p.key)) w.keys.push_back(p.key);
  for (const auto& r : in.openItems) w.keys.push_back(r.key);
  for (const auto* steps : {&in.unsettledSteps, &in.unresolvedSteps}) {
    for (const auto& s : *steps) {
      w.keys.push_back(s.info.itemKey);
      if (!s.info.account.empty()) w.accounts.push_back(s.info.account);
    }
  }
  for (const auto& p : in.unconfirmedPasswords) w.accounts.push_back(p.account);
  const state::Millis limit = passwordWaitLimit(in.now, in.passwordWaitDays);
  for (const auto& p : in.passwordsToHandOut)
    if (p.confirmedAt <= limit) w.accounts.push_back(p.account);
  for (const auto& [key, e] : in.enrolments)
    if (e.status == state::EnrolmentStatus::Unknown) w.employeeIds.push_back(e.employeeId);
  for (auto* list : {&w.keys, &w.accounts, &w.employeeIds}) {
    std::sort(list->begin(), list->end());
    list->erase(std::unique(list->begin(), list->end()), list->end());
  }
  return w;
}

Attention attention(const AttentionInputs& in) {
  Builder b(in);
  b.heldByGuards();
  b.problemsOfTheRun();
  b.itemsNotDone();
  b.writesInDoubt();
  b.enrolmentsInDoubt();
  b.passwordsWaiting();
  return b.take();
}

}  // namespace membersync::report
