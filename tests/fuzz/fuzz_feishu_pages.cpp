// Feishu's answers (feishu_pages.h): the first byte picks the decoder and the HTTP status, the
// rest is the body. Each decoder gives a value or a problem, never both; a value holds what the
// walk relies on (ids and names present, a page token exactly when there is more).
#include "jobs/directory/platform/feishu_pages.h"
#include "tests/fuzz/fuzz_support.h"

namespace {

using namespace membersync::directory::platform;

template <typename T>
bool consistent(const Answer<T>& a) {
  return a.ok() ? a.problem.kind == AnswerKind::Ok : a.problem.kind != AnswerKind::Ok;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  static const int kStatuses[] = {200, 200, 200, 400, 429, 502};
  const int status = kStatuses[(data[0] >> 2) % 6];
  const std::string body = membersync::fuzz::text(data + 1, size - 1);
  switch (data[0] % 3) {
    case 0: {
      const auto a = feishu::decodeToken(status, body);
      FUZZ_CHECK(consistent(a));
      if (a.ok()) FUZZ_CHECK(!a.value->value.empty() && a.value->expiresInS > 0);
      break;
    }
    case 1: {
      const auto a = feishu::decodeDepartments(status, body);
      FUZZ_CHECK(consistent(a));
      if (!a.ok()) break;
      FUZZ_CHECK(a.value->more == !a.value->next.empty());
      for (const auto& d : a.value->items) FUZZ_CHECK(!d.id.empty() && !d.name.empty());
      break;
    }
    default: {
      const auto a = feishu::decodeUsers(status, body);
      FUZZ_CHECK(consistent(a));
      if (!a.ok()) break;
      FUZZ_CHECK(a.value->page.more == !a.value->page.next.empty());
      for (const auto& u : a.value->page.items) FUZZ_CHECK(!u.userId.empty());
      break;
    }
  }
  return 0;
}
