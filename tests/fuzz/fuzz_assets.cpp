// A6's asset numbers (spec 2.5): an answer body -> AssetNumber list. A call reads A6 streamed
// (readAssetNumbersEnvelope); the tree reader must agree with it on every body, errors included.
#include "tests/fuzz/center_answer.h"
#include "tests/support/asset_answer_text.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace membersync;
  const std::string body = fuzz::text(data, size);
  FUZZ_CHECK(testing::assetAnswerByStream(body) == testing::assetAnswerByTree(body));
  const auto env = fuzz::successfulEnvelope(center::Endpoint::ListAssetNumbers, body);
  if (!env) return 0;
  const auto assets = center::decodeAssetNumbers(env->data.get());
  if (!assets.ok()) {
    FUZZ_CHECK(assets.error().kind == center::ErrorKind::Protocol);
    return 0;
  }
  if (!env->data) FUZZ_CHECK(assets.value().empty());  // null data: none
  return 0;
}
