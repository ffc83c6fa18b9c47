// What `membersync passwords` lists.

#include <catch2/catch.hpp>

#include "jobs/deliver/passwords_listing.h"

using namespace membersync::deliver;
using membersync::Secret;
using membersync::state::MailState;
using membersync::state::PasswordToHandOut;

TEST_CASE("passwords listing: confirmed passwords not handed out, with how mailing stands",
          "[deliver]") {
  std::map<std::string, CurrentPassword> outbox;
  outbox["old"] = {"old", Secret("Old123456789"), "t0", true, "", "", ""};
  outbox["new"] = {"new", Secret("New123456789"), "t1", true, "New@acme", "New", "新人"};
  outbox["open"] = {"open", Secret("Open12345678"), "t2", false, "open@acme", "open", "O"};
  outbox["gone"] = {"gone", Secret("Gone12345678"), "t3", true, "gone@acme", "gone", "G"};
  PasswordToHandOut retry;
  retry.account = "new";
  retry.mail = MailState::Retry;
  retry.attempts = 2;
  retry.reply = "421 busy";

  outbox["ahead"] = {"ahead", Secret("Ahead1234567"), "t4", true, "", "", ""};
  const auto rows = listPasswords(outbox, {retry}, {"gone"}, {"ahead"}, "@acme");
  REQUIRE(rows.size() == 2);
  CHECK(rows[0].account == "new");
  CHECK(rows[0].hrAccount == "New");
  CHECK(rows[0].mail == MailState::Retry);
  CHECK(membersync::i18n::english(rows[0].delivery).find("2 attempt(s)") != std::string::npos);
  CHECK(rows[1].account == "old");
  CHECK(rows[1].login == "old@acme");  // from the suffix: the line predates logins
  CHECK(rows[1].delivery.empty());
}
