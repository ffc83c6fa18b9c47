#include "jobs/core/sha256.h"

#include <openssl/evp.h>

#include <algorithm>
#include <memory>
#include <new>
#include <stdexcept>
#include <string>

#include "jobs/core/text.h"

namespace membersync {

// OpenSSL's digest, not Poco's: it uses the CPU's SHA instructions where there are any, and the
// planner hashes every person and member of a run (10,000 people: 14 ms with Poco's, 2 ms here).
struct Sha256::Impl {
  std::unique_ptr<EVP_MD_CTX, void (*)(EVP_MD_CTX*)> context{EVP_MD_CTX_new(), EVP_MD_CTX_free};
  bool started = false;
  Impl() {
    if (!context) throw std::bad_alloc();
  }
  // Started on first use, and again after hex(): a one-shot digest starts once, not twice.
  EVP_MD_CTX* ready() {
    if (!started) {
      require(EVP_DigestInit_ex(context.get(), algorithm(), nullptr) == 1, "started");
      started = true;
    }
    return context.get();
  }
  // Fetched once: OpenSSL 3 looks the implementation up again at every start otherwise, which
  // cost more than hashing a person's fields. Kept for the life of the process.
  static const EVP_MD* algorithm() {
    static const EVP_MD* const md = EVP_MD_fetch(nullptr, "SHA256", nullptr);
    require(md != nullptr, "found in this OpenSSL");
    return md;
  }
  // An empty or partial digest must never pass for a hash: two would compare equal.
  static void require(bool ok, const char* what) {
    if (!ok) throw std::runtime_error(std::string("SHA-256: the digest cannot be ") + what);
  }
};

Sha256::Sha256() : impl_(new Impl) {}
Sha256::~Sha256() { delete impl_; }

Sha256& Sha256::update(std::string_view bytes) {
  if (!bytes.empty())
    Impl::require(EVP_DigestUpdate(impl_->ready(), bytes.data(), bytes.size()) == 1, "updated");
  return *this;
}

Sha256& Sha256::field(std::string_view text) {
  update(text);
  static const char kSeparator = '\x1f';  // ASCII unit separator
  return update(std::string_view(&kSeparator, 1));
}

Sha256::Digest Sha256::digest() {
  unsigned char bytes[EVP_MAX_MD_SIZE];
  unsigned int size = 0;
  Impl::require(EVP_DigestFinal_ex(impl_->ready(), bytes, &size) == 1 && size == 32, "finished");
  impl_->started = false;
  Digest out;
  std::copy(bytes, bytes + out.size(), out.begin());
  return out;
}

std::string Sha256::hex() {
  const Digest bytes = digest();
  return lowerHex(std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()));
}

std::string Sha256::of(std::string_view bytes) { return Sha256().update(bytes).hex(); }

}  // namespace membersync
