// GET /_emulator/state and GET /_emulator/stats: what tests and people read to see the effect
// of calls without going through the service's own (narrower) answers.
#include "tests/emulator/endpoints.h"
#include "tests/emulator/envelope.h"
#include "tests/emulator/json_support.h"
#include "tests/emulator/member_json.h"

namespace membersync::emulator {
namespace {

using Poco::Dynamic::Var;
using Poco::JSON::Array;

Var orNull(const std::string& s) {
  return s.empty() ? Var() : Var(s);
}

Poco::JSON::Object::Ptr enterpriseJson(const Enterprise& e) {
  auto o = newObject();
  o->set("globalId", e.globalId);
  o->set("id", e.id);
  o->set("code", e.code);
  o->set("accountSuffix", e.accountSuffix);
  o->set("customerId", e.customerId);
  o->set("customerBound", e.customerBound);
  o->set("departmentsRequired", e.departmentsRequired);
  o->set("trialMemberLimit", e.trialMemberLimit);
  o->set("listDeletedMembers", e.listDeletedMembers);
  return o;
}

Array::Ptr claimsJson(const Service& svc) {
  Array::Ptr out = new Array;
  for (const Activity& a : svc.fixture.activities) {
    auto act = newObject();
    act->set("label", a.label);
    act->set("id", a.id);
    auto byIdentity = newObject();
    auto found = svc.state.claims().find(a.label);
    if (found != svc.state.claims().end()) {
      for (const auto& [identity, units] : found->second) {
        auto perUnit = newObject();
        for (const auto& [unit, count] : units) perUnit->set(unit, count);
        byIdentity->set(identity, perUnit);
      }
    }
    act->set("claims", byIdentity);
    out->add(act);
  }
  return out;
}

}  // namespace

Reply stateSnapshot(const Service& svc) {
  const State& st = svc.state;
  auto root = newObject();
  root->set("enterprise", enterpriseJson(st.enterprise()));
  Array::Ptr departments = new Array;
  for (const Department& d : st.departments()) {
    auto o = newObject();
    o->set("id", d.id);
    o->set("name", d.name);
    departments->add(o);
  }
  root->set("departments", departments);
  Array::Ptr members = new Array;
  for (const Member& m : st.members()) members->add(memberInspection(st, m));
  root->set("members", members);
  Array::Ptr assets = new Array;
  for (const Asset& a : st.assets()) {
    auto o = newObject();
    o->set("assetNum", a.assetNum);
    o->set("assetId", a.assetId);
    o->set("customerId", a.customerId);
    o->set("cloudAccountGlobalId", orNull(a.holderGlobalId));
    o->set("borrowedFlag", !a.lentIn.empty());
    o->set("lentIn", orNull(a.lentIn));
    o->set("onlineFlag", a.onlineFlag);
    assets->add(o);
  }
  root->set("assets", assets);
  Array::Ptr locks = new Array;
  for (const Lock& l : st.locks()) {
    auto o = newObject();
    o->set("assetNum", l.assetNum);
    o->set("assetId", l.assetId);
    o->set("abnormal", l.abnormal);
    o->set("nodeLimit", l.nodeLimit);
    o->set("borrowedFlag", !l.lentToGlobalId.empty());
    o->set("cloudAccountGlobalId", orNull(l.lentToGlobalId));
    locks->add(o);
  }
  root->set("locks", locks);
  root->set("activities", claimsJson(svc));
  root->set("seenNonces", static_cast<std::int64_t>(st.seenNonces()));
  return jsonReply(200, "OK", toJson(root), "");
}

Reply statsSnapshot(const Service& svc) {
  auto endpoints = newObject();
  for (const auto& [name, e] : svc.stats.endpoints()) {
    auto o = newObject();
    o->set("calls", e.calls);
    auto outcomes = newObject();
    for (const auto& [outcome, n] : e.outcomes) outcomes->set(outcome, n);
    o->set("outcomes", outcomes);
    endpoints->set(name, o);
  }
  auto totals = newObject();
  totals->set("calls", svc.stats.totalCalls());
  totals->set("reads", svc.stats.reads());
  totals->set("writes", svc.stats.writes());
  const Stats::Streamed& st = svc.stats.streamed();
  auto streamed = newObject();
  streamed->set("answers", st.answers);
  streamed->set("finished", st.finished);
  streamed->set("cutShort", st.cutShort);
  streamed->set("bytes", st.bytes);
  auto root = newObject();
  root->set("endpoints", endpoints);
  root->set("totals", totals);
  root->set("streamed", streamed);
  return jsonReply(200, "OK", toJson(root), "");
}

}  // namespace membersync::emulator
