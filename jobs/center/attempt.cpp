#include "jobs/center/attempt.h"

#include "jobs/center/error_codes.h"

namespace membersync::center {
namespace {

Attempt fail(AttemptClass cls, Endpoint endpoint, ErrorKind kind, std::string message, int status = 0) {
  return {cls, Result<Envelope>::failure(makeError(endpoint, kind, std::move(message), status))};
}

// An answer that cannot be read says nothing about whether a write took effect (a proxy's 500
// after forwarding, a truncated body): for a call that is not safe to repeat it leaves the
// outcome in doubt, and the caller settles it by reading; a read is simply refused.
AttemptClass unreadableClass(Endpoint endpoint) {
  return safeToRepeat(endpoint) ? AttemptClass::Refused : AttemptClass::NoAnswer;
}

// The answers every service shares: nothing sent, nothing heard, gateway statuses. A request
// that never got there names where it was going (`service`), which is what a person checks.
std::optional<Attempt> readTransportLevel(Endpoint endpoint, const TransportResult& answer,
                                          const std::string& service) {
  using Kind = TransportResult::Kind;
  const std::string where = service.empty() ? "the service" : service;
  if (answer.kind == Kind::NotSent)
    return answer.unusable ? fail(AttemptClass::Refused, endpoint, ErrorKind::Configuration,
                                  "the request to " + where + " cannot be sent: " + answer.detail)
                           : fail(AttemptClass::NotSent, endpoint, ErrorKind::RetryLater,
                                  "could not reach " + where + ": " + answer.detail);
  if (answer.kind == Kind::NoAnswer)
    return fail(AttemptClass::NoAnswer, endpoint, ErrorKind::RetryLater,
                "no answer after sending (" + answer.detail + ")");
  if (answer.kind == Kind::TooLarge)  // the same answer would come again: a read is not repeated
    return fail(unreadableClass(endpoint), endpoint, ErrorKind::Protocol, answer.detail, answer.status);
  // A gateway's 5xx in front of the activity service says nothing about whether B1 acted.
  if (endpoint == Endpoint::Enrol && answer.kind == Kind::Answered && answer.status >= 500 &&
      answer.status <= 599)
    return fail(AttemptClass::MayHaveActed, endpoint, ErrorKind::RetryLater,
                "the activity service's gateway answered HTTP " + std::to_string(answer.status) +
                    " (it may have forwarded the request)",
                answer.status);
  if (answer.status == 503 || answer.status == 429)
    return fail(AttemptClass::DidNotAct, endpoint, ErrorKind::RetryLater,
                answer.status == 503 ? "the service is unavailable (HTTP 503)"
                                     : "the service limits the request rate (HTTP 429)",
                answer.status);
  if (answer.status == 502 || answer.status == 504)
    return fail(AttemptClass::NoAnswer, endpoint, ErrorKind::RetryLater,
                "a gateway answered HTTP " + std::to_string(answer.status) +
                    " (it may have forwarded the request)",
                answer.status);
  return std::nullopt;
}

Attempt unexpectedStatus(Endpoint endpoint, int status) {
  return fail(unreadableClass(endpoint), endpoint, ErrorKind::Protocol,
              "unexpected HTTP status " + std::to_string(status), status);
}

Attempt withStatus(Endpoint endpoint, Result<Envelope> r, int status) {
  Error e = r.error();
  e.httpStatus = status;
  return {unreadableClass(endpoint), Result<Envelope>::failure(std::move(e))};
}

}  // namespace

Attempt readMemberCenterAttempt(Endpoint endpoint, bool acceptPartial,
                                const TransportResult& answer, const std::string& service) {
  if (auto early = readTransportLevel(endpoint, answer, service)) return std::move(*early);
  if (answer.status != 200 && answer.status != 299) return unexpectedStatus(endpoint, answer.status);

  // A6's answer can be large (400,000 assets, ~60 MB), and A5's come by the thousand: they are
  // read without a tree.
  auto envelope = endpoint == Endpoint::ListAssetNumbers ? readAssetNumbersEnvelope(answer.body)
                  : endpoint == Endpoint::ListMembers    ? readMemberPageEnvelope(answer.body)
                                                         : readEnvelope(endpoint, answer.body);
  if (!envelope.ok()) return withStatus(endpoint, std::move(envelope), answer.status);
  envelope.value().hold = answer.hold;  // a large answer's permit lasts until it is decoded
  const Envelope& env = envelope.value();
  if (env.code == "0" || (acceptPartial && env.code == "60027"))
    return {AttemptClass::Success, std::move(envelope)};

  Error e = serviceError(endpoint, Service::MemberCenter, env.code, env.message, env.cause, env.args,
                         answer.status);
  AttemptClass cls = AttemptClass::Refused;
  // A gateway can fail after the backend acted: for a write not safe to repeat, in doubt.
  if (env.code == "500" || env.code == "80001") cls = AttemptClass::MayHaveActed;
  if (env.code == "60000" || env.code == "60005") cls = AttemptClass::TokenRejected;
  return {cls, Result<Envelope>::failure(std::move(e))};
}

Attempt readActivityAttempt(const TransportResult& answer, const std::string& service) {
  const Endpoint endpoint = Endpoint::Enrol;
  if (auto early = readTransportLevel(endpoint, answer, service)) return std::move(*early);
  if (answer.status == 401)
    return fail(AttemptClass::TokenRejected, endpoint, ErrorKind::RenewTokens,
                "the activity service refused the application token (HTTP 401)", 401);
  if (answer.status != 200 && answer.status != 299) return unexpectedStatus(endpoint, answer.status);

  auto envelope = readActivityEnvelope(answer.body);
  if (!envelope.ok()) return withStatus(endpoint, std::move(envelope), answer.status);
  envelope.value().hold = answer.hold;
  const Envelope& env = envelope.value();
  if (env.code == "0000") return {AttemptClass::Success, std::move(envelope)};

  Error e = serviceError(endpoint, Service::Activity, env.code, env.message, env.cause, env.args,
                         answer.status);
  if (env.code == "3002") {
    auto entries = decodeActivityEntries(env);
    if (entries.ok())
      e.activities = std::move(entries).value();
    else
      e.message += " (the activity list could not be read: " + entries.error().message + ")";
  }
  // 1002 "processing exception" may come after the enrolment was carried out.
  const AttemptClass cls = env.code == "1002" ? AttemptClass::MayHaveActed : AttemptClass::Refused;
  return {cls, Result<Envelope>::failure(std::move(e))};
}

}  // namespace membersync::center
