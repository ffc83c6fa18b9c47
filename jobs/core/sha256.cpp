#include "jobs/core/sha256.h"

#include <Poco/SHA2Engine.h>

namespace membersync {

struct Sha256::Impl {
  Poco::SHA2Engine engine{Poco::SHA2Engine::SHA_256};
};

Sha256::Sha256() : impl_(new Impl) {}
Sha256::~Sha256() { delete impl_; }

Sha256& Sha256::update(std::string_view bytes) {
  impl_->engine.update(bytes.data(), static_cast<unsigned>(bytes.size()));
  return *this;
}

Sha256& Sha256::field(std::string_view text) {
  update(text);
  static const char kSeparator = '\x1f';  // ASCII unit separator
  impl_->engine.update(&kSeparator, 1);
  return *this;
}

std::string Sha256::hex() {
  return Poco::DigestEngine::digestToHex(impl_->engine.digest());
}

std::string Sha256::of(std::string_view bytes) { return Sha256().update(bytes).hex(); }

}  // namespace membersync
