// B1: POST /activity/services/activity. Enrols an identity in an activity and grants the
// products of every unit it may still claim.
#include <algorithm>

#include "tests/emulator/endpoints.h"
#include "tests/emulator/envelope.h"
#include "tests/emulator/json_support.h"
#include "tests/emulator/text_rules.h"

namespace membersync::emulator {
namespace {

constexpr int kClaimLimitExceeded = 14005;
constexpr std::int64_t kDayMs = 24LL * 3600 * 1000;

// A required string field: present, a string, not empty.
std::optional<std::string> required(const Poco::JSON::Object::Ptr& body, const char* key) {
  JsonField f = field(body, key);
  if (!f.isString() || f.string().empty()) return std::nullopt;
  return f.string();
}

// A member's full userName, a lock number of the enterprise, a mobile number or an e-mail.
bool knownParticipant(Service& svc, const std::string& identity) {
  if (svc.state.liveMemberByUserName(identity) != nullptr) return true;
  const auto& locks = svc.state.locks();
  if (std::any_of(locks.begin(), locks.end(),
                  [&](const Lock& l) { return equalsIgnoreCase(l.assetNum, identity); })) {
    return true;
  }
  return isMobileIdentity(identity) || isEmailIdentity(identity);
}

bool listed(const std::vector<std::string>& list, const std::string& value) {
  return std::find(list.begin(), list.end(), value) != list.end();
}

Reply notEligible(const Activity& activity) {
  Poco::JSON::Array::Ptr units = new Poco::JSON::Array;
  for (const ActivityUnit& u : activity.units) {
    auto o = newObject();
    o->set("id", u.id);
    o->set("name", u.name);
    o->set("participateResult", false);
    o->set("errorCode", kClaimLimitExceeded);
    o->set("errorMessage",
           "personal claim count exceeded (at most " + std::to_string(u.claimLimit) + ")");
    units->add(o);
  }
  auto entry = newObject();
  entry->set("id", activity.id);
  entry->set("name", activity.name);
  entry->set("participateResult", false);
  entry->set("engineSubActivityDtos", units);
  Poco::JSON::Array::Ptr list = new Poco::JSON::Array;
  list->add(entry);
  auto root = newObject();
  root->set("resultCode", "3002");
  root->set("resultMessage", "the participant does not meet the claim conditions");
  root->set("activityDtoList", list);
  return jsonReply(200, "OK", toJson(root), "3002");
}

}  // namespace

Reply joinActivity(Service& svc, const Request& req) {
  auto body = hasJsonContentType(req) ? parseObject(req.body) : nullptr;
  if (!body) return activityResult("1001", kNeedsJson);
  auto identity = required(body, "identity");
  auto label = required(body, "activityLabel");
  auto source = required(body, "source");
  if (!identity) return activityResult("1001", "identity is required");
  if (!label) return activityResult("1001", "activityLabel is required");
  if (!source) return activityResult("1001", "source is required");
  JsonField branchField = field(body, "branch");
  if (!branchField.absentOrNull() && !branchField.isString()) {
    return activityResult("1001", "branch must be a string");
  }
  const std::string branch = branchField.isString() ? branchField.string() : std::string();
  // extParams ({"mode":"sync"} and the like) is accepted; every claim here is synchronous anyway.
  JsonField ext = field(body, "extParams");
  if (!ext.absentOrNull() && !ext.object())
    return activityResult("1001", "extParams must be an object");

  const Activity* activity = svc.activity(*label);
  if (activity == nullptr)
    return activityResult("3001", "activity '" + *label + "' does not exist");
  if (!knownParticipant(svc, *identity)) {
    return activityResult("1004", "identity '" + *identity + "' is not a known participant");
  }
  if (listed(activity->blockedSources, *source)) {
    return activityResult("2001", "source '" + *source + "' is filtered out by the activity");
  }
  if (!branch.empty() && listed(activity->blockedBranches, branch)) {
    return activityResult("2001", "branch '" + branch + "' is filtered out by the activity");
  }

  auto& claimed = svc.state.claims()[activity->label][toLowerAscii(*identity)];
  std::vector<const ActivityUnit*> open;
  for (const ActivityUnit& u : activity->units) {
    if (claimed[u.id] < u.claimLimit) open.push_back(&u);
  }
  if (open.empty()) return notEligible(*activity);

  const std::int64_t now = svc.nowMs();
  Poco::JSON::Array::Ptr products = new Poco::JSON::Array;
  for (const ActivityUnit* u : open) {
    ++claimed[u->id];
    for (const ActivityProduct& p : u->products) {
      auto o = newObject();
      o->set("activityId", activity->id);
      o->set("subActivityId", u->id);
      o->set("productUri", p.productUri);
      o->set("limitStartDate", formatUtcDateTime(now));
      o->set("limitEndDate", formatUtcDateTime(now + p.validDays * kDayMs));
      o->set("activateType", p.activateType);
      products->add(o);
    }
  }
  auto detail = newObject();
  detail->set("products", products);
  auto root = newObject();
  root->set("resultCode", "0000");
  root->set("resultMessage", "success");
  root->set("detail", detail);
  Reply reply = jsonReply(200, "OK", toJson(root), "0000");
  reply.committed = true;
  return reply;
}

}  // namespace membersync::emulator
