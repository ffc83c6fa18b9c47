#pragma once

#include <cstddef>
#include <memory>
#include <shared_mutex>
#include <string>
#include <vector>

#include "jobs/core/secret.h"

namespace membersync {

// The one gate that text from outside passes before it reaches a log line, the state database,
// the terminal, /healthz or /metrics: a registry of every secret membersync holds, and scrub(),
// which removes all of them from a text.
//
// A service may put anything it received back into what it answers (an error's message or
// cause, a 60027 row's reason, a B1 unit's reason), and a server that echoes its requests
// hands back passwords, tokens and the Basic credentials. So each secret is searched in every
// form a request may have carried it in: raw; JSON-escaped (quotes, backslashes, control
// characters, `\/`, and non-ASCII as \uXXXX in either case of hex); percent-encoded (%XX in
// either case, with a space as %20 or as `+`, application/x-www-form-urlencoded); and for a
// Basic header the base64 of `id:secret` (raw and form-encoded id and secret, RFC 6749 2.3.1),
// itself in each of those forms. The forms are computed once, when a secret is registered.
//
// Who registers: the runtime registers the configured secrets when it loads the configuration
// (config::registerSecrets), the token provider each token as it is issued, and the
// member-center client each generated password it sends (CallSpec::secrets), before it leaves
// the process. A secret added later to the configuration (an LDAP bind password, an SMTP
// password) joins by being registered here, in config::registerSecrets: there is one scrubber
// per process, never a second one.
//
// Secrets shorter than kShortestSecret are not registered: they would strike ordinary words.
// scrub() costs one pass over the text whatever the number of secrets (a big first run
// registers thousands of generated passwords). Thread-safe: registering and scrubbing may run
// on any threads at once. Not copyable; owned by whoever wires the process (the verb or the
// daemon) and lent to the parts that produce or pass on text.
class Scrubber {
 public:
  static constexpr std::size_t kShortestSecret = 4;
  static constexpr const char* kMarker = "[redacted]";

  Scrubber();
  ~Scrubber();
  Scrubber(const Scrubber&) = delete;
  Scrubber& operator=(const Scrubber&) = delete;

  // Registers a secret (a configured secret, a token, a generated password) in all its forms.
  // Registering one again changes nothing.
  void add(const Secret& secret);
  // Registers `secret` and the Basic credentials `id:secret` an HTTP client sends for it.
  void addBasicCredentials(const std::string& id, const Secret& secret);

  // `text` with every occurrence of every form of every registered secret replaced by
  // kMarker. Occurrences that overlap or touch become one marker, so no piece of any secret is
  // left; everything else is kept byte for byte.
  std::string scrub(std::string text) const;

  // How many distinct forms are registered (for tests and diagnostics).
  std::size_t formCount() const;

 private:
  struct Index;
  void addForms(const std::vector<std::string>& forms);

  mutable std::shared_mutex mutex_;
  std::unique_ptr<Index> index_;
};

// The forms of `value` that scrub() looks for (see Scrubber); empty when `value` is shorter
// than Scrubber::kShortestSecret. Exposed for tests.
std::vector<std::string> secretForms(const std::string& value);

// The base64 texts a Basic header may carry for `id` and `secret`, with and without padding.
std::vector<std::string> basicCredentialTexts(const std::string& id, const std::string& secret);

}  // namespace membersync
