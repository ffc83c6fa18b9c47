// A8's borrowed locks (spec 2.6): an answer body -> BorrowedLock list.
#include "tests/fuzz/center_answer.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace membersync;
  const auto env =
      fuzz::successfulEnvelope(center::Endpoint::ListBorrowedLocks, fuzz::text(data, size));
  if (!env) return 0;
  const auto locks = center::decodeBorrowedLocks(env->data.get());
  if (!locks.ok()) {
    FUZZ_CHECK(locks.error().kind == center::ErrorKind::Protocol);
    return 0;
  }
  if (!env->data) FUZZ_CHECK(locks.value().empty());  // null data: none
  return 0;
}
