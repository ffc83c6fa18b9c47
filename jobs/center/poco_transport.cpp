#include "jobs/center/poco_transport.h"

#include <Poco/Net/Context.h>
#include <Poco/Net/HTTPClientSession.h>
#include <Poco/Net/HTTPRequest.h>
#include <Poco/Net/HTTPResponse.h>
#include <Poco/Net/HTTPSClientSession.h>
#include <Poco/Net/SSLException.h>
#include <Poco/URI.h>

#include <algorithm>
#include <condition_variable>
#include <map>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <vector>

#include "jobs/center/answer_meter.h"
#include "jobs/center/deadline_watch.h"
#include "jobs/core/tls_context.h"

namespace membersync::center {
namespace {

using Poco::Net::HTTPClientSession;
using SessionPtr = std::unique_ptr<HTTPClientSession>;
using WatchClock = DeadlineWatch::Clock;

constexpr std::size_t kReadChunk = 64 * 1024;  // bytes asked of the answer's stream at a time

// What PocoTransport needs of a session beyond Poco's interface.
class Connectable {
 public:
  virtual ~Connectable() = default;
  virtual void connectNow() = 0;
};

// A client session whose socket is connected before the request leaves and stays the same until
// the answer is read, so the DeadlineWatch can be handed it. Poco alone would connect inside
// sendRequest(), and silently reconnect when a write on a kept-alive connection fails.
template <class Base>
class WatchableSession final : public Base, public Connectable {
 public:
  using Base::Base;
  // Connects now, or again when the kept-alive connection is too old or marked for it.
  void connectNow() override {
    if (this->connected() && !Base::mustReconnect()) return;
    this->close();
    this->reconnect();
  }

 protected:
  bool mustReconnect() const override { return false; }  // connectNow() has decided
  // A failed write fails the request (NotSent, repeated by the Session), never a new connection.
  int write(const char* buffer, std::streamsize length) override {
    return Poco::Net::HTTPSession::write(buffer, length);
  }
};

// Kept-alive sessions of one origin; at most `capacity` exist, idle or leased.
class Pool {
 public:
  explicit Pool(int capacity) : capacity_(capacity) {}

  // Blocks until a session may be used; returns an idle one still open, or null (make a new one).
  SessionPtr acquire() {
    std::unique_lock<std::mutex> lock(mutex_);
    ready_.wait(lock, [this] { return leased_ < capacity_; });
    ++leased_;
    while (!idle_.empty()) {
      SessionPtr s = std::move(idle_.back());
      idle_.pop_back();
      if (!closedByPeer(*s)) return s;
    }
    return nullptr;
  }

  // Returns the lease; the session is pooled only when it is still usable.
  void release(SessionPtr session) {
    std::lock_guard<std::mutex> lock(mutex_);
    --leased_;
    if (session) idle_.push_back(std::move(session));
    ready_.notify_one();
  }

 private:
  // An idle connection that is readable has been closed by the server (or holds junk): a request
  // sent on it would be lost after leaving, so it is never reused.
  static bool closedByPeer(HTTPClientSession& s) {
    try {
      return !s.connected() ? false : s.socket().poll(Poco::Timespan(0), Poco::Net::Socket::SELECT_READ);
    } catch (const Poco::Exception&) {
      return true;
    }
  }

  const int capacity_;
  std::mutex mutex_;
  std::condition_variable ready_;
  std::vector<SessionPtr> idle_;
  int leased_ = 0;
};

struct Target {
  std::string scheme, host, origin, pathAndQuery;
  Poco::UInt16 port = 0;
};

// The URL's parts; the path and query are kept exactly as given (already percent-encoded).
Target parseTarget(const std::string& url) {
  const Poco::URI uri(url);
  Target t;
  t.scheme = uri.getScheme();
  if (t.scheme != "http" && t.scheme != "https") throw std::invalid_argument("not an http(s) URL");
  t.host = uri.getHost();
  t.port = uri.getPort();
  t.origin = t.scheme + "://" + t.host + ":" + std::to_string(t.port);
  const auto authority = url.find("://") + 3;
  const auto start = url.find_first_of("/?", authority);
  t.pathAndQuery = start == std::string::npos ? "/" : url.substr(start);
  if (t.pathAndQuery[0] == '?') t.pathAndQuery.insert(0, "/");
  return t;
}

// Whether the URL is one the transport opens with TLS (the scheme as parseTarget reads it).
bool isHttps(const std::string& url) {
  try {
    return Poco::URI(url).getScheme() == "https";
  } catch (const Poco::Exception&) {
    return false;  // a malformed URL is refused when it is sent
  }
}

bool certificateProblem(const Poco::Exception& e) {
  return dynamic_cast<const Poco::Net::CertificateValidationException*>(&e) != nullptr ||
         e.displayText().find("certificate verify failed") != std::string::npos;
}

// A request that could not be written whole, as a TransportResult; empty when it was.
std::optional<TransportResult> requestFailure(HTTPClientSession& s, std::ostream& out) {
  if (out.good()) return std::nullopt;
  const auto* cause = s.networkException();
  if (!cause) return TransportResult::notSent("the request could not be written");
  return TransportResult::notSent(cause->displayText(), certificateProblem(*cause));
}

// One exchange on a connected session: the request, then the answer, within one deadline that
// the DeadlineWatch enforces (it shuts the socket down when the deadline passes, which ends any
// read or write blocked on it), and within max_answer_mb.
class Exchange {
 public:
  Exchange(HTTPClientSession& s, DeadlineWatch::Guard& guard, LargeAnswerGate& gate,
           std::chrono::seconds timeout, int maxAnswerMb)
      : s_(s),
        guard_(guard),
        gate_(gate),
        timeout_(timeout),
        meter_(maxAnswerMb, ClientOptions::kLargeAnswerBytes) {}

  TransportResult run(const Target& t, const HttpRequest& r, bool& reusable) {
    try {
      if (auto failed = send(t, r)) return guard_.expired() ? late(false) : std::move(*failed);
    } catch (const Poco::Exception& e) {
      if (guard_.expired()) return late(false);
      return TransportResult::notSent(e.displayText(), certificateProblem(e));
    } catch (const std::exception& e) {
      return guard_.expired() ? late(false) : TransportResult::notSent(e.what());
    }
    try {
      return receive(reusable);
    } catch (const Poco::TimeoutException&) {
      return late(true);
    } catch (const Poco::Exception& e) {
      return guard_.expired() ? late(true) : TransportResult::noAnswer(e.displayText());
    } catch (const std::exception& e) {
      return guard_.expired() ? late(true) : TransportResult::noAnswer(e.what());
    }
  }

 private:
  TransportResult late(bool sent) const {
    return sent ? TransportResult::noAnswer(noCompleteAnswerMessage(timeout_))
                : TransportResult::notSent(notSentInTimeMessage(timeout_));
  }

  std::optional<TransportResult> send(const Target& t, const HttpRequest& r) {
    Poco::Net::HTTPRequest req(r.method, t.pathAndQuery, Poco::Net::HTTPMessage::HTTP_1_1);
    for (const auto& [name, value] : r.headers) req.set(name, value);
    const bool hasBody = !r.body.empty() || r.method == "POST" || r.method == "PUT";
    if (hasBody) req.setContentLength64(static_cast<Poco::Int64>(r.body.size()));
    std::ostream& out = s_.sendRequest(req);
    if (hasBody) out.write(r.body.data(), static_cast<std::streamsize>(r.body.size()));
    out.flush();
    return requestFailure(s_, out);
  }

  TransportResult receive(bool& reusable) {
    Poco::Net::HTTPResponse response;
    std::istream& in = s_.receiveResponse(response);
    const int status = static_cast<int>(response.getStatus());
    std::optional<std::uint64_t> announced;
    if (response.hasContentLength() && response.getContentLength64() >= 0)
      announced = static_cast<std::uint64_t>(response.getContentLength64());
    std::string body;
    if (!readBody(in, meter_.announced(announced), body))
      return TransportResult::tooLarge(status, meter_.refusal());
    if (guard_.expired()) return late(true);
    if (in.bad()) return TransportResult::noAnswer("the connection broke while the answer was read");
    if (announced && body.size() != *announced)
      return TransportResult::noAnswer("the answer was cut short");
    reusable = response.getKeepAlive();
    TransportResult result = TransportResult::answered(status, std::move(body));
    result.hold = std::move(permit_);
    return result;
  }

  // Reads the body into `body` as the meter allows; false once it refuses the answer. A read
  // that comes back short is the end of the answer (or of the connection: the caller looks).
  bool readBody(std::istream& in, AnswerMeter::Verdict verdict, std::string& body) {
    std::vector<char> buffer(kReadChunk);
    for (;;) {
      if (verdict == AnswerMeter::Verdict::Refuse) return false;
      if (verdict == AnswerMeter::Verdict::BecameLarge) takePermit();
      const std::size_t want = meter_.nextRead(buffer.size());
      in.read(buffer.data(), static_cast<std::streamsize>(want));
      const auto got = static_cast<std::size_t>(in.gcount());
      append(body, buffer.data(), got);
      verdict = meter_.received(got);
      if (got < want) {
        if (verdict == AnswerMeter::Verdict::BecameLarge) takePermit();
        return true;
      }
    }
  }

  // Grows the body by doubling, and straight to the limit + 1 bytes the meter lets in once a
  // doubling would reach it: never past it (a refused answer would cost twice the limit), and
  // never once more just for the last byte.
  void append(std::string& body, const char* data, std::size_t n) const {
    const std::size_t most = static_cast<std::size_t>(meter_.limitBytes()) + 1;
    if (body.size() + n > body.capacity()) {
      const std::size_t doubled = std::max(body.capacity() * 2, body.size() + n);
      body.reserve(doubled + 1 >= most ? most : doubled);
    }
    body.append(data, n);
  }

  // Waiting for another large answer to be decoded is not the service's time: the deadline's
  // clock stops meanwhile (the other answer's own deadline bounds the wait).
  void takePermit() {
    if ((permit_ = gate_.tryAcquire())) return;
    guard_.pause();
    permit_ = gate_.acquire();
    guard_.resume();
  }

  HTTPClientSession& s_;
  DeadlineWatch::Guard& guard_;
  LargeAnswerGate& gate_;
  const std::chrono::seconds timeout_;
  AnswerMeter meter_;
  LargeAnswerGate::Permit permit_;
};

}  // namespace

struct PocoTransport::Impl {
  std::chrono::seconds timeout{30};
  int maxAnswerMb = 128;
  int capacity = 1;
  std::string proxyHost;
  Poco::UInt16 proxyPort = 0;
  std::string caFile;
  std::mutex tlsMutex;
  Poco::Net::Context::Ptr tls;  // made once, when the first https URL needs it
  std::mutex poolsMutex;
  std::map<std::string, std::unique_ptr<Pool>> pools;
  LargeAnswerGate largeAnswers;
  DeadlineWatch watch;

  Pool& poolFor(const std::string& origin) {
    std::lock_guard<std::mutex> lock(poolsMutex);
    auto& pool = pools[origin];
    if (!pool) pool = std::make_unique<Pool>(capacity);
    return *pool;
  }

  // Throws std::invalid_argument when the CAs cannot be loaded.
  Poco::Net::Context::Ptr tlsContext() {
    std::lock_guard<std::mutex> lock(tlsMutex);
    if (!tls) tls = membersync::tls::makeClientContext(caFile);
    return tls;
  }

  SessionPtr open(const Target& t) {
    using Https = WatchableSession<Poco::Net::HTTPSClientSession>;
    using Http = WatchableSession<HTTPClientSession>;
    SessionPtr s = t.scheme == "https" ? SessionPtr(std::make_unique<Https>(t.host, t.port, tlsContext()))
                                       : SessionPtr(std::make_unique<Http>(t.host, t.port));
    if (!proxyHost.empty()) s->setProxy(proxyHost, proxyPort);
    s->setKeepAlive(true);
    // Each socket operation's own limit; the DeadlineWatch bounds the exchange as a whole.
    const Poco::Timespan each(static_cast<long>(timeout.count()), 0);
    s->setTimeout(each, each, each);
    return s;
  }

  TransportResult exchange(HTTPClientSession& s, const Target& t, const HttpRequest& r, bool& reusable);
};

PocoTransport::PocoTransport(const ClientOptions& options) : impl_(std::make_unique<Impl>()) {
  impl_->timeout = options.timeout;
  impl_->maxAnswerMb = options.maxAnswerMb;
  impl_->capacity = std::max(1, options.maxConcurrency);
  if (!options.proxy.empty()) {
    const auto colon = options.proxy.rfind(':');
    if (colon == std::string::npos || colon == 0) throw std::invalid_argument("proxy must be host:port");
    impl_->proxyHost = options.proxy.substr(0, colon);
    const int port = std::atoi(options.proxy.c_str() + colon + 1);
    if (port <= 0 || port > 65535) throw std::invalid_argument("proxy must be host:port");
    impl_->proxyPort = static_cast<Poco::UInt16>(port);
  }
  // Loading the CAs costs tens of milliseconds of CPU, so a configuration of http URLs (a
  // loopback test) skips it; one that uses https loads them now, so a bad ca_file stops the
  // start, not the first call.
  impl_->caFile = options.caFile;
  if (isHttps(options.baseUrl) || isHttps(options.tokenUrl)) impl_->tlsContext();
}

PocoTransport::~PocoTransport() = default;

TransportResult PocoTransport::send(const HttpRequest& request) {
  Target target;
  try {
    target = parseTarget(request.url);
  } catch (const std::exception& e) {
    return TransportResult::notSent(std::string("malformed URL: ") + e.what(), true);
  }
  Pool& pool = impl_->poolFor(target.origin);
  SessionPtr session = pool.acquire();
  if (!session) {
    try {
      session = impl_->open(target);
    } catch (const Poco::Exception& e) {
      pool.release(nullptr);
      return TransportResult::notSent(e.displayText());
    } catch (const std::invalid_argument& e) {  // the CAs: a person must fix ca_file
      pool.release(nullptr);
      return TransportResult::notSent(e.what(), true);
    }
  }
  bool reusable = false;
  TransportResult result = impl_->exchange(*session, target, request, reusable);
  pool.release(reusable ? std::move(session) : nullptr);
  return result;
}

// Connects (within the socket's connect time-out; a TLS handshake or a proxy's CONNECT is bounded
// per read only, since the socket is not known before), then hands the socket to the watch for
// the rest of the exchange.
TransportResult PocoTransport::Impl::exchange(HTTPClientSession& s, const Target& t, const HttpRequest& r,
                                              bool& reusable) {
  const auto deadline = WatchClock::now() + timeout;
  try {
    dynamic_cast<Connectable&>(s).connectNow();
  } catch (const Poco::TimeoutException&) {
    return TransportResult::notSent("could not connect: " + notSentInTimeMessage(timeout));
  } catch (const Poco::Exception& e) {
    return TransportResult::notSent(e.displayText(), certificateProblem(e));
  }
  DeadlineWatch::Guard guard = watch.watch(s.socket().impl()->sockfd(), deadline);
  return Exchange(s, guard, largeAnswers, timeout, maxAnswerMb).run(t, r, reusable);
}

}  // namespace membersync::center
