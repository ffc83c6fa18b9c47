#include "jobs/directory/platform/platform_client.h"

#include <algorithm>

#include "jobs/center/url.h"
#include "jobs/core/text.h"

namespace membersync::directory::platform {

namespace {

std::string hostOf(const std::string& url) {
  const auto scheme = url.find("://");
  std::string rest = url.substr(scheme + 3);
  rest = rest.substr(0, rest.find_first_of("/?#"));
  rest = rest.substr(rest.find('@') == std::string::npos ? 0 : rest.find('@') + 1);
  if (!rest.empty() && rest[0] == '[') return rest.substr(0, rest.find(']') + 1);
  return rest.substr(0, rest.find(':'));
}

bool isLoopback(const std::string& host) {
  if (host == "localhost" || host == "[::1]") return true;
  // 127.0.0.0/8 as a dotted address, not a name that begins with "127." (127.0.0.1.example.com)
  return host.rfind("127.", 0) == 0 && std::count(host.begin(), host.end(), '.') == 3 &&
         host.find_first_not_of("0123456789.") == std::string::npos;
}

}  // namespace

std::optional<std::string> baseUrlProblem(const std::string& baseUrl) {
  const std::string lower = lowerAscii(baseUrl);
  if (lower.rfind("https://", 0) == 0 && hostOf(lower).size() > 0) return std::nullopt;
  if (lower.rfind("http://", 0) == 0) {
    if (isLoopback(hostOf(lower))) return std::nullopt;
    return "\"" + baseUrl +
           "\" is plain HTTP to another host, which would carry the app's secret and "
           "tokens unencrypted; use https://";
  }
  return "\"" + baseUrl + "\" is not an https:// URL";
}

PlatformCalls::PlatformCalls(std::string source, center::Transport& transport, Clock& clock,
                             Scrubber& scrubber, FetchToken tokenRequest, DecodeToken decodeToken,
                             CallLimits limits)
    : source_(std::move(source)),
      transport_(transport),
      clock_(clock),
      scrubber_(scrubber),
      tokenRequest_(std::move(tokenRequest)),
      decodeToken_(std::move(decodeToken)),
      limits_(limits),
      deadline_(clock.steadyNow() + limits.walkTimeout) {}

void PlatformCalls::stop(const std::string& what, const Problem& p) const {
  std::string text =
      source_ + ": " + what + ": " + p.code + (p.message.empty() ? "" : " " + p.message);
  if (!p.todo.empty()) text += "; " + p.todo;
  text = scrubber_.scrub(text);
  if (p.kind == AnswerKind::Quota || p.kind == AnswerKind::Permission)
    throw PlatformConfigError(text);
  throw ExportError(text + "; nothing is planned from a partial list");
}

Problem PlatformCalls::exchange(const std::function<center::HttpRequest()>& request,
                                const Decode& decode) {
  Clock::Duration pause = limits_.firstPause;
  while (true) {
    const center::HttpRequest r = request();
    ++calls_;
    const center::TransportResult result = transport_.send(r);
    Problem p;
    if (result.kind == center::TransportResult::Kind::Answered) {
      p = decode(result.status, result.body);
      if (p.kind != AnswerKind::RateLimited) return p;
    } else if (result.kind == center::TransportResult::Kind::TooLarge || result.unusable) {
      p.kind = AnswerKind::Failed;
      p.code = center::urlForPeople(r.url);
      p.message = result.detail;
      return p;
    } else {  // NotSent, NoAnswer: a read is safe to repeat
      p.kind = AnswerKind::RateLimited;
      p.code = center::urlForPeople(r.url);
      p.message = result.detail;
    }
    const Clock::Duration wait =
        p.retryAfterS > 0 ? Clock::Duration(std::chrono::seconds(p.retryAfterS)) : pause;
    if (clock_.steadyNow() + wait > deadline_) {
      p.kind = AnswerKind::Failed;
      p.message += " (still refused when the walk's time-out, [directory] walk_timeout_s, ran "
                   "out after " + std::to_string(calls_) + " calls)";
      return p;
    }
    clock_.sleepFor(wait);
    pause = std::min<Clock::Duration>(pause * 2, limits_.longestPause);
  }
}

const std::string& PlatformCalls::token() {
  if (token_ && clock_.steadyNow() < tokenExpires_) return token_->reveal();
  std::optional<Token> fresh;
  const Problem p = exchange(tokenRequest_, [&](int status, const std::string& body) {
    Answer<Token> a = decodeToken_(status, body);
    if (a.ok()) fresh = std::move(a.value);
    return a.problem;
  });
  if (!fresh) stop("gettoken", p);
  token_ = Secret(fresh->value);
  scrubber_.add(*token_);
  // A minute early: a token that expires between the check and the call costs a refresh.
  tokenExpires_ = clock_.steadyNow() + std::chrono::seconds(std::max(0, fresh->expiresInS - 60));
  return token_->reveal();
}

void PlatformCalls::callWithToken(const std::string& what, const MakeRequest& request,
                                  const Decode& decode) {
  for (int attempt = 0;; ++attempt) {
    const std::string& t = token();
    const Problem p = exchange([&] { return request(t); }, decode);
    if (p.kind == AnswerKind::Ok) return;
    if (p.kind != AnswerKind::TokenExpired || attempt == 1) stop(what, p);
    token_.reset();  // once: a fresh token refused again is not an expiry
  }
}

}  // namespace membersync::directory::platform
