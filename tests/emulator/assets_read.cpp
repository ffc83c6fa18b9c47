// A6 asset numbers, A7 products under an asset, A8 borrowed locks. All three answer 60017 while
// the fixture's enterprise is not bound to an authorized customer.

#include <optional>

#include "tests/emulator/endpoints.h"
#include "tests/emulator/envelope.h"
#include "tests/emulator/json_support.h"

namespace membersync::emulator {
namespace {

using Poco::Dynamic::Var;

std::optional<Reply> unbound(const Service& svc) {
  if (svc.state.enterprise().customerBound) return std::nullopt;
  return memberCenterError("60017", "enterprise " + svc.state.enterprise().globalId +
                                        " is not bound to an authorized customer");
}

Var orNull(const std::string& s) {
  return s.empty() ? Var() : Var(s);
}

}  // namespace

Reply listAssets(Service& svc) {
  if (auto refusal = unbound(svc)) return *refusal;
  Poco::JSON::Array::Ptr out = new Poco::JSON::Array;
  if (svc.emptyLists) return memberCenterSuccess(toJson(out));
  for (const Asset& a : svc.state.assets()) {
    auto o = newObject();
    o->set("assetNum", a.assetNum);
    o->set("assetId", a.assetId);
    o->set("cloudAccountGlobalId", orNull(a.holderGlobalId));
    o->set("borrowedFlag", !a.lentIn.empty());
    o->set("onlineFlag", a.onlineFlag);
    out->add(o);
  }
  return memberCenterSuccess(toJson(out));
}

Reply listProducts(Service& svc, const Route& route) {
  if (auto refusal = unbound(svc)) return *refusal;
  const Asset* asset = svc.state.assetById(route.assetId);
  if (asset == nullptr) return memberCenterError("60024", "no asset with id " + route.assetId);
  // The tree was filled in and checked when the fixture was loaded.
  return memberCenterSuccess(asset->productsJson);
}

Reply listLocks(Service& svc) {
  if (auto refusal = unbound(svc)) return *refusal;
  Poco::JSON::Array::Ptr out = new Poco::JSON::Array;
  if (svc.emptyLists) return memberCenterSuccess(toJson(out));
  for (const Lock& l : svc.state.locks()) {
    auto o = newObject();
    o->set("assetId", l.assetId);
    o->set("assetNum", l.assetNum);
    o->set("borrowedFlag", !l.lentToGlobalId.empty());
    o->set("cloudAccountGlobalId", orNull(l.lentToGlobalId));
    out->add(o);
  }
  return memberCenterSuccess(toJson(out));
}

}  // namespace membersync::emulator
