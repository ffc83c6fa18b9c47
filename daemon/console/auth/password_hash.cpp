#include "daemon/console/auth/password_hash.h"

#include <argon2.h>

#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <stdexcept>
#include <vector>

#include "jobs/core/random_source.h"

namespace membersync::console {
namespace {

constexpr std::size_t kSaltBytes = 16;
constexpr std::size_t kHashBytes = 32;
constexpr int kAtOnce = 2;

// A counting semaphore (C++17 has none): at most kAtOnce hashes hold their 64 MiB at a time.
class HashSlots {
 public:
  void acquire() {
    std::unique_lock<std::mutex> lock(mutex_);
    freed_.wait(lock, [&] { return inUse_ < kAtOnce; });
    ++inUse_;
  }
  void release() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      --inUse_;
    }
    freed_.notify_one();
  }

 private:
  std::mutex mutex_;
  std::condition_variable freed_;
  int inUse_ = 0;
};

HashSlots& slots() {
  static HashSlots s;
  return s;
}

struct Slot {
  Slot() { slots().acquire(); }
  ~Slot() { slots().release(); }
  Slot(const Slot&) = delete;
  Slot& operator=(const Slot&) = delete;
};

}  // namespace

std::string hashPassword(const std::string& password, const HashCost& cost) {
  SystemRandom random;
  const std::vector<std::uint8_t> salt = random.bytes(kSaltBytes);
  const std::size_t length = argon2_encodedlen(cost.iterations, cost.memoryKiB, cost.lanes,
                                               kSaltBytes, kHashBytes, Argon2_id);
  std::string encoded(length, '\0');
  int rc = 0;
  {
    Slot slot;
    rc = argon2id_hash_encoded(cost.iterations, cost.memoryKiB, cost.lanes, password.data(),
                               password.size(), salt.data(), salt.size(), kHashBytes,
                               encoded.data(), encoded.size());
  }
  if (rc != ARGON2_OK)
    throw std::runtime_error(std::string("cannot hash the password: ") + argon2_error_message(rc));
  encoded.resize(encoded.find('\0'));
  return encoded;
}

bool verifyPassword(const std::string& phc, const std::string& password) {
  if (phc.rfind("$argon2id$", 0) != 0) return false;
  Slot slot;
  return argon2id_verify(phc.c_str(), password.data(), password.size()) == ARGON2_OK;
}

void verifyAgainstDummy(const std::string& password) {
  static const std::string dummy = hashPassword("membersync: no such user");
  verifyPassword(dummy, password);
}

}  // namespace membersync::console
