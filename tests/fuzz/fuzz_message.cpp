// A message as the state stores it (jobs/i18n/message.h): any text read back from a state
// database (one edited by hand, or written by another version) must come back as a message or
// as itself, never crash nor take the stack; a message read back is stored again unchanged, and
// shows with every placeholder filled at most once.
#include "jobs/i18n/message.h"
#include "tests/fuzz/fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace membersync;
  const std::string stored = fuzz::text(data, size);
  const i18n::Message m = i18n::decodeMessage(stored);
  const std::string shown = i18n::english(m);
  if (m.verbatim) {
    FUZZ_CHECK(shown == stored);
    return 0;
  }
  const std::string again = i18n::encodeMessage(m);
  FUZZ_CHECK(i18n::decodeMessage(again) == m);
  FUZZ_CHECK(i18n::encodeMessage(i18n::decodeMessage(again)) == again);
  return 0;
}
