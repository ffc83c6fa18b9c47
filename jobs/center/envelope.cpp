// Envelopes of the member center (2.1), the activity service (2.9) and the token endpoint.
#include <memory>

#include "jobs/center/decode.h"
#include "jobs/center/decode_parts.h"
#include "jobs/center/json_read.h"

namespace membersync::center {
namespace {

using Var = Poco::Dynamic::Var;

std::shared_ptr<const JsonValue> keep(const Var& v) {
  if (json::isNull(v)) return nullptr;
  auto kept = std::make_shared<JsonValue>();
  kept->var = v;
  return kept;
}

// The numbers a templated error message ({0}, {1}) is filled with: `data` as an array of scalars.
std::vector<std::string> templateArgs(const Var& data) {
  std::vector<std::string> args;
  if (!json::isArray(data)) return args;
  const auto& array = *data.extract<Poco::JSON::Array::Ptr>();
  for (std::size_t i = 0; i < array.size(); ++i) {
    auto arg = templateArg(array.get(static_cast<unsigned>(i)));
    if (!arg) return {};
    args.push_back(std::move(*arg));
  }
  return args;
}

// "cause" is a string in the spec; anything else is kept as its JSON text.
std::string causeText(const json::Obj& o) {
  if (!o.has("cause")) return {};
  const Var v = o.get("cause");
  return v.isString() ? v.extract<std::string>() : json::toJsonText(v);
}

std::string activityCode(const json::Obj& o) {
  const Var v = o.get("resultCode");
  if (json::isNull(v)) json::fail(o.at("resultCode"), "missing");
  if (v.isInteger() && !v.isBoolean()) {  // 0 -> "0000", 1001 -> "1001"
    std::string digits = std::to_string(v.convert<Poco::Int64>());
    return digits.size() < 4 ? std::string(4 - digits.size(), '0') + digits : digits;
  }
  return json::text(v, o.at("resultCode"));
}

std::vector<std::string> splitScopes(const std::string& s) {
  std::vector<std::string> scopes;
  std::string current;
  for (char c : s + " ") {
    if (c == ' ' || c == ',') {
      if (!current.empty()) scopes.push_back(current);
      current.clear();
    } else {
      current += c;
    }
  }
  return scopes;
}

}  // namespace

std::optional<std::string> templateArg(const Var& v) {
  if (!v.isString() && !v.isNumeric()) return std::nullopt;
  return v.convert<std::string>();
}

Envelope envelopeOf(const json::Obj& answer) {
  Envelope env;
  env.code = answer.requiredId("code");
  env.message = answer.textOr("message");
  env.cause = causeText(answer);
  env.data = keep(answer.get("data"));
  env.args = templateArgs(answer.get("data"));
  return env;
}

Result<Envelope> readEnvelope(Endpoint endpoint, const std::string& body) {
  return json::guarded<Envelope>(
      endpoint, [&body] { return envelopeOf(json::Obj(json::parse(body), "answer")); });
}

Result<Envelope> readActivityEnvelope(const std::string& body) {
  return json::guarded<Envelope>(Endpoint::Enrol, [&body] {
    const Var whole = json::parse(body);
    const json::Obj o(whole, "answer");
    Envelope env;
    env.code = activityCode(o);
    env.message = o.textOr("resultMessage");
    env.data = keep(whole);
    return env;
  });
}

Result<TokenAnswer> readTokenAnswer(const std::string& body) {
  return json::guarded<TokenAnswer>(Endpoint::Token, [&body] {
    const json::Obj o(json::parse(body), "answer");
    TokenAnswer t;
    t.accessToken = o.textOr("access_token");
    t.expiresInSeconds = o.integerOr("expires_in", -1);
    t.scopeReported = o.has("scope");
    t.scopes = splitScopes(o.textOr("scope"));
    t.error = o.textOr("error");
    t.errorDescription = o.textOr("error_description");
    return t;
  });
}

}  // namespace membersync::center
