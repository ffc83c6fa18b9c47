// WeCom's answers (wecom_pages.h): the first byte picks the decoder and the HTTP status, the rest
// is the body. Each decoder gives a value or a problem, never both; a value holds what the walk
// relies on (ids present, each person once in a list_id page, more exactly when a cursor).
#include <set>

#include "jobs/directory/platform/wecom_pages.h"
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
  static const int kStatuses[] = {200, 200, 200, 429, 502};
  const int status = kStatuses[(data[0] >> 3) % 5];
  const std::string body = membersync::fuzz::text(data + 1, size - 1);
  switch (data[0] % 5) {
    case 0: {
      const auto a = wecom::decodeToken(status, body);
      FUZZ_CHECK(consistent(a));
      if (a.ok()) FUZZ_CHECK(!a.value->value.empty() && a.value->expiresInS > 0);
      break;
    }
    case 1: {
      const auto a = wecom::decodeSimpleList(status, body);
      FUZZ_CHECK(consistent(a));
      if (a.ok())
        for (const auto& d : *a.value) FUZZ_CHECK(!d.id.empty());
      break;
    }
    case 2: {
      const auto a = wecom::decodeDepartment(status, body);
      FUZZ_CHECK(consistent(a));
      if (a.ok()) FUZZ_CHECK(!a.value->id.empty() && !a.value->name.empty());
      break;
    }
    case 3: {
      const auto a = wecom::decodeUserIds(status, body);
      FUZZ_CHECK(consistent(a));
      if (!a.ok()) break;
      FUZZ_CHECK(a.value->more == !a.value->next.empty());
      std::set<std::string> seen;
      for (const auto& id : a.value->items) FUZZ_CHECK(!id.empty() && seen.insert(id).second);
      break;
    }
    default: {
      const auto a = wecom::decodeUser(status, body);
      FUZZ_CHECK(consistent(a));
      if (a.ok()) FUZZ_CHECK(!a.value->user.userId.empty());
      break;
    }
  }
  return 0;
}
