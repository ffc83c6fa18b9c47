#pragma once

#include <string>
#include <string_view>

namespace membersync {

// HMAC-SHA256 (RFC 2104) through OpenSSL: the 32 raw bytes of the code of `message` under `key`.
// What the group robots' signatures are made of (jobs/notify). Throws std::runtime_error only
// when OpenSSL itself fails.
std::string hmacSha256(std::string_view key, std::string_view message);

// Standard base64 (RFC 4648, section 4) with padding, on one line.
std::string base64(std::string_view bytes);

}  // namespace membersync
