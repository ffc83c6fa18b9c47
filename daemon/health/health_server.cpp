#include "daemon/health/health_server.h"

#include <stdexcept>

#include <Poco/Exception.h>
#include <Poco/Net/HTTPRequestHandler.h>
#include <Poco/Net/HTTPRequestHandlerFactory.h>
#include <Poco/Net/HTTPServer.h>
#include <Poco/Net/HTTPServerParams.h>
#include <Poco/Net/HTTPServerRequest.h>
#include <Poco/Net/HTTPServerResponse.h>
#include <Poco/Net/NetException.h>
#include <Poco/Net/ServerSocket.h>
#include <Poco/Net/SocketAddress.h>

namespace membersync::daemon {
namespace {

using Poco::Net::HTTPRequest;
using Poco::Net::HTTPResponse;
using Poco::Net::HTTPServerRequest;
using Poco::Net::HTTPServerResponse;

class Handler final : public Poco::Net::HTTPRequestHandler {
 public:
  explicit Handler(const HealthSource& source) : source_(source) {}

  void handleRequest(HTTPServerRequest& request, HTTPServerResponse& response) override {
    const std::string path = request.getURI().substr(0, request.getURI().find('?'));
    const bool known = path == "/healthz" || path == "/metrics";
    if (known && request.getMethod() != HTTPRequest::HTTP_GET &&
        request.getMethod() != HTTPRequest::HTTP_HEAD) {
      response.set("Allow", "GET, HEAD");
      send(request, response, HTTPResponse::HTTP_METHOD_NOT_ALLOWED, "text/plain",
           "only GET is served here\n");
    } else if (path == "/healthz") {
      send(request, response, static_cast<HTTPResponse::HTTPStatus>(source_.status()),
           "application/json", source_.health() + "\n");
    } else if (path == "/metrics") {
      send(request, response, HTTPResponse::HTTP_OK, "text/plain; version=0.0.4; charset=utf-8",
           source_.metrics());
    } else {
      send(request, response, HTTPResponse::HTTP_NOT_FOUND, "text/plain",
           "membersync serves /healthz and /metrics\n");
    }
  }

 private:
  static void send(HTTPServerRequest& request, HTTPServerResponse& response,
                   HTTPResponse::HTTPStatus status, const std::string& type,
                   const std::string& body) {
    response.setStatusAndReason(status);
    response.setContentType(type);
    response.setContentLength(static_cast<std::streamsize>(body.size()));
    response.set("Cache-Control", "no-store");
    if (request.getMethod() == HTTPRequest::HTTP_HEAD) {
      response.send();
    } else {
      response.sendBuffer(body.data(), body.size());
    }
  }

  const HealthSource& source_;
};

class Factory final : public Poco::Net::HTTPRequestHandlerFactory {
 public:
  explicit Factory(const HealthSource& source) : source_(source) {}
  Poco::Net::HTTPRequestHandler* createRequestHandler(const HTTPServerRequest&) override {
    return new Handler(source_);
  }

 private:
  const HealthSource& source_;
};

}  // namespace

struct HealthServer::Impl {
  HealthSource source;
  Poco::Net::ServerSocket socket;
  std::unique_ptr<Poco::Net::HTTPServer> server;
};

HealthServer::HealthServer(const std::string& listen, HealthSource source)
    : impl_(std::make_unique<Impl>()) {
  impl_->source = std::move(source);
  Poco::Net::SocketAddress address;
  try {
    address = Poco::Net::SocketAddress(listen);
  } catch (const Poco::Exception& e) {
    throw std::invalid_argument("'" + listen + "' is not a usable host:port: " + e.displayText());
  }
  try {
    impl_->socket.bind(address, true, false);  // SO_REUSEADDR, never SO_REUSEPORT
    impl_->socket.listen(16);
  } catch (const Poco::Exception& e) {
    // The message alone ("Address already in use: ..."): Poco's class name means nothing to a
    // person.
    throw std::runtime_error("cannot listen on " + listen + ": " +
                             (e.message().empty() ? e.displayText() : e.message()));
  }
  Poco::Net::HTTPServerParams::Ptr params(new Poco::Net::HTTPServerParams);
  params->setMaxThreads(2);
  params->setMaxQueued(16);
  params->setKeepAlive(false);
  params->setTimeout(Poco::Timespan(10, 0));
  impl_->server =
      std::make_unique<Poco::Net::HTTPServer>(new Factory(impl_->source), impl_->socket, params);
  impl_->server->start();
}

HealthServer::~HealthServer() {
  if (impl_ && impl_->server) impl_->server->stopAll(true);
}

std::string HealthServer::boundAddress() const {
  return impl_->socket.address().toString();
}

}  // namespace membersync::daemon
