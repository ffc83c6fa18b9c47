#include "tests/emulator/envelope.h"

#include <map>
#include <sstream>

#include <Poco/JSON/Array.h>
#include <Poco/JSON/Object.h>

namespace membersync::emulator {
namespace {

using Poco::JSON::Object;

std::string reasonFor(int status) {
  switch (status) {
    case 200:
      return "OK";
    case 299:
      return "Business Exception";
    case 400:
      return "Bad Request";
    case 401:
      return "Unauthorized";
    case 404:
      return "Not Found";
    case 405:
      return "Method Not Allowed";
    default:
      return "Status";
  }
}

std::string stringify(const Object::Ptr& o) {
  std::ostringstream out;
  o->stringify(out);
  return out.str();
}

// The envelope `o` with "data" as its last key. The endpoints hand over what Poco's stringifier
// made of their data (or "null"), so it goes in as text: parsing and printing it again, under the
// emulator's one lock, cost more than the endpoint's own work (an A5 page of 100 members).
std::string withData(const Object::Ptr& o, const std::string& dataJson) {
  std::string text = stringify(o);
  text.pop_back();  // the closing brace
  return text + ",\"data\":" + dataJson + "}";
}

}  // namespace

std::string memberCenterMessage(const std::string& code) {
  static const std::map<std::string, std::string> messages = {
      {"60000", "application token invalid, expired, or lacks the permission"},
      {"60005", "user login token invalid or expired"},
      {"70001", "security verification failed"},
      {"500", "network exception, retry"},
      {"80001", "user center returned an exception"},
      {"40000", "a required parameter is empty"},
      {"40021", "employee list empty"},
      {"60013", "uploaded count exceeds the maximum of 100"},
      {"40008", "account name empty"},
      {"40001", "password empty"},
      {"40009", "group id empty"},
      {"40022", "person name empty"},
      {"50003", "password length must lie between {0} and {1}"},
      {"30002", "name too long"},
      {"30003", "remark too long"},
      {"10003", "account may contain letters and digits only"},
      {"10004", "phone number invalid"},
      {"40006", "enterprise suffix empty"},
      {"60009", "the enterprise account may create at most {0} trial member accounts"},
      {"60027", "some members failed to be added"},
      {"60002", "user not found"},
      {"60017", "current account not bound to an authorized customer"},
      {"60024", "asset number not found"},
      {"60023", "the enterprise sub-account matched several employees"},
      {"60025", "asset number belongs to a wrong customer"},
      {"60026", "the enterprise sub-account did not match an employee"},
      {"60028", "asset number configured twice"},
      {"33006", "not enough nodes"},
      {"33003", "employee permission insufficient"},
      {"33007", "already lent to another lock"},
      {"33008", "borrowed lock state abnormal"},
      {"33018", "borrowed lock already lent to another employee"},
      {"33009", "lending request failed"},
  };
  auto it = messages.find(code);
  return it == messages.end() ? std::string() : it->second;
}

Reply memberCenterSuccess(const std::string& dataJson) {
  Object::Ptr o = new Object(Poco::JSON_PRESERVE_KEY_ORDER);
  o->set("code", 0);
  o->set("message", "success");
  return jsonReply(200, "OK", withData(o, dataJson), "0");
}

Reply memberCenterError(const std::string& code, const std::string& cause,
                        const std::string& dataJson) {
  Object::Ptr o = new Object(Poco::JSON_PRESERVE_KEY_ORDER);
  o->set("code", code);
  o->set("message", memberCenterMessage(code));
  o->set("cause", cause);
  return jsonReply(299, reasonFor(299), withData(o, dataJson), code);
}

Reply memberCenterTemplatedError(const std::string& code, const std::string& cause,
                                 const std::vector<std::int64_t>& args) {
  Poco::JSON::Array::Ptr data = new Poco::JSON::Array;
  for (std::int64_t a : args) data->add(a);
  std::ostringstream out;
  data->stringify(out);
  return memberCenterError(code, cause, out.str());
}

Reply activityResult(const std::string& resultCode, const std::string& resultMessage) {
  Object::Ptr o = new Object(Poco::JSON_PRESERVE_KEY_ORDER);
  o->set("resultCode", resultCode);
  o->set("resultMessage", resultMessage);
  return jsonReply(200, "OK", stringify(o), resultCode);
}

Reply jsonReply(int status, const std::string& reason, const std::string& body,
                const std::string& outcome) {
  Reply r;
  r.status = status;
  r.reason = reason.empty() ? reasonFor(status) : reason;
  r.body = body;
  r.outcome = outcome;
  return r;
}

Reply oauthError(int status, const std::string& error, const std::string& description) {
  Object::Ptr o = new Object(Poco::JSON_PRESERVE_KEY_ORDER);
  o->set("error", error);
  if (!description.empty()) o->set("error_description", description);
  return jsonReply(status, reasonFor(status), stringify(o), error);
}

}  // namespace membersync::emulator
