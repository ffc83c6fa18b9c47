// A5's members page (spec 2.3-2.4, PageInfo): an answer body -> MemberPage. A call reads A5
// streamed (readMemberPageEnvelope); the tree reader must agree with it on every body, errors
// included. An accepted page's counts add up (the list within size, size within total and
// pageSize, pages = total / pageSize rounded up).
#include "jobs/center/page_check.h"
#include "tests/fuzz/center_answer.h"
#include "tests/support/member_page_text.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace membersync;
  const std::string body = fuzz::text(data, size);
  FUZZ_CHECK(testing::memberPageByStream(body) == testing::memberPageByTree(body));
  const auto env = fuzz::successfulEnvelope(center::Endpoint::ListMembers, body);
  if (!env) return 0;
  const auto page = center::decodeMemberPage(env->data.get());
  if (!page.ok()) {
    FUZZ_CHECK(page.error().kind == center::ErrorKind::Protocol);
    return 0;
  }
  const center::MemberPage& p = page.value();
  FUZZ_CHECK(!center::pageObjectProblem(p));
  FUZZ_CHECK(p.total >= 0 && p.total <= center::kMostMembers);
  FUZZ_CHECK(static_cast<std::int64_t>(p.list.size()) <= p.size && p.size <= p.total);
  if (p.pageSize > 0) FUZZ_CHECK(p.pages == (p.total + p.pageSize - 1) / p.pageSize);
  for (int n : p.navigatepageNums) FUZZ_CHECK(n >= 0);
  return 0;
}
