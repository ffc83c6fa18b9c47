#include "jobs/center/poco_transport.h"

#include <Poco/Net/Context.h>
#include <Poco/Net/HTTPClientSession.h>
#include <Poco/Net/HTTPRequest.h>
#include <Poco/Net/HTTPResponse.h>
#include <Poco/Net/HTTPSClientSession.h>
#include <Poco/Net/NetSSL.h>
#include <Poco/Net/RejectCertificateHandler.h>
#include <Poco/Net/SSLException.h>
#include <Poco/StreamCopier.h>
#include <Poco/URI.h>

#include <condition_variable>
#include <map>
#include <mutex>
#include <stdexcept>
#include <vector>

namespace membersync::center {
namespace {

using Poco::Net::HTTPClientSession;
using SessionPtr = std::unique_ptr<HTTPClientSession>;

void initializeSslOnce() {
  static std::once_flag once;
  std::call_once(once, [] { Poco::Net::initializeSSL(); });
}

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

bool certificateProblem(const Poco::Exception& e) {
  return dynamic_cast<const Poco::Net::CertificateValidationException*>(&e) != nullptr ||
         e.displayText().find("certificate verify failed") != std::string::npos;
}

}  // namespace

struct PocoTransport::Impl {
  Poco::Timespan timeout;
  int capacity = 1;
  std::string proxyHost;
  Poco::UInt16 proxyPort = 0;
  Poco::Net::Context::Ptr tls;
  std::mutex poolsMutex;
  std::map<std::string, std::unique_ptr<Pool>> pools;

  Pool& poolFor(const std::string& origin) {
    std::lock_guard<std::mutex> lock(poolsMutex);
    auto& pool = pools[origin];
    if (!pool) pool = std::make_unique<Pool>(capacity);
    return *pool;
  }

  SessionPtr open(const Target& t) const {
    SessionPtr s = t.scheme == "https" ? std::make_unique<Poco::Net::HTTPSClientSession>(t.host, t.port, tls)
                                       : std::make_unique<HTTPClientSession>(t.host, t.port);
    if (!proxyHost.empty()) s->setProxy(proxyHost, proxyPort);
    s->setKeepAlive(true);
    s->setTimeout(timeout, timeout, timeout);
    return s;
  }

  TransportResult exchange(HTTPClientSession& s, const Target& t, const HttpRequest& r, bool& reusable);
};

PocoTransport::PocoTransport(const ClientOptions& options) : impl_(std::make_unique<Impl>()) {
  impl_->timeout = Poco::Timespan(static_cast<long>(options.timeout.count()), 0);
  impl_->capacity = std::max(1, options.maxConcurrency);
  if (!options.proxy.empty()) {
    const auto colon = options.proxy.rfind(':');
    if (colon == std::string::npos || colon == 0) throw std::invalid_argument("proxy must be host:port");
    impl_->proxyHost = options.proxy.substr(0, colon);
    const int port = std::atoi(options.proxy.c_str() + colon + 1);
    if (port <= 0 || port > 65535) throw std::invalid_argument("proxy must be host:port");
    impl_->proxyPort = static_cast<Poco::UInt16>(port);
  }
  initializeSslOnce();
  try {
    // Peers are always verified: the system's CAs, or the CA file alone when one is given.
    impl_->tls = new Poco::Net::Context(Poco::Net::Context::TLS_CLIENT_USE, options.caFile,
                                        Poco::Net::Context::VERIFY_RELAXED, 9, options.caFile.empty());
    impl_->tls->requireMinimumProtocol(Poco::Net::Context::PROTO_TLSV1_2);
    impl_->tls->setInvalidCertificateHandler(new Poco::Net::RejectCertificateHandler(false));
  } catch (const Poco::Exception& e) {
    throw std::invalid_argument("TLS setup failed (ca_file \"" + options.caFile + "\"): " + e.displayText());
  }
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
    }
  }
  bool reusable = false;
  TransportResult result = impl_->exchange(*session, target, request, reusable);
  pool.release(reusable ? std::move(session) : nullptr);
  return result;
}

TransportResult PocoTransport::Impl::exchange(HTTPClientSession& s, const Target& t, const HttpRequest& r,
                                              bool& reusable) {
  bool sent = false;
  try {
    Poco::Net::HTTPRequest req(r.method, t.pathAndQuery, Poco::Net::HTTPMessage::HTTP_1_1);
    for (const auto& [name, value] : r.headers) req.set(name, value);
    const bool hasBody = !r.body.empty() || r.method == "POST" || r.method == "PUT";
    if (hasBody) req.setContentLength64(static_cast<Poco::Int64>(r.body.size()));
    std::ostream& out = s.sendRequest(req);
    if (hasBody) out.write(r.body.data(), static_cast<std::streamsize>(r.body.size()));
    out.flush();
    if (!out.good()) {
      const auto* cause = s.networkException();
      return TransportResult::notSent(cause ? cause->displayText() : "the request could not be written");
    }
    sent = true;

    Poco::Net::HTTPResponse response;
    std::istream& in = s.receiveResponse(response);
    std::string body;
    Poco::StreamCopier::copyToString(in, body);
    if (in.bad()) return TransportResult::noAnswer("the connection broke while the answer was read");
    if (response.hasContentLength() &&
        static_cast<Poco::Int64>(body.size()) != response.getContentLength64())
      return TransportResult::noAnswer("the answer was cut short");
    reusable = response.getKeepAlive();
    return TransportResult::answered(static_cast<int>(response.getStatus()), std::move(body));
  } catch (const Poco::Exception& e) {
    if (sent) return TransportResult::noAnswer(e.displayText());
    return TransportResult::notSent(e.displayText(), certificateProblem(e));
  } catch (const std::exception& e) {
    if (sent) return TransportResult::noAnswer(e.what());
    return TransportResult::notSent(e.what());
  }
}

}  // namespace membersync::center
