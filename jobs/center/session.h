#pragma once

#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "jobs/center/call_slots.h"
#include "jobs/center/decode.h"
#include "jobs/center/endpoint.h"
#include "jobs/center/error_codes.h"
#include "jobs/center/options.h"
#include "jobs/center/rate_limiter.h"
#include "jobs/center/result.h"
#include "jobs/center/stats.h"
#include "jobs/center/tokens.h"
#include "jobs/center/transport.h"
#include "jobs/core/clock.h"
#include "jobs/core/random_source.h"
#include "jobs/core/scrubber.h"

namespace membersync::center {

// One call, before tokens and the nonce are added.
struct CallSpec {
  Endpoint endpoint = Endpoint::ListMembers;
  std::string method;  // "GET", "POST", "PUT", "DELETE"
  std::string path;    // appended to base_url; path variables already escaped (escapePathSegment)
  std::vector<std::pair<std::string, std::string>> query;  // g_nonce excluded; not yet escaped
  std::optional<std::string> body;  // JSON; sets Content-Type
  bool acceptPartial = false;       // A1: code 60027 is a (partial) success
  // One attempt, whatever it ends with: no retry, no token renewal (a read ahead, which the
  // caller repeats the usual way when it failed). Reads only: std::logic_error for a write.
  bool once = false;
  // When set, each attempt's request goes holding one of these slots (call_slots.h), and goes
  // not at all when they withhold it. Not owned; outlives the call.
  CallSlots* slots = nullptr;
  // The generated passwords the body carries: they join the scrubber before the first attempt,
  // so an answer that quotes them back (an echoing gateway, a 60027 reason) never shows them.
  std::vector<Secret> secrets;
};

// The service's own text in a successful answer (a 60027 row's reason, B1's resultMessage),
// scrubbed like an error's; answers of other types carry no text of the service's.
void scrubAnswer(AddMembersResult& answer, const Scrubber& scrubber);
void scrubAnswer(EnrolResult& answer, const Scrubber& scrubber);
template <class T>
void scrubAnswer(T&, const Scrubber&) {}

// What the member-center and activity clients share: options, tokens, g_nonce, retries, the rate
// limit and the statistics. Create one per configured service and hand it to a MemberCenterClient
// and an ActivityClient. Thread-safe; the collaborators must outlive it.
// Every text the service sends back leaves a Session through `scrubber` (errors and the text of
// successful answers); the credentials it sends join the scrubber when it is made, and every
// token as it is issued (TokenProvider).
class Session {
 public:
  Session(ClientOptions options, Transport& transport, Clock& clock, RandomSource& random,
          Scrubber& scrubber);
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

  // Performs a member-center call and decodes its envelope with `decode` (a callable taking
  // const Envelope& and returning Result<T>). Every attempt gets the tokens and a fresh g_nonce;
  // retries and token renewal follow decideNextStep(). Ok: what `decode` made of the envelope of
  // code 0 (or of 60027 when spec.acceptPartial). Failed: the typed error. Unknown: an unsafe call
  // lost its answer.
  template <class T, class Decode>
  Result<T> callMemberCenter(const CallSpec& spec, Decode decode) {
    const auto started = clock_.steadyNow();
    bool withheld = false;
    Result<Envelope> envelope = run(spec, Service::MemberCenter, withheld);
    return finish<T>(spec.endpoint, started, std::move(envelope), decode, withheld);
  }
  // The same for B1: the activity token, HTTP 401 renews it once, resultCode "0000" is Ok, 3002's
  // error lists the activities. B1 is never re-sent once it may have reached the service.
  template <class T, class Decode>
  Result<T> callActivity(const CallSpec& spec, Decode decode) {
    const auto started = clock_.steadyNow();
    bool withheld = false;
    Result<Envelope> envelope = run(spec, Service::Activity, withheld);
    return finish<T>(spec.endpoint, started, std::move(envelope), decode, withheld);
  }

  // For `membersync check`: obtains every token and confirms the scopes (see TokenCheck).
  Result<TokenCheck> checkTokens();
  // Obtains both member-center tokens now unless they are cached (ReadAhead), and says
  // whether they are at hand; a failure is left for the call that needs them to report.
  bool obtainMemberTokens();

  const ClientOptions& options() const { return options_; }
  const CallStats& stats() const { return stats_; }

 private:
  template <class T, class Decode>
  // `withheld`: the caller's slots withheld the call before its first attempt (CallSpec::slots):
  // it never went, and the statistics do not count it.
  Result<T> finish(Endpoint endpoint, Clock::SteadyPoint started, Result<Envelope> envelope,
                   Decode decode, bool withheld) {
    Result<T> out = envelope.ok() ? decode(envelope.value()) : Result<T>::carry(envelope);
    // A write that succeeded (code 0) but whose data cannot be read did happen, in part or whole:
    // for a call that is not safe to repeat that is an outcome in doubt, to settle by reading.
    if (envelope.ok() && out.failed() && !safeToRepeat(endpoint)) {
      Error why = out.error();
      why.message = "the service answered, but its answer could not be read (" + why.message +
                    "): outcome unknown";
      out = Result<T>::unknown(std::move(why));
    }
    out = scrub(std::move(out));
    if (!withheld)
      stats_.finished(endpoint, out.outcome(), out.ok() ? nullptr : &out.error(),
                      clock_.steadyNow() - started);
    return out;
  }
  // Sets `withheld` when the slots withheld the first attempt (nothing was sent at all).
  Result<Envelope> run(const CallSpec& spec, Service service, bool& withheld);
  struct Sent;
  Sent attemptOnce(const CallSpec& spec, Service service);
  std::string nonce();  // 128 random bits as 32 lower-case hex digits
  Clock::Duration jitteredBackoff(int retry);
  // The one place a call's result passes the scrubber before anyone sees it.
  template <class T>
  Result<T> scrub(Result<T> result) const {
    if (result.ok()) {
      scrubAnswer(result.value(), scrubber_);
      return result;
    }
    Error e = scrubbed(result.error(), scrubber_);
    return result.failed() ? Result<T>::failure(std::move(e)) : Result<T>::unknown(std::move(e));
  }

  const ClientOptions options_;
  Transport& transport_;
  Clock& clock_;
  RandomSource& random_;
  Scrubber& scrubber_;
  std::mutex randomMutex_;  // RandomSource implementations need not be thread-safe
  RateLimiter limiter_;
  CallStats stats_;
  TokenProvider tokens_;
};

// A path variable escaped for use in CallSpec::path.
std::string escapePathSegment(const std::string& segment);

}  // namespace membersync::center
