// A9 configure a member's assets, A10 lend a member's assets into a borrowed lock. Both check
// everything before changing anything, so a refused call leaves no trace.
#include <algorithm>
#include <set>

#include "tests/emulator/endpoints.h"
#include "tests/emulator/envelope.h"
#include "tests/emulator/json_support.h"

namespace membersync::emulator {
namespace {

// An array of strings from the body; nullopt when absent, not an array, or holding a non-string.
std::optional<std::vector<std::string>> stringArray(const Poco::JSON::Object::Ptr& body,
                                                    const char* key) {
  Poco::JSON::Array::Ptr arr = field(body, key).array();
  if (!arr) return std::nullopt;
  std::vector<std::string> out;
  for (std::size_t i = 0; i < arr->size(); ++i) {
    Poco::Dynamic::Var v = arr->get(static_cast<unsigned>(i));
    if (!v.isString()) return std::nullopt;
    out.push_back(v.extract<std::string>());
  }
  return out;
}

Member* liveMember(Service& svc, const Route& route) {
  Member* m = svc.state.memberByGlobalId(route.memberGlobalId);
  return (m == nullptr || m->deleted) ? nullptr : m;
}

Reply committed(Reply r) {
  r.committed = true;
  return r;
}

}  // namespace

Reply configureAssets(Service& svc, const Request& req, const Route& route) {
  if (!hasJsonContentType(req)) return memberCenterError("40000", kNeedsJson);
  auto body = parseObject(req.body);
  auto withdraw = stringArray(body, "deleteAssets");
  auto assign = stringArray(body, "addAssets");
  if (!withdraw || !assign) {
    return memberCenterError("40000", "deleteAssets and addAssets are required arrays of strings");
  }
  Member* member = liveMember(svc, route);
  if (member == nullptr) {
    return memberCenterError("60026", "no employee matches member " + route.memberGlobalId);
  }
  if (member->duplicateEmployee) {
    return memberCenterError("60023",
                             "member " + route.memberGlobalId + " matches several employees");
  }

  const Enterprise& e = svc.state.enterprise();
  std::set<std::string> seen;
  auto check = [&](const std::string& num) -> std::optional<Reply> {
    const Asset* a = svc.state.assetByNum(num);
    if (a == nullptr) return memberCenterError("60024", "asset number " + num + " not found");
    if (a->customerId != e.customerId) {
      return memberCenterError("60025",
                               "asset number " + num + " belongs to customer " + a->customerId);
    }
    if (!seen.insert(num).second) {
      return memberCenterError("60028", "asset number " + num + " appears twice in the request");
    }
    return std::nullopt;
  };
  for (const std::string& num : *withdraw) {
    if (auto refusal = check(num)) return *refusal;
  }
  for (const std::string& num : *assign) {
    if (auto refusal = check(num)) return *refusal;
    const Asset* a = svc.state.assetByNum(num);
    if (!a->holderGlobalId.empty() && a->holderGlobalId != member->globalId) {
      return memberCenterError("60028", "asset number " + num + " is assigned to another member");
    }
  }

  // Withdrawing an asset the member does not hold changes nothing. A withdrawn asset also
  // leaves the lock it was lent into.
  for (const std::string& num : *withdraw) {
    Asset* a = svc.state.assetByNum(num);
    if (a->holderGlobalId != member->globalId) continue;
    svc.state.setHolder(*a, "");
    a->lentIn.clear();
  }
  for (const std::string& num : *assign)
    svc.state.setHolder(*svc.state.assetByNum(num), member->globalId);
  return committed(memberCenterSuccess());
}

Reply lendAssets(Service& svc, const Request& req, const Route& route) {
  if (!hasJsonContentType(req)) return memberCenterError("40000", kNeedsJson);
  auto body = parseObject(req.body);
  JsonField key = field(body, "borrowedUsbKey");
  auto ids = stringArray(body, "assetIDs");
  if (!key.isString() || key.string().empty() || !ids || ids->empty()) {
    return memberCenterError("40000", "borrowedUsbKey and a non-empty assetIDs are required");
  }
  Member* member = liveMember(svc, route);
  if (member == nullptr) {
    return memberCenterError("60026", "no employee matches member " + route.memberGlobalId);
  }
  Lock* lock = svc.state.lockByNum(key.string());
  if (lock == nullptr) return memberCenterError("33009", "no borrowed lock " + key.string());
  if (lock->abnormal)
    return memberCenterError("33008", "borrowed lock " + lock->assetNum + " is abnormal");
  if (!lock->lentToGlobalId.empty() && lock->lentToGlobalId != member->globalId) {
    return memberCenterError("33018",
                             "borrowed lock " + lock->assetNum + " is lent to another member");
  }

  std::vector<Asset*> assets;
  for (const std::string& id : *ids) {
    Asset* a = svc.state.assetById(id);
    if (a == nullptr || a->holderGlobalId != member->globalId) {
      return memberCenterError("33003", "member does not hold asset " + id);
    }
    if (!a->lentIn.empty() && a->lentIn != lock->assetNum) {
      return memberCenterError("33007", "asset " + id + " is lent to lock " + a->lentIn);
    }
    if (std::find(assets.begin(), assets.end(), a) == assets.end()) assets.push_back(a);
  }
  if (lock->nodeLimit > 0) {
    const auto& all = svc.state.assets();
    auto already = std::count_if(all.begin(), all.end(),
                                 [&](const Asset& a) { return a.lentIn == lock->assetNum; });
    auto added = std::count_if(assets.begin(), assets.end(),
                               [&](const Asset* a) { return a->lentIn != lock->assetNum; });
    if (already + added > lock->nodeLimit) {
      return memberCenterError("33006", "lock " + lock->assetNum + " has " +
                                            std::to_string(lock->nodeLimit) + " node(s)");
    }
  }

  for (Asset* a : assets) a->lentIn = lock->assetNum;
  lock->lentToGlobalId = member->globalId;
  member->borrowNum = lock->assetNum;
  return committed(memberCenterSuccess());
}

}  // namespace membersync::emulator
