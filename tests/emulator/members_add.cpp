// A1: POST /me/api/v1/enterprise/{enterpriseGlobalId}/member. Whole-request refusals first (the
// first offending item decides and nothing is created; with --validation per-item or
// per-item-message such an item fails alone instead), then each item on its own: accounts that
// exist or repeat, and unknown departments, fail alone and the answer is 60027.
#include <optional>
#include <set>

#include "tests/emulator/endpoints.h"
#include "tests/emulator/envelope.h"
#include "tests/emulator/json_support.h"
#include "tests/emulator/member_json.h"
#include "tests/emulator/password_digest.h"
#include "tests/emulator/text_rules.h"

namespace membersync::emulator {
namespace {

constexpr std::size_t kMaxMembersPerCall = 100;

struct NewMember {
  std::string account;
  std::string password;
  std::string name;
  std::optional<std::int64_t> departmentId;
  std::optional<std::string> remark;
  std::optional<std::string> passwordMobile;
};

// A refusal of the whole request (with what --validation per-item and per-item-message put in
// the row's 60027 entry instead), or the item read from the request.
struct ItemCheck {
  std::optional<Reply> refusal;
  NewMember item;
  std::string code;
  std::string why;   // "<code> <detail>" of the refusal (per-item)
  std::string text;  // the spec's text, numbers filled in (per-item-message)
};

// Reads an optional string: absent or null -> nullopt; another type refuses the request.
bool readString(const Poco::JSON::Object::Ptr& obj, const char* key,
                std::optional<std::string>& out) {
  JsonField f = field(obj, key);
  if (f.absentOrNull()) return true;
  if (!f.isString()) return false;
  out = f.string();
  return true;
}

ItemCheck checkItem(const Service& svc, const Poco::JSON::Object::Ptr& obj, std::size_t index) {
  const std::string where = "userList[" + std::to_string(index) + "]";
  auto refuse = [&](const std::string& code, const std::string& what) {
    return ItemCheck{memberCenterError(code, where + ": " + what),
                     {},
                     code,
                     code + " " + what,
                     memberCenterMessage(code)};
  };
  if (!obj) return refuse("40000", "must be an object");

  std::optional<std::string> userName, password, name, remark, mobile;
  if (!readString(obj, "userName", userName) || !readString(obj, "password", password) ||
      !readString(obj, "name", name) || !readString(obj, "remark", remark) ||
      !readString(obj, "passwordMobile", mobile)) {
    return refuse("40000", "userName, password, name, remark and passwordMobile are strings");
  }
  JsonField dept = field(obj, "departmentId");
  std::optional<std::int64_t> departmentId;
  if (!dept.absentOrNull()) {
    departmentId = dept.integer();
    if (!departmentId) return refuse("40000", "departmentId must be an integer");
  }

  const Enterprise& e = svc.state.enterprise();
  if (e.departmentsRequired && !departmentId) return refuse("40009", "departmentId is required");
  if (!userName || userName->empty()) return refuse("40008", "userName is empty");
  if (!password || password->empty()) return refuse("40001", "password is empty");
  if (!name || name->empty()) return refuse("40022", "name is empty");
  if (!isValidPasswordLength(*password)) {
    return ItemCheck{memberCenterTemplatedError("50003", where + ": password length",
                                                {static_cast<std::int64_t>(kMinPasswordChars),
                                                 static_cast<std::int64_t>(kMaxPasswordChars)}),
                     {},
                     "50003",
                     "50003 password length",
                     "password length must lie between " + std::to_string(kMinPasswordChars) +
                         " and " + std::to_string(kMaxPasswordChars)};
  }
  if (codePointCount(*name) > kMaxNameChars) return refuse("30002", "name exceeds 30 characters");
  if (remark && codePointCount(*remark) > kMaxRemarkChars) {
    return refuse("30003", "remark exceeds 200 characters");
  }
  if (checkAccount(*userName, svc.expandedSuffix()) != AccountCheck::kOk) {
    return refuse("10003", "userName '" + *userName +
                               "' must be letters and digits, under 63 characters with the suffix");
  }
  if (mobile && !mobile->empty() && !isValidPasswordMobile(*mobile)) {
    return refuse("10004", "passwordMobile '" + *mobile + "' is not a mobile number");
  }
  // An empty remark or phone is stored as none.
  if (remark && remark->empty()) remark.reset();
  if (mobile && mobile->empty()) mobile.reset();
  ItemCheck valid;
  valid.item = NewMember{*userName, *password, *name, departmentId, remark, mobile};
  return valid;
}

Poco::JSON::Object::Ptr failure(const std::string& account, const std::string& message,
                                const std::string& code = "") {
  auto o = newObject();
  o->set("userName", account);
  o->set("message", message);
  if (!code.empty()) o->set("code", code);
  return o;
}

// A row refused by validation, as --validation per-item or per-item-message lists it in 60027.
Poco::JSON::Object::Ptr validationFailure(const Service& svc, const std::string& account,
                                          const ItemCheck& check) {
  if (svc.options.validation == ServiceOptions::Validation::PerItemMessage) {
    return failure(account, check.text);
  }
  return failure(account, check.why, check.code);
}

std::string userNameOf(const Poco::JSON::Object::Ptr& obj) {
  if (!obj) return "";
  JsonField f = field(obj, "userName");
  return f.isString() ? f.string() : "";
}

std::string uniqueGlobalId(Service& svc) {
  for (;;) {
    std::string id = svc.newGlobalId();
    if (svc.state.memberByGlobalId(id) == nullptr) return id;
  }
}

}  // namespace

Reply addMembers(Service& svc, const Request& req) {
  if (!hasJsonContentType(req)) return memberCenterError("40000", kNeedsJson);
  auto body = parseObject(req.body);
  Poco::JSON::Array::Ptr list = field(body, "userList").array();
  if (!list) return memberCenterError("40000", "userList is required and must be an array");
  if (list->size() == 0) return memberCenterError("40021", "userList is empty");
  if (list->size() > kMaxMembersPerCall) {
    return memberCenterError("60013", std::to_string(list->size()) + " members in one call");
  }
  if (svc.state.enterprise().code.empty()) {
    return memberCenterError("40006", "the enterprise has no code to append to accounts");
  }

  std::vector<NewMember> items;
  Poco::JSON::Array::Ptr failed = new Poco::JSON::Array;
  for (std::size_t i = 0; i < list->size(); ++i) {
    const auto obj = list->getObject(static_cast<unsigned>(i));
    ItemCheck check = checkItem(svc, obj, i);
    const bool perItem = svc.options.validation != ServiceOptions::Validation::Whole;
    if (check.refusal && !perItem) return *check.refusal;
    // --validation per-item(-message): the row fails alone, in the 60027 list, as some gateways
    // answer.
    if (check.refusal) failed->add(validationFailure(svc, userNameOf(obj), check));
    if (!check.refusal) items.push_back(std::move(check.item));
  }
  const int limit = svc.state.enterprise().trialMemberLimit;
  if (limit > 0 && svc.state.liveTrialMembers() + static_cast<int>(items.size()) > limit) {
    return memberCenterTemplatedError("60009",
                                      std::to_string(svc.state.liveTrialMembers()) +
                                          " trial members exist, " + std::to_string(items.size()) +
                                          " more requested",
                                      {limit});
  }

  const std::string suffix = svc.expandedSuffix();
  Poco::JSON::Array::Ptr succeeded = new Poco::JSON::Array;
  std::set<std::string> seen;  // lower-case full userNames of this request
  for (const NewMember& item : items) {
    const std::string userName = item.account + suffix;
    if (!seen.insert(toLowerAscii(userName)).second) {
      failed->add(failure(item.account, "account appears more than once in this request"));
    } else if (svc.state.liveMemberByUserName(userName) != nullptr) {
      failed->add(failure(item.account, "account already exists"));
    } else if (item.departmentId && svc.state.department(*item.departmentId) == nullptr) {
      failed->add(failure(item.account,
                          "department " + std::to_string(*item.departmentId) + " does not exist"));
    } else {
      Member m;
      m.globalId = uniqueGlobalId(svc);
      m.departmentId = item.departmentId;
      m.userName = userName;
      m.name = item.name;
      m.remark = item.remark;
      m.passwordMobile = item.passwordMobile;
      m.passwordSha256 = passwordDigest(item.password);
      m.trial = true;
      m.createTime = svc.state.nextCreateTime(svc.nowMs());
      m.updateTime = m.createTime;
      succeeded->add(memberRecord(svc.state, svc.state.addMember(std::move(m))));
    }
  }

  auto data = newObject();
  data->set("succeeded", succeeded);
  data->set("failed", failed);
  Reply reply = failed->size() == 0
                    ? memberCenterSuccess(toJson(data))
                    : memberCenterError("60027",
                                        std::to_string(failed->size()) + " of " +
                                            std::to_string(list->size()) + " members failed",
                                        toJson(data));
  reply.committed = succeeded->size() > 0;
  return reply;
}

}  // namespace membersync::emulator
