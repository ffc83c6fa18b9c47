#include "jobs/report/plan_json.h"

#include "jobs/report/json_parts.h"

#include <Poco/Dynamic/Var.h>
#include <Poco/Exception.h>
#include <Poco/JSON/Array.h>
#include <Poco/JSON/Object.h>
#include <Poco/JSON/Parser.h>

#include <sstream>

#include "jobs/i18n/message.h"

namespace membersync::report {
namespace {

using plan::Item;
using plan::ItemKind;
using Poco::Dynamic::Var;
using Poco::JSON::Array;
using Poco::JSON::Object;

constexpr const char* kFormat = "membersync-plan";
// Version 2 added the asset, lock and activity steps: Item's assetsToAdd, assetRules, rule,
// lockNumber, assetIds, activityLabel, source, branch and identity; the counts assign, lend and
// enrol; StateChanges' endedLendings and droppedOwnedAssets; entitlementsFingerprint. A version 1
// plan (which has none of them) still reads, with those empty.
constexpr int kVersion = 4;
constexpr int kOldestVersion = 1;

// ---- writing ----

using json::newObject;
using json::orNull;
using json::strings;

// "reason" is the English text, for programs; "reasonMessage" the same reason as a message
// (i18n::encodeMessage), so that a saved plan read back by `apply` shows it, and its holds, in
// the reader's language. Optional when reading: a plan saved before has only "reason".
void setReason(Object& o, const i18n::Message& reason) {
  o.set("reason", i18n::english(reason));
  o.set("reasonMessage", i18n::encodeMessage(reason));
}

Object::Ptr itemJson(const Item& i) {
  Object::Ptr o = newObject();
  o->set("kind", plan::toString(i.kind));
  o->set("key", i.key);
  o->set("employeeId", i.employeeId);
  o->set("account", i.account);
  o->set("centerAccount", i.centerAccount);
  o->set("globalId", i.globalId);
  o->set("name", i.name);
  o->set("department", i.department);
  o->set("departmentId", orNull(i.departmentId));
  o->set("remark", orNull(i.remark));
  o->set("mobile", orNull(i.mobile));
  Array::Ptr changes = new Array;
  for (const plan::FieldChange& c : i.changes) {
    Object::Ptr change = newObject();
    change->set("field", c.field);
    change->set("before", c.before);
    change->set("after", c.after);
    changes->add(change);
  }
  o->set("changes", changes);
  o->set("assetsToWithdraw", strings(i.assetsToWithdraw));
  o->set("assetsToAdd", strings(i.assetsToAdd));
  o->set("assetRules", strings(i.assetRules));
  o->set("rule", i.rule);
  o->set("lockNumber", i.lockNumber);
  o->set("assetIds", strings(i.assetIds));
  o->set("activityLabel", i.activityLabel);
  o->set("source", i.source);
  o->set("branch", i.branch);
  o->set("identity", i.identity);
  o->set("heldKind", plan::toString(i.heldKind));
  o->set("destructive", i.destructive);
  o->set("heldByGuard", i.heldByGuard);
  setReason(*o, i.reason);
  o->set("inputHash", i.inputHash);
  o->set("line", i.line);
  o->set("revertsRun", i.revertsRun);
  o->set("endsDeparture", i.endsDeparture);
  return o;
}

Object::Ptr stateChangesJson(const plan::StateChanges& sc) {
  Object::Ptr o = newObject();
  Array::Ptr absences = new Array;
  for (const state::Absence& a : sc.absences) {
    Object::Ptr x = newObject();
    x->set("employeeId", a.employeeId);
    x->set("distinctExports", a.distinctExports);
    x->set("lastExportHash", a.lastExportHash);
    x->set("since", a.since);
    x->set("withdrawnAt", a.withdrawnAt ? Var(*a.withdrawnAt) : Var());
    absences->add(x);
  }
  o->set("absences", absences);
  o->set("clearedAbsences", strings(sc.clearedAbsences));
  Array::Ptr links = new Array;
  for (const state::Link& l : sc.links) {
    Object::Ptr x = newObject();
    x->set("employeeId", l.employeeId);
    x->set("account", l.account);
    x->set("globalId", l.globalId);
    x->set("createdByUs", l.createdByUs);
    x->set("linkedAt", l.linkedAt);
    links->add(x);
  }
  o->set("links", links);
  o->set("droppedLinks", strings(sc.droppedLinks));
  o->set("endedLendings", strings(sc.endedLendings));
  o->set("droppedOwnedAssets", strings(sc.droppedOwnedAssets));
  o->set("liftedReverts", strings(sc.liftedReverts));
  return o;
}

Object::Ptr countsJson(const plan::Counts& c) {
  Object::Ptr o = newObject();
  o->set("add", c.add);
  o->set("edit", c.edit);
  o->set("adopt", c.adopt);
  o->set("withdraw", c.withdraw);
  o->set("delete", c.del);
  o->set("orphan", c.orphan);
  o->set("held", c.held);
  o->set("rename", c.rename);
  o->set("problem", c.problem);
  o->set("assign", c.assign);
  o->set("lend", c.lend);
  o->set("enrol", c.enrol);
  return o;
}

Object::Ptr guardJson(const plan::Guard& g) {
  Object::Ptr o = newObject();
  o->set("tripped", g.tripped);
  setReason(*o, g.reason);
  o->set("destructive", g.destructive);
  o->set("allowed", g.allowed);
  o->set("shortExport", g.shortExport);
  return o;
}

Object::Ptr editGuardJson(const plan::EditGuard& g) {
  Object::Ptr o = newObject();
  o->set("tripped", g.tripped);
  setReason(*o, g.reason);
  o->set("edits", g.edits);
  o->set("allowed", g.allowed);
  return o;
}

// ---- reading ----

// Reads typed fields out of parsed JSON; every failure names the source and the JSON path.
// object() and array() return references into `v`'s tree: keep the root Var alive.
class Reader {
 public:
  explicit Reader(std::string source) : source_(std::move(source)) {}

  // The file's format version; fields added since are read only from files that have them.
  int version = kVersion;
  bool hasV2() const { return version >= 2; }
  bool hasV3() const { return version >= 3; }  // the edit guard
  bool hasV4() const { return version >= 4; }  // revert

  [[noreturn]] void fail(const std::string& path, const std::string& what) const {
    throw PlanFileError(source_ + ": " + (path.empty() ? "" : path + ": ") + what);
  }

  const Object& object(const Var& v, const std::string& path) const {
    if (v.type() != typeid(Object::Ptr)) fail(path, "expected an object");
    return *v.extract<Object::Ptr>();
  }
  const Array& array(const Object& o, const std::string& key, const std::string& path) const {
    const Var v = field(o, key, path);
    if (v.type() != typeid(Array::Ptr)) fail(join(path, key), "expected an array");
    return *v.extract<Array::Ptr>();
  }
  std::string text(const Object& o, const std::string& key, const std::string& path) const {
    const Var v = field(o, key, path);
    if (!v.isString()) fail(join(path, key), "expected a string");
    return v.extract<std::string>();
  }
  // "reasonMessage" (the message, to show in the reader's language later) when the file has
  // it; else the English "reason", shown as it is.
  i18n::Message reason(const Object& o, const std::string& path) const {
    if (o.has("reasonMessage")) return i18n::decodeMessage(text(o, "reasonMessage", path));
    return i18n::verbatim(text(o, "reason", path));
  }
  std::optional<std::string> optionalText(const Object& o, const std::string& key,
                                          const std::string& path) const {
    if (field(o, key, path).isEmpty()) return std::nullopt;
    return text(o, key, path);
  }
  std::int64_t integer(const Object& o, const std::string& key, const std::string& path) const {
    const Var v = field(o, key, path);
    if (!v.isInteger()) fail(join(path, key), "expected an integer");
    try {
      return v.convert<std::int64_t>();
    } catch (const Poco::Exception&) {
      fail(join(path, key), "integer out of range");
    }
  }
  std::size_t count(const Object& o, const std::string& key, const std::string& path) const {
    const std::int64_t n = integer(o, key, path);
    if (n < 0) fail(join(path, key), "expected a count, not " + std::to_string(n));
    return static_cast<std::size_t>(n);
  }
  bool flag(const Object& o, const std::string& key, const std::string& path) const {
    const Var v = field(o, key, path);
    if (!v.isBoolean()) fail(join(path, key), "expected true or false");
    return v.extract<bool>();
  }
  ItemKind kind(const Object& o, const std::string& key, const std::string& path) const {
    const std::string name = text(o, key, path);
    if (auto k = plan::itemKindFromString(name)) return *k;
    std::string kinds;
    for (int k = 0; k <= static_cast<int>(ItemKind::Enrol); ++k)
      kinds += std::string(kinds.empty() ? "" : ", ") + plan::toString(static_cast<ItemKind>(k));
    fail(join(path, key), "expected one of " + kinds + ", not \"" + name + "\"");
  }
  std::vector<std::string> strings(const Object& o, const std::string& key,
                                   const std::string& path) const {
    const Array& a = array(o, key, path);
    std::vector<std::string> out;
    for (std::size_t i = 0; i < a.size(); ++i) {
      const Var v = a.get(static_cast<unsigned>(i));
      if (!v.isString()) fail(index(join(path, key), i), "expected a string");
      out.push_back(v.extract<std::string>());
    }
    return out;
  }

  static std::string join(const std::string& path, const std::string& key) {
    return path.empty() ? key : path + "." + key;
  }
  static std::string index(const std::string& path, std::size_t i) {
    return path + "[" + std::to_string(i) + "]";
  }

 private:
  Var field(const Object& o, const std::string& key, const std::string& path) const {
    if (!o.has(key)) fail(join(path, key), "missing");
    return o.get(key);
  }
  std::string source_;
};

plan::FieldChange readChange(const Reader& r, const Var& v, const std::string& path) {
  const Object& o = r.object(v, path);
  return {r.text(o, "field", path), r.text(o, "before", path), r.text(o, "after", path)};
}

Item readItem(const Reader& r, const Var& v, const std::string& path) {
  const Object& o = r.object(v, path);
  Item i;
  i.kind = r.kind(o, "kind", path);
  i.key = r.text(o, "key", path);
  i.employeeId = r.text(o, "employeeId", path);
  i.account = r.text(o, "account", path);
  i.centerAccount = r.text(o, "centerAccount", path);
  i.globalId = r.text(o, "globalId", path);
  i.name = r.text(o, "name", path);
  i.department = r.text(o, "department", path);
  i.departmentId = r.optionalText(o, "departmentId", path);
  i.remark = r.optionalText(o, "remark", path);
  i.mobile = r.optionalText(o, "mobile", path);
  const Array& changes = r.array(o, "changes", path);
  for (std::size_t n = 0; n < changes.size(); ++n)
    i.changes.push_back(readChange(r, changes.get(static_cast<unsigned>(n)),
                                   Reader::index(Reader::join(path, "changes"), n)));
  i.assetsToWithdraw = r.strings(o, "assetsToWithdraw", path);
  if (r.hasV2()) {
    i.assetsToAdd = r.strings(o, "assetsToAdd", path);
    i.assetRules = r.strings(o, "assetRules", path);
    if (i.assetRules.size() != i.assetsToAdd.size())
      r.fail(Reader::join(path, "assetRules"), "expected one rule per asset of assetsToAdd");
    i.rule = r.text(o, "rule", path);
    i.lockNumber = r.text(o, "lockNumber", path);
    i.assetIds = r.strings(o, "assetIds", path);
    i.activityLabel = r.text(o, "activityLabel", path);
    i.source = r.text(o, "source", path);
    i.branch = r.text(o, "branch", path);
    i.identity = r.text(o, "identity", path);
  }
  i.heldKind = r.kind(o, "heldKind", path);
  i.destructive = r.flag(o, "destructive", path);
  i.heldByGuard = r.flag(o, "heldByGuard", path);
  i.reason = r.reason(o, path);
  i.inputHash = r.text(o, "inputHash", path);
  i.line = static_cast<int>(r.integer(o, "line", path));
  if (r.hasV4()) {
    i.revertsRun = r.integer(o, "revertsRun", path);
    i.endsDeparture = r.flag(o, "endsDeparture", path);
  }
  return i;
}

plan::StateChanges readStateChanges(const Reader& r, const Object& o, const std::string& path) {
  plan::StateChanges sc;
  const Array& absences = r.array(o, "absences", path);
  for (std::size_t n = 0; n < absences.size(); ++n) {
    const std::string at = Reader::index(Reader::join(path, "absences"), n);
    const Object& a = r.object(absences.get(static_cast<unsigned>(n)), at);
    state::Absence x{r.text(a, "employeeId", at),
                     static_cast<int>(r.integer(a, "distinctExports", at)),
                     r.text(a, "lastExportHash", at), r.integer(a, "since", at), std::nullopt};
    if (!a.isNull("withdrawnAt")) x.withdrawnAt = r.integer(a, "withdrawnAt", at);
    sc.absences.push_back(std::move(x));
  }
  sc.clearedAbsences = r.strings(o, "clearedAbsences", path);
  const Array& links = r.array(o, "links", path);
  for (std::size_t n = 0; n < links.size(); ++n) {
    const std::string at = Reader::index(Reader::join(path, "links"), n);
    const Object& l = r.object(links.get(static_cast<unsigned>(n)), at);
    sc.links.push_back({r.text(l, "employeeId", at), r.text(l, "account", at),
                        r.text(l, "globalId", at), r.flag(l, "createdByUs", at),
                        r.integer(l, "linkedAt", at)});
  }
  sc.droppedLinks = r.strings(o, "droppedLinks", path);
  if (r.hasV2()) {
    sc.endedLendings = r.strings(o, "endedLendings", path);
    sc.droppedOwnedAssets = r.strings(o, "droppedOwnedAssets", path);
  }
  if (r.hasV4()) sc.liftedReverts = r.strings(o, "liftedReverts", path);
  return sc;
}

plan::Counts readCounts(const Reader& r, const Object& o) {
  plan::Counts c;
  c.add = r.count(o, "add", "counts");
  c.edit = r.count(o, "edit", "counts");
  c.adopt = r.count(o, "adopt", "counts");
  c.withdraw = r.count(o, "withdraw", "counts");
  c.del = r.count(o, "delete", "counts");
  c.orphan = r.count(o, "orphan", "counts");
  c.held = r.count(o, "held", "counts");
  c.rename = r.count(o, "rename", "counts");
  c.problem = r.count(o, "problem", "counts");
  if (r.hasV2()) {
    c.assign = r.count(o, "assign", "counts");
    c.lend = r.count(o, "lend", "counts");
    c.enrol = r.count(o, "enrol", "counts");
  }
  return c;
}

bool sameCounts(const plan::Counts& a, const plan::Counts& b) {
  return a.add == b.add && a.edit == b.edit && a.adopt == b.adopt && a.withdraw == b.withdraw &&
         a.del == b.del && a.orphan == b.orphan && a.held == b.held && a.rename == b.rename &&
         a.problem == b.problem && a.assign == b.assign && a.lend == b.lend && a.enrol == b.enrol;
}

plan::Guard readGuard(const Reader& r, const Object& o) {
  plan::Guard g;
  g.tripped = r.flag(o, "tripped", "guard");
  g.reason = r.reason(o, "guard");
  g.destructive = r.count(o, "destructive", "guard");
  g.allowed = r.count(o, "allowed", "guard");
  g.shortExport = r.flag(o, "shortExport", "guard");
  return g;
}

plan::EditGuard readEditGuard(const Reader& r, const Object& o) {
  plan::EditGuard g;
  g.tripped = r.flag(o, "tripped", "editGuard");
  g.reason = r.reason(o, "editGuard");
  g.edits = r.count(o, "edits", "editGuard");
  g.allowed = r.count(o, "allowed", "editGuard");
  return g;
}

Var parse(const Reader& r, const std::string& text) {
  try {
    Poco::JSON::Parser parser;
    return parser.parse(text);
  } catch (const Poco::Exception& e) {
    r.fail("", "not a JSON plan file (" + e.displayText() + ")");
  }
}

}  // namespace

Object::Ptr json::planObject(const plan::Plan& p) {
  Object::Ptr o = newObject();
  o->set("format", kFormat);
  o->set("version", kVersion);
  o->set("exportHash", p.exportHash);
  o->set("exportRows", p.exportRows);
  o->set("policyHash", p.policyHash);
  o->set("membersFingerprint", p.membersFingerprint);
  o->set("entitlementsFingerprint", p.entitlementsFingerprint);
  o->set("computedAt", p.computedAt);
  o->set("revertsRun", p.revertsRun);
  o->set("guard", guardJson(p.guard));
  o->set("editGuard", editGuardJson(p.editGuard));
  o->set("counts", countsJson(p.counts));
  o->set("stateChanges", stateChangesJson(p.stateChanges));
  Array::Ptr items = new Array;
  for (const Item& i : p.items) items->add(itemJson(i));
  o->set("items", items);
  return o;
}

std::string planToJson(const plan::Plan& p) {
  std::ostringstream os;
  json::planObject(p)->stringify(os, 2);
  return os.str();  // no trailing newline: callers end the line
}

plan::Plan planFromJson(const std::string& text, const std::string& source) {
  Reader r(source);
  const Var root = parse(r, text);  // owns the objects the reads below refer to
  const Object& o = r.object(root, "");
  if (!o.has("format") || o.get("format").toString() != kFormat)
    r.fail("format",
           "not a membersync plan (expected \"format\": \"" + std::string(kFormat) + "\")");
  const std::int64_t version = r.integer(o, "version", "");
  if (version < kOldestVersion || version > kVersion)
    r.fail("version", "this membersync reads plan versions " + std::to_string(kOldestVersion) +
                          " to " + std::to_string(kVersion) + ", not " + std::to_string(version) +
                          "; make the plan again with this version");
  r.version = static_cast<int>(version);
  plan::Plan p;
  p.exportHash = r.text(o, "exportHash", "");
  p.exportRows = r.integer(o, "exportRows", "");
  p.policyHash = r.text(o, "policyHash", "");
  p.membersFingerprint = r.text(o, "membersFingerprint", "");
  if (r.hasV2()) p.entitlementsFingerprint = r.text(o, "entitlementsFingerprint", "");
  p.computedAt = r.integer(o, "computedAt", "");
  if (r.hasV4()) p.revertsRun = r.integer(o, "revertsRun", "");
  p.guard = readGuard(r, r.object(o.get("guard"), "guard"));
  if (r.hasV3()) p.editGuard = readEditGuard(r, r.object(o.get("editGuard"), "editGuard"));
  const Array& items = r.array(o, "items", "");
  for (std::size_t n = 0; n < items.size(); ++n)
    p.items.push_back(readItem(r, items.get(static_cast<unsigned>(n)), Reader::index("items", n)));
  p.stateChanges =
      readStateChanges(r, r.object(o.get("stateChanges"), "stateChanges"), "stateChanges");
  p.counts = readCounts(r, r.object(o.get("counts"), "counts"));
  if (!sameCounts(p.counts, plan::countsOf(p.items)))
    r.fail("counts", "do not match the items (was the file edited?); make the plan again");
  p.counts = plan::countsOf(p.items);  // with what the file does not keep (Counts::withdrawals)
  return p;
}

}  // namespace membersync::report
