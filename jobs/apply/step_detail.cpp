#include "jobs/apply/step_detail.h"

#include <Poco/Exception.h>
#include <Poco/JSON/Array.h>
#include <Poco/JSON/Object.h>
#include <Poco/JSON/Parser.h>

#include <sstream>

#include "jobs/core/text.h"

namespace membersync::apply {
namespace {

void putText(Poco::JSON::Object& o, const char* key, const std::string& value) {
  if (!value.empty()) o.set(key, value);
}

void putList(Poco::JSON::Object& o, const char* key, const std::vector<std::string>& values) {
  if (values.empty()) return;
  Poco::JSON::Array array;
  for (const auto& v : values) array.add(v);
  o.set(key, array);
}

std::string text(const Poco::JSON::Object& o, const char* key) {
  return o.has(key) && o.get(key).isString() ? o.getValue<std::string>(key) : std::string();
}

std::vector<std::string> list(const Poco::JSON::Object& o, const char* key) {
  std::vector<std::string> out;
  auto array = o.getArray(key);
  if (!array) return out;
  for (std::size_t i = 0; i < array->size(); ++i) {
    if (array->get(i).isString()) out.push_back(array->getElement<std::string>(i));
  }
  return out;
}

void putChanges(Poco::JSON::Object& o, const std::vector<StepDetail::Change>& changes) {
  if (changes.empty()) return;
  Poco::JSON::Array array;
  for (const auto& c : changes) {
    Poco::JSON::Object change(Poco::JSON_PRESERVE_KEY_ORDER);
    change.set("field", c.field);
    change.set("before", c.before);
    change.set("after", c.after);
    array.add(change);
  }
  o.set("changes", array);
}

std::vector<StepDetail::Change> changesOf(const Poco::JSON::Object& o) {
  std::vector<StepDetail::Change> out;
  auto array = o.getArray("changes");
  if (!array) return out;
  for (std::size_t i = 0; i < array->size(); ++i) {
    auto change = array->getObject(static_cast<unsigned>(i));
    if (change) out.push_back({text(*change, "field"), text(*change, "before"), text(*change, "after")});
  }
  return out;
}

}  // namespace

std::string encodeDetail(const StepDetail& d) {
  Poco::JSON::Object o(Poco::JSON_PRESERVE_KEY_ORDER);
  putText(o, "reason", d.reason);
  putChanges(o, d.changes);
  putText(o, "rule", d.rule);
  putList(o, "add", d.add);
  putList(o, "addRules", d.addRules);
  putList(o, "withdraw", d.withdraw);
  putList(o, "withdrawRules", d.withdrawRules);
  putText(o, "lock", d.lock);
  putList(o, "assetIds", d.assetIds);
  putText(o, "activityLabel", d.activityLabel);
  putText(o, "identity", d.identity);
  putText(o, "inputHash", d.inputHash);
  std::ostringstream out;
  o.stringify(out);
  return out.str();
}

std::optional<StepDetail> decodeDetail(const std::string& text_) {
  if (text_.empty() || text_.front() != '{') return std::nullopt;
  try {
    Poco::JSON::Parser parser;
    auto parsed = parser.parse(text_);
    auto o = parsed.extract<Poco::JSON::Object::Ptr>();
    if (!o) return std::nullopt;
    StepDetail d;
    d.reason = text(*o, "reason");
    d.changes = changesOf(*o);
    d.rule = text(*o, "rule");
    d.add = list(*o, "add");
    d.addRules = list(*o, "addRules");
    d.withdraw = list(*o, "withdraw");
    d.withdrawRules = list(*o, "withdrawRules");
    d.lock = text(*o, "lock");
    d.assetIds = list(*o, "assetIds");
    d.activityLabel = text(*o, "activityLabel");
    d.identity = text(*o, "identity");
    d.inputHash = text(*o, "inputHash");
    return d;
  } catch (const Poco::Exception&) {
    return std::nullopt;
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

std::vector<std::string> ownerRules(const state::Snapshot& snapshot,
                                    const std::vector<std::string>& assetNums) {
  std::vector<std::string> rules;
  for (const auto& asset : assetNums) {
    auto it = snapshot.ownedAssets.find(asset);
    rules.push_back(it == snapshot.ownedAssets.end() ? plan::kNotOwnedRule : it->second.rule);
  }
  return rules;
}

std::vector<std::string> describeGrantedProducts(const std::string& productsJson) {
  std::vector<std::string> lines;
  try {
    Poco::JSON::Parser parser;
    auto array = parser.parse(productsJson).extract<Poco::JSON::Array::Ptr>();
    for (std::size_t i = 0; array && i < array->size(); ++i) {
      auto o = array->getObject(static_cast<unsigned>(i));
      if (!o) continue;
      std::string line = text(*o, "productUri");
      const std::string from = text(*o, "limitStartDate"), to = text(*o, "limitEndDate");
      if (!from.empty() || !to.empty()) {
        line += ", valid " + (from.empty() ? std::string("?") : from) + " to " +
                (to.empty() ? std::string("?") : to);
      }
      const std::string activate = text(*o, "activateType");
      if (activate == "0") line += ", activated at claim";
      if (activate == "1") line += ", to be activated separately";
      lines.push_back(line);
    }
  } catch (const std::exception&) {
    lines = {productsJson};
  }
  return lines;
}

// What a landed A9 means for the state: the added assets are membersync's (under the rule that
// granted each), the withdrawn ones no longer are. Also used when settling a step in doubt.
void recordAssets(state::StateStore& store, const std::string& globalId, const StepDetail& d) {
  store.transaction([&] {
    for (const auto& assetNum : d.withdraw) store.dropOwnedAsset(assetNum);
    for (std::size_t i = 0; i < d.add.size(); ++i) {
      const std::string& rule =
          i < d.addRules.size() && !d.addRules[i].empty() ? d.addRules[i] : d.rule;
      if (rule == plan::kNotOwnedRule) continue;  // a revert put back an asset it did not own
      store.saveOwnedAsset({d.add[i], globalId, rule, 0});
    }
  });
}

std::string describeDetail(const StepDetail& d) {
  std::vector<std::string> parts;
  for (const auto& c : d.changes)
    parts.push_back(plan::fieldLabel(c.field) + " \"" + c.before + "\" -> \"" + c.after + "\"");
  std::string assets;
  for (const auto& a : d.add) assets += " +" + a;
  for (const auto& a : d.withdraw) assets += " -" + a;
  if (!assets.empty()) parts.push_back("assets" + assets);
  if (!d.lock.empty()) parts.push_back("lock " + d.lock);
  if (!d.activityLabel.empty()) parts.push_back("activity " + d.activityLabel);
  if (parts.empty()) return d.reason;
  return joinedText(parts, "; ");
}

}  // namespace membersync::apply
