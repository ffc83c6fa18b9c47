#include "jobs/core/tls_context.h"

#include <Poco/Net/NetSSL.h>
#include <Poco/Net/RejectCertificateHandler.h>

#include <mutex>
#include <stdexcept>

namespace membersync::tls {

void initializeSslOnce() {
  static std::once_flag once;
  std::call_once(once, [] { Poco::Net::initializeSSL(); });
}

Poco::Net::Context::Ptr makeClientContext(const std::string& caFile) {
  initializeSslOnce();
  try {
    // Peers are always verified: the system's CAs, or the CA file alone when one is given.
    Poco::Net::Context::Ptr context = new Poco::Net::Context(
        Poco::Net::Context::TLS_CLIENT_USE, caFile, Poco::Net::Context::VERIFY_RELAXED, 9,
        caFile.empty());
    context->requireMinimumProtocol(Poco::Net::Context::PROTO_TLSV1_2);
    context->setInvalidCertificateHandler(new Poco::Net::RejectCertificateHandler(false));
    return context;
  } catch (const Poco::Exception& e) {
    throw std::invalid_argument("TLS setup failed (ca_file \"" + caFile + "\"): " + e.displayText());
  }
}

}  // namespace membersync::tls
