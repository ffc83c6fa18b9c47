#include "jobs/center/error_codes.h"

namespace membersync::center {
namespace {

using K = ErrorKind;
constexpr Service M = Service::MemberCenter;
constexpr Service B = Service::Activity;

}  // namespace

const std::vector<CodeInfo>& codeTable() {
  static const std::vector<CodeInfo> table = {
      // Member center, spec 7.1.
      {M, "60000", K::RenewTokens, "the application token is invalid, expired, or lacks the permission"},
      {M, "60005", K::RenewTokens, "the user login token is invalid or expired"},
      {M, "70001", K::Configuration, "security verification failed (a missing or reused g_nonce)"},
      {M, "500", K::RetryLater, "network exception at the service; retry"},
      {M, "80001", K::RetryLater, "the user center returned an exception"},
      {M, "40000", K::BadInput, "a required parameter is empty"},
      {M, "40021", K::BadInput, "the employee list is empty"},
      {M, "60013", K::BadInput, "the uploaded count exceeds the maximum of 100"},
      {M, "40008", K::BadInput, "the account name is empty"},
      {M, "40001", K::BadInput, "the password is empty"},
      {M, "40009", K::Configuration, "the group id is empty"},
      {M, "40022", K::BadInput, "the person name is empty"},
      {M, "50003", K::Configuration, "the password length must lie between {0} and {1}"},
      {M, "30002", K::BadInput, "the name is too long"},
      {M, "30003", K::BadInput, "the remark is too long"},
      {M, "10003", K::BadInput, "the account may contain letters and digits only"},
      {M, "10004", K::BadInput, "the phone number is invalid"},
      {M, "40006", K::Configuration, "the enterprise suffix is empty"},
      {M, "60009", K::Configuration,
       "the enterprise account may create at most {0} trial member accounts"},
      // A1 reads 60027 as a partial success; met anywhere else it is an error of the rows.
      {M, "60027", K::BadInput, "some members failed to be added"},
      {M, "60002", K::NotFound, "user not found"},
      {M, "60017", K::Configuration, "the current account is not bound to an authorized customer"},
      {M, "60024", K::NotFound, "asset number not found"},
      {M, "60023", K::Conflict, "the enterprise sub-account matched several employees"},
      {M, "60025", K::Conflict, "the asset number belongs to another customer"},
      {M, "60026", K::NotFound, "the enterprise sub-account did not match an employee"},
      {M, "60028", K::Conflict, "the asset number is configured twice"},
      {M, "33006", K::Conflict, "not enough nodes"},
      {M, "33003", K::Conflict, "the employee's permission is insufficient"},
      {M, "33007", K::Conflict, "already lent to another lock"},
      {M, "33008", K::Conflict, "the borrowed lock's state is abnormal"},
      {M, "33018", K::Conflict, "the borrowed lock is already lent to another employee"},
      {M, "33009", K::Conflict, "the lending request failed"},
      // Activity service, spec 7.2.
      {B, "0000", K::Protocol, "success; products returned", true},
      {B, "1001", K::BadInput, "request parameter error"},
      {B, "1002", K::RetryLater, "processing exception"},
      {B, "1004", K::BadInput, "illegal participant information"},
      {B, "2001", K::Conflict, "dropped by a filtering rule"},
      {B, "3001", K::Configuration,
       "the requested activity does not exist; the administrator must check that it was created"},
      {B, "3002", K::Conflict, "the participant does not meet the activity's claim conditions"},
  };
  return table;
}

const CodeInfo* findCode(Service service, std::string_view code) {
  for (const auto& row : codeTable())
    if (row.service == service && row.code == code) return &row;
  return nullptr;
}

std::string fillTemplate(std::string_view text, const std::vector<std::string>& args) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const std::size_t close = text.find('}', i);
    if (text[i] == '{' && close != std::string_view::npos && close > i + 1 &&
        text.substr(i + 1, close - i - 1).find_first_not_of("0123456789") == std::string_view::npos) {
      const std::size_t index = std::stoul(std::string(text.substr(i + 1, close - i - 1)));
      out += index < args.size() ? args[index] : "?";
      i = close;
    } else {
      out += text[i];
    }
  }
  return out;
}

Error makeError(Endpoint endpoint, ErrorKind kind, std::string message, int httpStatus, std::string code) {
  Error e;
  e.endpoint = std::string(endpointLabel(endpoint));
  e.code = std::move(code);
  e.kind = kind;
  e.message = std::move(message);
  e.httpStatus = httpStatus;
  return e;
}

Error serviceError(Endpoint endpoint, Service service, const std::string& code,
                   const std::string& serverMessage, const std::string& cause,
                   const std::vector<std::string>& args, int httpStatus) {
  Error e;
  e.endpoint = std::string(endpointLabel(endpoint));
  e.code = code;
  e.serverMessage = serverMessage;  // as sent, placeholders included; `message` has them filled
  e.cause = cause;
  e.httpStatus = httpStatus;
  if (const CodeInfo* row = findCode(service, code)) {
    e.kind = row->kind;
    e.message = fillTemplate(row->text, args);
  } else {
    e.kind = ErrorKind::Protocol;
    e.message = "code " + code + " is not one the spec lists";
  }
  return e;
}

}  // namespace membersync::center
