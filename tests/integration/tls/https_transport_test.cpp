// The real transport over TLS: peers are verified by default, and `ca_file` is how a private CA
// is trusted. A local HTTPS server on 127.0.0.1 (port 0) presents a certificate for 127.0.0.1
// signed by a test CA that no system trusts.

#include <Poco/Net/Context.h>
#include <Poco/Net/HTTPRequestHandler.h>
#include <Poco/Net/HTTPRequestHandlerFactory.h>
#include <Poco/Net/HTTPServer.h>
#include <Poco/Net/HTTPServerRequest.h>
#include <Poco/Net/HTTPServerResponse.h>
#include <Poco/Net/SecureServerSocket.h>

#include <catch2/catch.hpp>
#include <memory>
#include <string>

#include "jobs/center/options.h"
#include "jobs/center/poco_transport.h"

namespace {

using membersync::center::ClientOptions;
using membersync::center::HttpRequest;
using membersync::center::PocoTransport;
using membersync::center::TransportResult;

const std::string kCerts = MEMBERSYNC_SOURCE_DIR "/tests/integration/tls/certs/";

class Hello final : public Poco::Net::HTTPRequestHandler {
 public:
  void handleRequest(Poco::Net::HTTPServerRequest& request,
                     Poco::Net::HTTPServerResponse& response) override {
    request.stream().ignore(std::numeric_limits<std::streamsize>::max());
    response.setContentType("application/json");
    response.send() << R"({"code":0,"message":"success","data":null})";
  }
};

class HelloFactory final : public Poco::Net::HTTPRequestHandlerFactory {
 public:
  Poco::Net::HTTPRequestHandler* createRequestHandler(const Poco::Net::HTTPServerRequest&) override {
    return new Hello;
  }
};

// An HTTPS server on 127.0.0.1, port 0, for the life of the object.
class HttpsServer {
 public:
  HttpsServer()
      : context_(new Poco::Net::Context(Poco::Net::Context::TLS_SERVER_USE, kCerts + "server.key",
                                        kCerts + "server.pem", "",
                                        Poco::Net::Context::VERIFY_NONE)),
        socket_(Poco::Net::SocketAddress("127.0.0.1", 0), 64, context_),
        server_(new HelloFactory, socket_, new Poco::Net::HTTPServerParams) {
    server_.start();
  }
  ~HttpsServer() { server_.stopAll(true); }
  std::string url() const {
    return "https://127.0.0.1:" + std::to_string(socket_.address().port()) + "/probe";
  }

 private:
  Poco::Net::Context::Ptr context_;
  Poco::Net::SecureServerSocket socket_;
  Poco::Net::HTTPServer server_;
};

TransportResult get(const ClientOptions& options, const std::string& url) {
  PocoTransport transport(options);
  return transport.send(HttpRequest{"GET", url, {}, ""});
}

}  // namespace

TEST_CASE("https: a peer whose certificate no trusted CA signed is refused by default",
          "[center][tls]") {
  HttpsServer server;
  ClientOptions options;  // caFile empty: the system's CAs, which do not include the test CA
  auto result = get(options, server.url());
  CHECK(result.kind == TransportResult::Kind::NotSent);
  CHECK(result.unusable);  // repeating cannot help: a person must fix the trust settings
  CHECK_FALSE(result.detail.empty());
}

TEST_CASE("https: ca_file naming the private CA makes its server trusted", "[center][tls]") {
  HttpsServer server;
  ClientOptions options;
  options.caFile = kCerts + "test-ca.pem";
  auto result = get(options, server.url());
  REQUIRE(result.kind == TransportResult::Kind::Answered);
  CHECK(result.status == 200);
  CHECK(result.body.find("\"code\":0") != std::string::npos);
}

TEST_CASE("https: a CA file that trusts someone else still refuses the peer", "[center][tls]") {
  HttpsServer server;
  ClientOptions options;
  options.caFile = kCerts + "server.pem";  // a leaf, not the CA that signed the server
  auto result = get(options, server.url());
  CHECK(result.kind == TransportResult::Kind::NotSent);
}

TEST_CASE("https: a CA file that cannot be loaded stops an https configuration at the start",
          "[center][tls]") {
  ClientOptions options;
  options.caFile = kCerts + "no-such-ca.pem";
  options.baseUrl = "https://127.0.0.1:1";
  options.tokenUrl = "https://127.0.0.1:1/uc/oauth/token";
  CHECK_THROWS_AS(PocoTransport(options), std::invalid_argument);
}

TEST_CASE("https: an http configuration loads no CAs, and an https URL sent later meets the bad "
          "CA file as a refusal a person must fix",
          "[center][tls]") {
  HttpsServer server;
  ClientOptions options;
  options.caFile = kCerts + "no-such-ca.pem";
  options.baseUrl = "http://127.0.0.1:1";
  options.tokenUrl = "http://127.0.0.1:1/uc/oauth/token";
  PocoTransport transport(options);  // no CA loaded: nothing to refuse yet
  const auto result = transport.send(HttpRequest{"GET", server.url(), {}, ""});
  CHECK(result.kind == TransportResult::Kind::NotSent);
  CHECK(result.unusable);
  CHECK_THAT(result.detail, Catch::Contains("no-such-ca.pem"));
}
