#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace membersync::center {

// One HTTP request, fully formed. Headers may hold tokens: a Transport never logs them.
struct HttpRequest {
  std::string method;  // "GET", "POST", "PUT", "DELETE"
  std::string url;     // absolute, query included
  std::vector<std::pair<std::string, std::string>> headers;
  std::string body;    // sent only when non-empty or the method is POST/PUT
};

// How one exchange ended.
struct TransportResult {
  enum class Kind {
    Answered,  // an HTTP answer, body read in full (any status)
    NotSent,   // failed before the request could reach the server: safe to repeat
    NoAnswer,  // sent (or maybe sent), then the connection ended or timed out: outcome unknown
    TooLarge,  // an answer came, larger than [center] max_answer_mb: refused, never read whole
  };
  Kind kind = Kind::NotSent;
  int status = 0;
  std::string body;
  std::string detail;  // for NotSent, NoAnswer and TooLarge: what went wrong, for people
  // NotSent only: repeating cannot help (a malformed URL, a certificate that fails verification).
  bool unusable = false;
  // Answered only, may be null: a large answer's permit (LargeAnswerGate), to keep until the
  // answer is decoded, so that large answers are decoded one at a time.
  std::shared_ptr<void> hold;

  static TransportResult answered(int status, std::string body) {
    return {Kind::Answered, status, std::move(body), {}, false, nullptr};
  }
  static TransportResult notSent(std::string detail, bool unusable = false) {
    return {Kind::NotSent, 0, {}, std::move(detail), unusable, nullptr};
  }
  static TransportResult noAnswer(std::string detail) {
    return {Kind::NoAnswer, 0, {}, std::move(detail), false, nullptr};
  }
  static TransportResult tooLarge(int status, std::string detail) {
    return {Kind::TooLarge, status, {}, std::move(detail), false, nullptr};
  }
};

// Carries requests to the service. Implementations are thread-safe: a Session calls send() from
// every thread that makes calls, and send() may block (for a free connection, or the network).
// send() never throws for a network or HTTP problem; those are TransportResults.
class Transport {
 public:
  virtual ~Transport() = default;
  virtual TransportResult send(const HttpRequest& request) = 0;
};

}  // namespace membersync::center
