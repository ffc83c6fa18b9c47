#include "tests/emulator/password_digest.h"

#include <Poco/SHA2Engine.h>

namespace membersync::emulator {

std::string passwordDigest(const std::string& password) {
  Poco::SHA2Engine engine(Poco::SHA2Engine::SHA_256);
  engine.update(password);
  return Poco::DigestEngine::digestToHex(engine.digest());
}

}  // namespace membersync::emulator
