#include "jobs/core/hmac.h"

#include <openssl/evp.h>
#include <openssl/hmac.h>

#include <stdexcept>
#include <vector>

namespace membersync {

std::string hmacSha256(std::string_view key, std::string_view message) {
  unsigned char code[EVP_MAX_MD_SIZE];
  unsigned int size = 0;
  // HMAC() takes a NULL data pointer for an empty message (Feishu signs one) as long as the
  // length is 0; an empty key is a key of zero bytes.
  const auto* data = reinterpret_cast<const unsigned char*>(message.data());
  if (!HMAC(EVP_sha256(), key.data(), static_cast<int>(key.size()), data, message.size(), code,
            &size) ||
      size != 32) {
    throw std::runtime_error("HMAC-SHA256: OpenSSL could not compute the code");
  }
  return std::string(reinterpret_cast<const char*>(code), size);
}

std::string base64(std::string_view bytes) {
  // EVP_EncodeBlock writes 4 characters for every 3 bytes begun, and a terminating NUL.
  std::vector<unsigned char> out(4 * ((bytes.size() + 2) / 3) + 1);
  const int n = EVP_EncodeBlock(out.data(), reinterpret_cast<const unsigned char*>(bytes.data()),
                                static_cast<int>(bytes.size()));
  return std::string(reinterpret_cast<const char*>(out.data()), static_cast<std::size_t>(n));
}

}  // namespace membersync
