// The member center's envelope (spec 2.1): an answer body read as a read call (A5) and as A1,
// which also takes the partial code 60027. Business codes become errors through the code table.
#include "tests/fuzz/center_answer.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace membersync;
  const std::string body = fuzz::text(data, size);
  const auto read = fuzz::successfulEnvelope(center::Endpoint::ListMembers, body);
  const auto add = fuzz::successfulEnvelope(center::Endpoint::AddMembers, body, true);
  if (read) {
    FUZZ_CHECK(read->code == "0");
    FUZZ_CHECK(add && add->code == "0");  // what a read accepts, A1 accepts
  }
  if (add) FUZZ_CHECK(add->code == "0" || add->code == "60027");
  return 0;
}
