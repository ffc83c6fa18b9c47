// A6's asset numbers (spec 2.5): an answer body -> AssetNumber list.
#include "tests/fuzz/center_answer.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace membersync;
  const auto env =
      fuzz::successfulEnvelope(center::Endpoint::ListAssetNumbers, fuzz::text(data, size));
  if (!env) return 0;
  const auto assets = center::decodeAssetNumbers(env->data.get());
  if (!assets.ok()) {
    FUZZ_CHECK(assets.error().kind == center::ErrorKind::Protocol);
    return 0;
  }
  if (!env->data) FUZZ_CHECK(assets.value().empty());  // null data: none
  return 0;
}
