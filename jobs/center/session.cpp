#include "jobs/center/session.h"

#include <stdexcept>

#include "jobs/center/attempt.h"
#include "jobs/center/retry.h"
#include "jobs/center/url.h"

namespace membersync::center {

// One attempt as sent: how it ended and the tokens it carried (to renew exactly those).
struct Session::Sent {
  Attempt attempt;
  std::optional<MemberTokens> member;
  std::optional<AppToken> app;
};

namespace {

// A token that could not be obtained: nothing was sent. A transient cause is retried like any
// request that never left; anything else ends the call.
Attempt tokenFailure(const Error& error) {
  const AttemptClass cls =
      error.kind == ErrorKind::RetryLater ? AttemptClass::NotSent : AttemptClass::Refused;
  return {cls, Result<Envelope>::failure(error)};
}

// The slot an attempt holds while its request is out (CallSpec::slots), given back however the
// exchange ends.
class HeldSlot {
 public:
  explicit HeldSlot(CallSlots* slots) : slots_(slots) {}
  ~HeldSlot() {
    if (slots_) slots_->give();
  }
  HeldSlot(const HeldSlot&) = delete;
  HeldSlot& operator=(const HeldSlot&) = delete;

 private:
  CallSlots* slots_;
};

std::string withQuery(const std::string& url, const std::string& nonce,
                      const std::vector<std::pair<std::string, std::string>>& query) {
  std::string out = url + "?g_nonce=" + nonce;
  for (const auto& [name, value] : query) out += "&" + percentEncode(name) + "=" + percentEncode(value);
  return out;
}

}  // namespace

std::string escapePathSegment(const std::string& segment) { return percentEncode(segment); }

void scrubAnswer(AddMembersResult& answer, const Scrubber& scrubber) {
  for (auto& failed : answer.failed) {
    failed.userName = scrubber.scrub(std::move(failed.userName));
    failed.message = scrubber.scrub(std::move(failed.message));
    failed.code = scrubber.scrub(std::move(failed.code));
  }
}

void scrubAnswer(EnrolResult& answer, const Scrubber& scrubber) {
  answer.resultMessage = scrubber.scrub(std::move(answer.resultMessage));
}

Session::Session(ClientOptions options, Transport& transport, Clock& clock, RandomSource& random,
                 Scrubber& scrubber)
    : options_(std::move(options)),
      transport_(transport),
      clock_(clock),
      random_(random),
      scrubber_(scrubber),
      limiter_(clock, options_.maxRequestsPerSecond),
      tokens_(options_, transport, clock, limiter_, stats_, scrubber) {}

std::string Session::nonce() {
  std::lock_guard<std::mutex> lock(randomMutex_);
  return random_.hex(16);
}

Clock::Duration Session::jitteredBackoff(int retry) {
  std::lock_guard<std::mutex> lock(randomMutex_);
  return backoffDelay(options_.retry, retry, random_);
}

Result<TokenCheck> Session::checkTokens() { return scrub(tokens_.check()); }

bool Session::obtainMemberTokens() { return tokens_.memberTokens().ok(); }

Session::Sent Session::attemptOnce(const CallSpec& spec, Service service) {
  HttpRequest request;
  request.method = spec.method;
  request.url = withQuery(joinUrl(options_.baseUrl, spec.path), nonce(), spec.query);
  std::optional<MemberTokens> member;
  std::optional<AppToken> app;
  if (service == Service::MemberCenter) {
    auto tokens = tokens_.memberTokens();
    if (!tokens.ok()) return {tokenFailure(tokens.error()), std::nullopt, std::nullopt};
    const MemberTokens& t = tokens.value();
    request.headers = {{"Authorization", "Bearer " + t.clientToken.reveal()},
                       {"clientToken", t.clientToken.reveal()},
                       {"userToken", t.userToken.reveal()}};
    member = t;
  } else {
    auto token = tokens_.activityToken();
    if (!token.ok()) return {tokenFailure(token.error()), std::nullopt, std::nullopt};
    request.headers = {{"Authorization", "Bearer " + token.value().token.reveal()}};
    app = token.value();
  }
  if (spec.body) {
    request.headers.emplace_back("Content-Type", "application/json");
    request.body = *spec.body;
  }
  if (spec.slots) {
    if (auto withheld = spec.slots->take())
      return {{AttemptClass::Withheld, Result<Envelope>::failure(std::move(*withheld))}, member, app};
  }
  TransportResult answer;
  {
    const HeldSlot slot(spec.slots);  // only while on the wire: the answer is read without it
    limiter_.acquire();
    stats_.attempt(spec.endpoint);
    answer = transport_.send(request);
  }
  // Both services live under base_url.
  const std::string where = urlForPeople(options_.baseUrl) + " ([center] base_url)";
  Attempt attempt = service == Service::MemberCenter
                        ? readMemberCenterAttempt(spec.endpoint, spec.acceptPartial, answer, where)
                        : readActivityAttempt(answer, where);
  return {std::move(attempt), std::move(member), std::move(app)};
}

namespace {

// The last attempt of a write (A2, A3, safe to repeat) lost its answer or failed as a gateway
// fails after the backend acted: its attempts ran out, and it may still have taken effect.
bool mayHaveActed(Endpoint endpoint, AttemptClass last) {
  return changesTheService(endpoint) &&
         (last == AttemptClass::NoAnswer || last == AttemptClass::MayHaveActed);
}

// What a call ends with once its attempts are over: the last one's answer, or its failure, in
// doubt when it or an earlier one of this write may have been carried out.
Result<Envelope> lastAttempt(Endpoint endpoint, Attempt last, bool earlierMayHaveActed) {
  if (last.result.ok()) return std::move(last.result);
  Error e = last.result.error();
  if (mayHaveActed(endpoint, last.cls)) {
    e.message += ": every attempt may have been carried out; settle it by reading";
    return Result<Envelope>::unknown(std::move(e));
  }
  if (earlierMayHaveActed) {  // whatever the last attempt met, an earlier one may have acted
    e.message += "; an earlier attempt may have been carried out: settle it by reading";
    return Result<Envelope>::unknown(std::move(e));
  }
  return Result<Envelope>::failure(std::move(e));
}

}  // namespace

Result<Envelope> Session::run(const CallSpec& spec, Service service, bool& withheld) {
  for (const Secret& secret : spec.secrets) scrubber_.add(secret);
  const bool safe = safeToRepeat(spec.endpoint);
  // A write's failed attempt may have acted: only the retry rules below may judge it.
  if (spec.once && changesTheService(spec.endpoint))
    throw std::logic_error("CallSpec::once is for reads only");
  int counted = 0;  // attempts counted against the retry policy
  bool renewed = false;
  bool earlierMayHaveActed = false;  // an earlier attempt of this write may have been carried out
  for (bool first = true;; first = false) {
    Sent sent = attemptOnce(spec, service);
    withheld = first && sent.attempt.cls == AttemptClass::Withheld;
    if (spec.once) {
      if (sent.attempt.result.ok()) return std::move(sent.attempt.result);
      return Result<Envelope>::failure(sent.attempt.result.error());
    }
    if (sent.attempt.cls != AttemptClass::TokenRejected) ++counted;
    switch (decideNextStep(sent.attempt.cls, safe, counted, options_.retry, renewed)) {
      case NextStep::Return:
        return lastAttempt(spec.endpoint, std::move(sent.attempt), earlierMayHaveActed);
      case NextStep::RetryAfterBackoff:
        earlierMayHaveActed = earlierMayHaveActed || mayHaveActed(spec.endpoint, sent.attempt.cls);
        stats_.retry(spec.endpoint);
        clock_.sleepFor(jitteredBackoff(counted));
        break;
      case NextStep::RenewTokensAndRepeat:
        renewed = true;
        stats_.renewal(spec.endpoint);
        if (sent.member) tokens_.renewMember(*sent.member);
        if (sent.app) tokens_.renewActivity(*sent.app);
        break;
      case NextStep::ReturnAsConfiguration: {
        Error e = sent.attempt.result.error();
        e.kind = ErrorKind::Configuration;
        e.message += service == Service::MemberCenter
                         ? " (new tokens were obtained and refused as well: check that the "
                           "application of [center] client_id has the scope auth_me, and [center] "
                           "admin_user and enterprise_global_id)"
                         : " (new tokens were obtained and refused as well: check that the "
                           "application of [center] activity_client_id (default: client_id) has "
                           "the scope auth_activity)";
        return Result<Envelope>::failure(std::move(e));
      }
      case NextStep::ReturnUnknown: {
        Error e = sent.attempt.result.error();
        e.message += ": the request may have been carried out; settle it by reading before re-sending";
        return Result<Envelope>::unknown(std::move(e));
      }
    }
  }
}

}  // namespace membersync::center
