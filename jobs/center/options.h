#pragma once

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

#include "jobs/core/secret.h"

namespace membersync::center {

// How often and how patiently a call is repeated after a transient failure (code 500, 80001, a
// request that never left, and for calls safe to repeat also a lost answer).
struct RetryPolicy {
  int maxAttempts = 4;                             // sends per call, the first included; >= 1
  std::chrono::milliseconds baseDelay{500};        // ceiling of the first backoff
  std::chrono::milliseconds maxDelay{8000};        // no backoff ceiling grows past this
};

// Everything the member-center and activity clients need, as plain values, with the defaults:
// config/ reads [center] straight into this struct; nothing in jobs/center reads configuration.
struct ClientOptions {
  // Also the applier's default worker count (ApplySettings::workers), so the two cannot drift.
  static constexpr int kDefaultMaxConcurrency = 8;
  // Answers larger than this are read and decoded one at a time (PocoTransport's large-answer
  // permit): max_concurrency small answers, but only one large one, are in memory at once.
  // Decoding takes about 14 times an answer's size (Poco's JSON tree), so this bounds the small
  // ones to about max_concurrency x 28 MB; an A5 page of 1,000 members (the largest page_size) is
  // under 1 MB and never waits.
  static constexpr std::uint64_t kLargeAnswerBytes = 2u << 20;

  std::string baseUrl;             // the spec's {base_url}, e.g. "https://api.example.com"
  std::string tokenUrl;            // the user center's token endpoint (facts.md)
  std::string enterpriseGlobalId;  // the enterprise main account's global id
  std::string clientId;            // application key holding auth_me
  Secret clientSecret;
  std::string adminUser;           // enterprise admin for the password grant
  Secret adminPassword;
  std::string activityClientId;    // application holding auth_activity; empty: clientId's
  Secret activityClientSecret;     // empty: clientSecret
  std::string caFile;              // PEM bundle to trust; empty: the system's CAs
  std::string proxy;               // HTTP proxy "host:port"; empty: none
  // The whole of one exchange: connect, send and the complete answer (not the wait for a free
  // connection). A call that runs out of it after sending has lost its answer.
  std::chrono::seconds timeout{30};
  // An answer larger than this many MiB is refused, never read whole ([center] max_answer_mb).
  int maxAnswerMb = 128;
  int maxConcurrency = kDefaultMaxConcurrency;  // requests in flight (PocoTransport's pool)
  double maxRequestsPerSecond = 0;              // shared by all threads of one Session; 0: no limit
  int pageSize = 100;                           // A5 page size asked for (the server may clamp it)
  // The most A5 pages one read of the member list may take ([center] max_member_pages); 0: enough
  // for kMemberCeiling members in pages of pageSize (memberPageLimit()). The pages come from the
  // center's own counts, so this bounds the calls a page object can drive.
  int maxMemberPages = 0;
  static constexpr int kMemberCeiling = 1'000'000;
  RetryPolicy retry;

  // The activity application's credentials, falling back to the main client's when empty.
  const std::string& effectiveActivityClientId() const;
  const Secret& effectiveActivitySecret() const;
  // maxMemberPages, or when 0 the pages kMemberCeiling members fill in pages of pageSize.
  int memberPageLimit() const;
};

// True for "host:port" with a host and a port from 1 to 65535: what `proxy` must be.
bool isHostPort(const std::string& text);

// Problems that make the options unusable (missing URL, bad proxy, non-positive limits), one
// English sentence each naming the option; empty when the options are usable.
std::vector<std::string> optionProblems(const ClientOptions& options);

}  // namespace membersync::center
