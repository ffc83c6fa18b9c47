#pragma once

#include <memory>
#include <string>
#include <vector>

#include "jobs/center/activity.h"
#include "jobs/center/assets.h"
#include "jobs/center/endpoint.h"
#include "jobs/center/members.h"
#include "jobs/center/result.h"

namespace membersync::center {

// A parsed JSON value, opaque outside the decoders (defined in json_read.h, which only .cpp files
// include, so no Poco header reaches the users of this one).
struct JsonValue;

// An answer's envelope, read but not yet interpreted.
// Member center (2.1): code ("0" on success, as int or string), message, cause, data.
// Activity (2.9): code = resultCode ("0000" on success), message = resultMessage, data = the whole
// answer object (it holds `detail` and `activityDtoList`).
struct Envelope {
  std::string code;
  std::string message;
  std::string cause;
  std::vector<std::string> args;     // numbers in a `data` array, for templated messages
  std::shared_ptr<const JsonValue> data;  // null when absent or JSON null
  // A large answer's permit (TransportResult::hold): kept while this parsed answer lives, so
  // large answers are decoded one at a time.
  std::shared_ptr<void> hold;
};

// Reads an envelope from an answer body. Malformed JSON, a body that is not an object, or a
// missing code is a Protocol error naming the endpoint ("A5 list members: malformed JSON (...)").
Result<Envelope> readEnvelope(Endpoint endpoint, const std::string& body);
Result<Envelope> readActivityEnvelope(const std::string& body);
// A6's answer read the same way but in one pass, without a tree of the whole answer (400,000
// assets make some 60 MB, and the tree ~14 times that): its data comes decoded already, and
// decodeAssetNumbers hands it over. The same results and errors as readEnvelope's.
Result<Envelope> readAssetNumbersEnvelope(const std::string& body);
// A5's answer read the same way (an unchanged re-sync of 400,000 people reads 4,000 pages): the
// members of its page come decoded already, and decodeMemberPage takes them. The same results and
// errors as readEnvelope's.
Result<Envelope> readMemberPageEnvelope(const std::string& body);

// Decoders of `data`. Ids may come as numbers or strings; null or missing optional fields are
// absent; unknown fields are ignored. A wrong shape is a Protocol error naming the endpoint and
// the field ("A5 list members: data.list[3].globalId: expected a string or an integer").
Result<MemberPage> decodeMemberPage(const JsonValue* data);
Result<AddMembersResult> decodeAddMembersResult(const JsonValue* data);
Result<std::vector<AssetNumber>> decodeAssetNumbers(const JsonValue* data);
Result<std::vector<BorrowedLock>> decodeBorrowedLocks(const JsonValue* data);
Result<ProductTree> decodeProductTree(const JsonValue* data);
Result<EnrolResult> decodeEnrolResult(const Envelope& activityEnvelope);
// The activities of a 3002 answer (empty when it lists none).
Result<std::vector<ActivityEntry>> decodeActivityEntries(const Envelope& activityEnvelope);

// A token endpoint answer (OAuth2): access_token, expires_in, scope; or error, error_description.
struct TokenAnswer {
  std::string accessToken;  // moved into a Secret at once by the caller
  long long expiresInSeconds = -1;  // -1 when not sent
  std::vector<std::string> scopes;
  bool scopeReported = false;
  std::string error;             // OAuth2 `error`, when sent
  std::string errorDescription;  // OAuth2 `error_description`, when sent
};
// Never puts the body in an error message (it may hold a token).
Result<TokenAnswer> readTokenAnswer(const std::string& body);

}  // namespace membersync::center
