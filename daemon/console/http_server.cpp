#include "daemon/console/http_server.h"

#include <Poco/Exception.h>
#include <Poco/Net/Context.h>
#include <Poco/Net/HTMLForm.h>
#include <Poco/Net/HTTPRequestHandler.h>
#include <Poco/Net/HTTPRequestHandlerFactory.h>
#include <Poco/Net/HTTPServer.h>
#include <Poco/Net/HTTPServerParams.h>
#include <Poco/Net/HTTPServerRequest.h>
#include <Poco/Net/HTTPServerResponse.h>
#include <Poco/Net/NameValueCollection.h>
#include <Poco/Net/SecureServerSocket.h>
#include <Poco/Net/ServerSocket.h>
#include <Poco/Net/SocketAddress.h>
#include <Poco/URI.h>

#include <stdexcept>

#include "jobs/core/tls_context.h"

namespace membersync::console {
namespace {

using Poco::Net::HTTPServerRequest;
using Poco::Net::HTTPServerResponse;

constexpr std::size_t kMaxForm = 64 * 1024;  // a sign-in or an approval is a few hundred bytes

HttpRequest toRequest(HTTPServerRequest& in) {
  HttpRequest r;
  r.method = in.getMethod();
  Poco::URI uri;
  try {
    uri = Poco::URI(in.getURI());
    r.path = uri.getPath();
    for (const auto& [k, v] : uri.getQueryParameters()) r.query.emplace(k, v);
  } catch (const Poco::Exception&) {
    r.path = "/";  // an unparsable target: answered as the home page would be (or /login)
  }
  Poco::Net::NameValueCollection cookies;
  in.getCookies(cookies);
  for (const auto& [k, v] : cookies) r.cookies.emplace(k, v);
  r.origin = in.get("Origin", "");
  r.fetchSite = in.get("Sec-Fetch-Site", "");
  r.acceptLanguage = in.get("Accept-Language", "");
  r.address = in.clientAddress().host().toString();
  if (r.method == "POST") {
    Poco::Net::HTMLForm form;
    form.setFieldLimit(20);
    if (in.getContentLength() > static_cast<std::streamsize>(kMaxForm))
      throw std::length_error("form too large");
    form.load(in, in.stream());
    for (const auto& [k, v] : form) r.form.emplace(k, v);
  }
  return r;
}

class Handler final : public Poco::Net::HTTPRequestHandler {
 public:
  explicit Handler(ConsoleApp& app) : app_(app) {}
  void handleRequest(HTTPServerRequest& request, HTTPServerResponse& response) override {
    HttpResponse out;
    try {
      out = app_.handle(toRequest(request));
    } catch (const std::exception&) {
      out.status = 400;
      out.contentType = "text/plain; charset=utf-8";
      out.body = "bad request\n";
    }
    response.setStatusAndReason(static_cast<Poco::Net::HTTPResponse::HTTPStatus>(out.status));
    response.setContentType(out.contentType);
    for (const auto& [name, value] : out.headers) response.add(name, value);
    response.setContentLength(static_cast<std::streamsize>(out.body.size()));
    if (request.getMethod() == "HEAD")
      response.send();
    else
      response.sendBuffer(out.body.data(), out.body.size());
  }

 private:
  ConsoleApp& app_;
};

class Factory final : public Poco::Net::HTTPRequestHandlerFactory {
 public:
  explicit Factory(ConsoleApp& app) : app_(app) {}
  Poco::Net::HTTPRequestHandler* createRequestHandler(const HTTPServerRequest&) override {
    return new Handler(app_);
  }

 private:
  ConsoleApp& app_;
};

Poco::Net::Context::Ptr serverContext(const std::string& certFile, const std::string& keyFile) {
  tls::initializeSslOnce();
  try {
    Poco::Net::Context::Ptr context = new Poco::Net::Context(
        Poco::Net::Context::TLS_SERVER_USE, keyFile, certFile, "", Poco::Net::Context::VERIFY_NONE);
    context->requireMinimumProtocol(Poco::Net::Context::PROTO_TLSV1_2);
    return context;
  } catch (const Poco::Exception& e) {
    throw TlsSetupError("cannot load the TLS certificate " + certFile + " or key " + keyFile +
                        ": " + e.displayText());
  }
}

}  // namespace

struct ConsoleServer::Impl {
  std::unique_ptr<Poco::Net::ServerSocket> socket;
  std::unique_ptr<Poco::Net::HTTPServer> server;
  ConsoleApp* app = nullptr;
};

ConsoleServer::ConsoleServer(ConsoleApp& app, const std::string& listen,
                             const std::string& certFile, const std::string& keyFile)
    : impl_(std::make_unique<Impl>()) {
  impl_->app = &app;
  Poco::Net::SocketAddress address;
  try {
    address = Poco::Net::SocketAddress(listen);
  } catch (const Poco::Exception& e) {
    throw std::invalid_argument("'" + listen + "' is not a usable host:port: " + e.displayText());
  }
  if (certFile.empty())
    impl_->socket = std::make_unique<Poco::Net::ServerSocket>();
  else
    impl_->socket =
        std::make_unique<Poco::Net::SecureServerSocket>(serverContext(certFile, keyFile));
  try {
    impl_->socket->bind(address, true, false);
    impl_->socket->listen(64);
  } catch (const Poco::Exception& e) {
    throw std::runtime_error("cannot listen on " + listen + ": " +
                             (e.message().empty() ? e.displayText() : e.message()));
  }
}

void ConsoleServer::start() {
  Poco::Net::HTTPServerParams::Ptr params(new Poco::Net::HTTPServerParams);
  params->setMaxThreads(8);
  params->setMaxQueued(64);
  params->setTimeout(Poco::Timespan(30, 0));
  impl_->server =
      std::make_unique<Poco::Net::HTTPServer>(new Factory(*impl_->app), *impl_->socket, params);
  impl_->server->start();
}

ConsoleServer::~ConsoleServer() {
  if (impl_ && impl_->server) impl_->server->stopAll(true);
}

std::string ConsoleServer::boundAddress() const {
  return impl_->socket->address().toString();
}

}  // namespace membersync::console
