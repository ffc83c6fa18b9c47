#pragma once

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
  };
  Kind kind = Kind::NotSent;
  int status = 0;
  std::string body;
  std::string detail;  // for NotSent and NoAnswer: what went wrong, for people
  // NotSent only: repeating cannot help (a malformed URL, a certificate that fails verification).
  bool unusable = false;

  static TransportResult answered(int status, std::string body) {
    return {Kind::Answered, status, std::move(body), {}, false};
  }
  static TransportResult notSent(std::string detail, bool unusable = false) {
    return {Kind::NotSent, 0, {}, std::move(detail), unusable};
  }
  static TransportResult noAnswer(std::string detail) {
    return {Kind::NoAnswer, 0, {}, std::move(detail), false};
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
