#pragma once

// The TLS client context every outgoing connection uses (HTTPS to the member center, SMTP).
// This header exposes Poco::Net::Context: include it from .cpp files only, so that Poco stays
// out of the headers other parts of jobs/ see.

#include <Poco/Net/Context.h>

#include <string>

namespace membersync::tls {

// Poco::Net::initializeSSL(), once per process (thread-safe).
void initializeSslOnce();

// A client context that always verifies the peer: against `caFile` alone when it is given,
// else against the system's CAs; TLS 1.2 or newer; an invalid certificate is rejected, never
// asked about. The host name is checked by Poco against the name the socket connects to.
// Calls initializeSslOnce(). Throws std::invalid_argument ("TLS setup failed (ca_file "...")
// ...") when the CA file cannot be loaded.
Poco::Net::Context::Ptr makeClientContext(const std::string& caFile);

}  // namespace membersync::tls
