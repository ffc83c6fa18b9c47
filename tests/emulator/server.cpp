#include "tests/emulator/server.h"

#include <chrono>
#include <condition_variable>
#include <iostream>
#include <mutex>
#include <stdexcept>
#include <algorithm>
#include <thread>

#include <Poco/Exception.h>
#include <Poco/Net/HTTPRequestHandler.h>
#include <Poco/Net/HTTPRequestHandlerFactory.h>
#include <Poco/Net/HTTPServer.h>
#include <Poco/Net/HTTPServerParams.h>
#include <Poco/Net/HTTPServerRequest.h>
#include <Poco/Net/HTTPServerRequestImpl.h>
#include <Poco/Net/HTTPServerResponse.h>
#include <Poco/Net/ServerSocket.h>
#include <Poco/Net/SocketAddress.h>
#include <Poco/Net/StreamSocket.h>
#include <Poco/StreamCopier.h>
#include <Poco/ThreadPool.h>
#include <Poco/URI.h>

#include "tests/emulator/emulator.h"
#include "tests/emulator/huge_answer.h"
#include "tests/emulator/text_rules.h"

namespace membersync::emulator {
namespace {

// Enough workers that every keep-alive connection of a concurrent client (8 and more) gets its
// own thread, so --latency-ms overlaps instead of queueing.
constexpr int kMaxThreads = 64;

Request toRequest(Poco::Net::HTTPServerRequest& in) {
  Request out;
  out.method = in.getMethod();
  Poco::URI uri(in.getURI());  // throws Poco::SyntaxException on a malformed target
  out.path = uri.getPath();
  out.rawQuery = uri.getRawQuery();
  for (auto& [name, value] : uri.getQueryParameters()) out.query.emplace_back(name, value);
  for (const auto& [name, value] : in) out.headers.emplace(toLowerAscii(name), value);
  Poco::StreamCopier::copyToString(in.stream(), out.body);
  return out;
}

// Ends the exchange with no status line at all: the client sees the connection close after its
// request was carried out, which is what a call "in doubt" looks like. shutdown() sends FIN on
// the socket the HTTPServerConnection owns; with keep-alive off it then stops reading and closes.
void dropConnection(Poco::Net::HTTPServerRequest& request,
                    Poco::Net::HTTPServerResponse& response) {
  auto* impl = dynamic_cast<Poco::Net::HTTPServerRequestImpl*>(&request);
  if (impl == nullptr) throw std::logic_error("dropConnection: not a server-side request");
  response.setKeepAlive(false);
  impl->socket().shutdown();
}

// Writes bytes straight onto a connection, one at a time every `dripMs` ms when that is > 0,
// and counts what the connection accepted. Any failure means the peer has gone: writing stops.
class RawWriter {
 public:
  RawWriter(Poco::Net::StreamSocket& socket, int dripMs) : socket_(socket), dripMs_(dripMs) {}

  bool write(const std::string& bytes) {
    if (dripMs_ == 0) return send(bytes.data(), bytes.size());
    for (char c : bytes) {
      if (!send(&c, 1)) return false;
      std::this_thread::sleep_for(std::chrono::milliseconds(dripMs_));
    }
    return true;
  }
  std::int64_t bytes() const { return bytes_; }

 private:
  bool send(const char* p, std::size_t n) {
    try {
      socket_.sendBytes(p, static_cast<int>(n));  // a blocking socket sends all of it, or throws
    } catch (const Poco::Exception&) {
      return false;
    }
    bytes_ += static_cast<std::int64_t>(n);
    return true;
  }

  Poco::Net::StreamSocket& socket_;
  const int dripMs_;
  std::int64_t bytes_ = 0;
};

constexpr std::size_t kHugePiece = 4096;  // small, so a peer that leaves stops the count early

bool writePlain(RawWriter& out, const Reply& reply) {
  return out.write(rawAnswerHead(reply.status, reply.reason, reply.contentType,
                                 static_cast<std::int64_t>(reply.body.size())) +
                   reply.body);
}

// The huge A6 answer, generated piece by piece: chunked, or with its exact Content-Length.
bool writeHuge(RawWriter& out, const Reply& reply) {
  HugeBody body(reply.body, reply.hugeBytes);
  const bool chunked = !reply.announceLength;
  if (!out.write(rawAnswerHead(reply.status, reply.reason, reply.contentType,
                               chunked ? -1 : body.length()))) {
    return false;
  }
  for (std::string piece = body.next(kHugePiece); !piece.empty(); piece = body.next(kHugePiece)) {
    if (!out.write(chunked ? chunkOf(piece) : piece)) return false;
  }
  return !chunked || out.write(chunkOf(""));
}

// Answers by writing onto the connection itself (Poco's response is never sent), for the faults
// Poco's response cannot make: a byte at a time, or a body too large to hold. The connection
// closes afterwards. The emulator hears what became of the answer, for /_emulator/stats.
void streamAnswer(Emulator& emulator, Poco::Net::HTTPServerRequest& request,
                  Poco::Net::HTTPServerResponse& response, const Reply& reply, int dripMs) {
  auto* impl = dynamic_cast<Poco::Net::HTTPServerRequestImpl*>(&request);
  if (impl == nullptr) throw std::logic_error("streamAnswer: not a server-side request");
  response.setKeepAlive(false);
  Poco::Net::StreamSocket& socket = impl->socket();
  // A small send buffer keeps the count of bytes accepted close to what the peer really took.
  if (reply.hugeBytes > 0) socket.setSendBufferSize(32 * 1024);
  RawWriter out(socket, dripMs);
  emulator.streamStarted();
  const bool complete = reply.hugeBytes > 0 ? writeHuge(out, reply) : writePlain(out, reply);
  emulator.streamFinished(out.bytes(), complete);
  try {
    socket.shutdown();
  } catch (const Poco::Exception&) {  // the peer is gone already
  }
}

// GET /_emulator/rendezvous?parties=N&timeoutMs=T answers once N calls are inside it at the same
// time ({"met":true}), or after T ms ({"met":false}). A test proves that the server serves N
// exchanges at once without measuring time: a server that queued them would never meet. It is
// served here, outside the emulator's lock, like the latency delay it stands for.
class Rendezvous {
 public:
  bool meet(int parties, std::chrono::milliseconds timeout) {
    std::unique_lock<std::mutex> lock(mutex_);
    const long round = round_;
    if (++inside_ >= parties) {
      ++round_;
      inside_ = 0;
      cv_.notify_all();
      return true;
    }
    if (cv_.wait_for(lock, timeout, [&] { return round_ != round; })) return true;
    --inside_;
    return false;
  }

 private:
  std::mutex mutex_;
  std::condition_variable cv_;
  int inside_ = 0;
  long round_ = 0;
};

// POST /_emulator/hold-writes?after=N lets the next N write requests through and holds every
// later one, before it acts, until POST /_emulator/hold-writes?on=false (or two minutes, so a
// forgotten gate cannot hang a test). A test stops a run in the middle of its writes for as long
// as it needs, without racing the run. With &acted=true a held write acts first and only its
// answer waits: a test kills a run while a write is carried out and unanswered, without racing
// a latency. Held outside the emulator's lock, like the latency.
class WriteGate {
 public:
  enum class Stage { BeforeActing, Acted };

  void holdAfter(int passes, Stage stage) {
    std::lock_guard<std::mutex> lock(mutex_);
    holding_ = true;
    passes_ = passes;
    stage_ = stage;
  }
  void release() {
    std::lock_guard<std::mutex> lock(mutex_);
    holding_ = false;
    cv_.notify_all();
  }
  // A write at `stage` of its handling: counted, and held, only at the stage the gate holds.
  void pass(Stage stage) {
    std::unique_lock<std::mutex> lock(mutex_);
    if (!holding_ || stage != stage_) return;
    if (passes_ > 0) {
      --passes_;
      return;
    }
    cv_.wait_for(lock, std::chrono::minutes(2), [&] { return !holding_; });
  }

 private:
  std::mutex mutex_;
  std::condition_variable cv_;
  bool holding_ = false;
  int passes_ = 0;
  Stage stage_ = Stage::BeforeActing;
};

int queryInt(const Request& req, const std::string& name, int fallback) {
  for (const auto& [key, value] : req.query) {
    if (key == name) return std::stoi(value);
  }
  return fallback;
}

Reply rendezvousReply(Rendezvous& rendezvous, const Request& req) {
  const int parties = std::max(1, queryInt(req, "parties", 2));
  const int timeoutMs = std::clamp(queryInt(req, "timeoutMs", 30000), 0, 120000);
  const bool met = rendezvous.meet(parties, std::chrono::milliseconds(timeoutMs));
  Reply reply;
  reply.status = 200;
  reply.reason = "OK";
  reply.body = met ? "{\"met\":true}" : "{\"met\":false}";
  return reply;
}

Reply gateReply(WriteGate& gate, const Request& req) {
  bool on = true, acted = false;
  for (const auto& [key, value] : req.query) {
    on = on && !(key == "on" && value == "false");
    acted = acted || (key == "acted" && value == "true");
  }
  if (on)
    gate.holdAfter(std::max(0, queryInt(req, "after", 0)),
                   acted ? WriteGate::Stage::Acted : WriteGate::Stage::BeforeActing);
  else
    gate.release();
  Reply reply;
  reply.status = 200;
  reply.reason = "OK";
  reply.body = on ? "{\"holdWrites\":true}" : "{\"holdWrites\":false}";
  return reply;
}

// The shared parts of the server that tests steer: the rendezvous and the write gate.
struct Controls {
  Rendezvous rendezvous;
  WriteGate gate;
};

class ExchangeHandler final : public Poco::Net::HTTPRequestHandler {
 public:
  ExchangeHandler(Emulator& emulator, Controls& controls, const ServerOptions& options)
      : emulator_(emulator), controls_(controls), latencyMs_(options.latencyMs),
        dripMs_(options.dripMs) {}

  void handleRequest(Poco::Net::HTTPServerRequest& request,
                     Poco::Net::HTTPServerResponse& response) override {
    auto arrived = std::chrono::steady_clock::now();
    Reply reply;
    bool delay = false;
    bool drip = false;
    try {
      Request req = toRequest(request);
      delay = latencyMs_ > 0 && Emulator::isServicePath(req.path);
      drip = dripMs_ > 0 && isDripPath(req.path);
      if (req.method == "GET" && req.path == "/_emulator/rendezvous") {
        reply = rendezvousReply(controls_.rendezvous, req);
      } else if (req.method == "POST" && req.path == "/_emulator/hold-writes") {
        reply = gateReply(controls_.gate, req);
      } else {
        const bool write = Emulator::isWriteRequest(req.method, req.path);
        if (write) controls_.gate.pass(WriteGate::Stage::BeforeActing);
        arrived = std::chrono::steady_clock::now();  // a write held at the gate arrives now
        reply = emulator_.handle(req);
        if (write) controls_.gate.pass(WriteGate::Stage::Acted);
      }
    } catch (const Poco::SyntaxException&) {
      reply.status = 400;
      reply.reason = "Bad Request";
      reply.body = "{\"error\":\"bad request target\"}";
    } catch (const std::exception& e) {
      // A bug in the emulator must not pass for an injected fault (a dropped connection), so
      // it is answered, plainly, and logged.
      std::cerr << "membercenter-emulator: internal error on " << request.getURI() << ": "
                << e.what() << std::endl;
      reply.status = 500;
      reply.reason = "Internal Server Error";
      reply.body = "{\"error\":\"emulator internal error\"}";
    }
    // The latency is the service's response time, its own work included: the answer leaves
    // latency after the request's headers arrived (at once when the work took longer). Taken
    // here, outside the emulator's lock, so concurrent calls overlap.
    if (delay) std::this_thread::sleep_until(arrived + std::chrono::milliseconds(latencyMs_));
    if (reply.dropConnection) {
      dropConnection(request, response);
      return;
    }
    if (drip || reply.hugeBytes > 0) {
      streamAnswer(emulator_, request, response, reply, drip ? dripMs_ : 0);
      return;
    }
    response.setStatusAndReason(Poco::Net::HTTPResponse::HTTPStatus(reply.status), reply.reason);
    response.setContentType(reply.contentType);
    response.setContentLength(static_cast<std::streamsize>(reply.body.size()));
    response.sendBuffer(reply.body.data(), reply.body.size());
  }

 private:
  // The member center and the activity service drip; the token endpoint does not, so a client
  // gets its tokens and the drip meets the calls that carry data.
  static bool isDripPath(const std::string& path) {
    return path.rfind("/me/", 0) == 0 || path.rfind("/activity/", 0) == 0;
  }

  Emulator& emulator_;
  Controls& controls_;
  int latencyMs_;
  int dripMs_;
};

class HandlerFactory final : public Poco::Net::HTTPRequestHandlerFactory {
 public:
  HandlerFactory(Emulator& emulator, const ServerOptions& options)
      : emulator_(emulator), options_(options) {}
  Poco::Net::HTTPRequestHandler* createRequestHandler(
      const Poco::Net::HTTPServerRequest&) override {
    return new ExchangeHandler(emulator_, controls_, options_);
  }

 private:
  Emulator& emulator_;
  Controls controls_;
  const ServerOptions options_;
};

Poco::Net::ServerSocket bindSocket(const ServerOptions& options) {
  try {
    return Poco::Net::ServerSocket(
        Poco::Net::SocketAddress(options.host, static_cast<Poco::UInt16>(options.port)));
  } catch (const Poco::Exception& e) {
    throw std::runtime_error("cannot listen on " + options.host + ":" +
                             std::to_string(options.port) + ": " + e.displayText());
  }
}

Poco::Net::HTTPServerParams::Ptr serverParams() {
  Poco::Net::HTTPServerParams::Ptr params = new Poco::Net::HTTPServerParams;
  params->setMaxThreads(kMaxThreads);
  params->setMaxQueued(256);
  params->setKeepAlive(true);
  params->setMaxKeepAliveRequests(0);  // unlimited requests per connection
  return params;
}

}  // namespace

struct Server::Impl {
  Impl(Emulator& emulator, const ServerOptions& options)
      : pool("emulator", 4, kMaxThreads),
        socket(bindSocket(options)),
        server(new HandlerFactory(emulator, options), pool, socket, serverParams()) {
    server.start();
  }

  Poco::ThreadPool pool;  // declared first: it must outlive the server using it
  Poco::Net::ServerSocket socket;
  Poco::Net::HTTPServer server;
  bool stopped = false;
};

Server::Server(Emulator& emulator, const ServerOptions& options)
    : impl_(std::make_unique<Impl>(emulator, options)) {}

Server::~Server() {
  stop();
}

int Server::port() const {
  return impl_->socket.address().port();
}

void Server::stop() {
  if (impl_->stopped) return;
  impl_->stopped = true;
  impl_->server.stopAll(true);  // also ends idle keep-alive connections
}

}  // namespace membersync::emulator
