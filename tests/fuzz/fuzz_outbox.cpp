// The password outbox's reader (jobs/deliver/outbox_lines.h): any text parses without throwing;
// every line kept has a known status and an account, a pending one a password; every line
// written back and read again is the same line; the passwords in force are all non-empty, and
// the confirmed ones confirmed.
#include <string>

#include "jobs/deliver/outbox_lines.h"
#include "tests/fuzz/fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace membersync::deliver;
  const OutboxText text = parseOutbox(membersync::fuzz::text(data, size));
  for (const OutboxLine& l : text.lines) {
    FUZZ_CHECK(l.status == "pending" || l.status == "set" || l.status == "void");
    FUZZ_CHECK(!l.account.empty());
    FUZZ_CHECK(l.status != "pending" || !l.password.empty());
    const OutboxText again = parseOutbox(kOutboxHeader + formatOutboxLine(l));
    FUZZ_CHECK(again.problems.empty() && again.lines.size() == 1);
    const OutboxLine& b = again.lines.front();
    FUZZ_CHECK(b.account == l.account && b.password == l.password && b.created == l.created &&
               b.status == l.status && b.login == l.login && b.hrAccount == l.hrAccount &&
               b.name == l.name);
  }
  for (const auto& [account, p] : currentPasswords(text.lines)) {
    FUZZ_CHECK(account == p.account && !p.password.empty());
  }
  for (const auto& [account, p] : confirmedPasswords(text.lines)) {
    FUZZ_CHECK(account == p.account && !p.password.empty() && p.confirmed);
  }
  return 0;
}
