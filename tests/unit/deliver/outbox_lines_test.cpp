// The outbox's text: old and new lines, quoting, damaged lines, and the password in force.

#include <catch2/catch.hpp>

#include "jobs/deliver/outbox_lines.h"

using namespace membersync::deliver;
using membersync::Secret;

TEST_CASE("outbox: lines from before logins were kept still read beside new ones", "[deliver]") {
  const auto text = parseOutbox(
      "account,password,created,status\n"
      "alice,Pw0ld1234567,2026-01-01T00:00:00Z,pending\n"
      "alice,,2026-01-01T00:00:01Z,set\n"
      "bob,Pw2new345678,2026-02-01T00:00:00Z,pending,Bob@acme,Bob,\"Smith, Bob\"\n");
  REQUIRE(text.problems.empty());
  REQUIRE(text.lines.size() == 3);
  CHECK(text.lines[0].line == 2);
  CHECK(text.lines[0].login.empty());
  CHECK(text.lines[2].login == "Bob@acme");
  CHECK(text.lines[2].hrAccount == "Bob");
  CHECK(text.lines[2].name == "Smith, Bob");
}

TEST_CASE("outbox: a damaged line is skipped and named, the others still count", "[deliver]") {
  const auto text = parseOutbox(kOutboxHeader + std::string("alice,x\n") +
                                "bob,Pw1,t,lost\n"
                                "carol,,t,pending\n"
                                "dave,Pw2abcdefgh,t,pending\n");
  REQUIRE(text.problems.size() == 3);
  CHECK(text.problems[0].rfind("line 2:", 0) == 0);
  CHECK(text.problems[1].find("unknown status") != std::string::npos);
  CHECK(text.problems[1].find("lost") == std::string::npos);  // it may be a piece of a password
  CHECK(text.problems[2].find("pending without a password") != std::string::npos);
  REQUIRE(text.lines.size() == 1);
  CHECK(text.lines[0].account == "dave");
}

TEST_CASE("outbox: a line written and read back is the same line", "[deliver]") {
  const OutboxLine line{0, "quoteremark", Secret("Ab1\"x,y"), "2026-11-24T10:00:00Z", "pending",
                        "quoteRemark@acme", "quoteRemark", "张 \"三\", Jr."};
  const auto text = parseOutbox(kOutboxHeader + formatOutboxLine(line));
  REQUIRE(text.lines.size() == 1);
  const auto& back = text.lines[0];
  CHECK(back.account == line.account);
  CHECK(back.password == line.password);
  CHECK(back.login == line.login);
  CHECK(back.hrAccount == line.hrAccount);
  CHECK(back.name == line.name);
}

TEST_CASE("outbox: the password in force is the newest pending one no void cancelled",
          "[deliver]") {
  const auto text = parseOutbox(kOutboxHeader + std::string(
                                                    "a,P1aaaaaaaa,t1,pending\n"
                                                    "a,,t2,set\n"
                                                    "a,P2bbbbbbbb,t3,pending\n"
                                                    "a,,t4,void\n"
                                                    "b,P3cccccccc,t5,pending\n"
                                                    "c,P4dddddddd,t6,pending\n"
                                                    "c,,t7,void\n"));
  const auto current = currentPasswords(text.lines);
  REQUIRE(current.count("a") == 1);
  CHECK(current.at("a").password == Secret("P1aaaaaaaa"));  // P2 was never set
  CHECK(current.at("a").confirmed);
  CHECK_FALSE(current.at("b").confirmed);
  CHECK(current.count("c") == 0);
}

TEST_CASE("outbox: an account named account is a line, not a second header", "[deliver]") {
  const auto text = parseOutbox(kOutboxHeader + std::string("account,Pw1234567890,t,pending\n"));
  REQUIRE(text.lines.size() == 1);
  CHECK(text.lines[0].account == "account");
}

TEST_CASE("outbox: a line cut short inside a quoted name costs that line only", "[deliver]") {
  const auto text = parseOutbox(kOutboxHeader + std::string(
                                                    "alice,PwA123456789,t1,pending,a@acme,alice,\"Smith, Al\n"
                                                    "bob,PwB123456789,t2,pending,b@acme,bob,Bob\n"
                                                    "bob,,t3,set,,,\n"));
  REQUIRE(text.problems.size() == 1);
  CHECK(text.problems[0].rfind("line 2:", 0) == 0);
  const auto current = currentPasswords(text.lines);
  REQUIRE(current.count("bob") == 1);
  CHECK(current.at("bob").confirmed);
  CHECK(current.count("alice") == 0);
}

TEST_CASE("outbox: a name with a line break is written on one line", "[deliver]") {
  const std::string line =
      formatOutboxLine({0, "a", membersync::Secret("Pw1234567890"), "t", "pending", "", "", "x\ny"});
  CHECK(line == "a,Pw1234567890,t,pending,,,x y\n");
}

TEST_CASE("outbox: the confirmed password stays in force below a newer one not yet answered",
          "[deliver]") {
  const auto text = parseOutbox(kOutboxHeader + std::string("a,P1aaaaaaaa,t1,pending\n"
                                                            "a,,t2,set\n"
                                                            "a,P2bbbbbbbb,t3,pending\n"
                                                            "b,P3cccccccc,t4,pending\n"));
  const auto confirmed = confirmedPasswords(text.lines);
  REQUIRE(confirmed.count("a") == 1);
  CHECK(confirmed.at("a").password == Secret("P1aaaaaaaa"));
  CHECK(confirmed.count("b") == 0);
  CHECK(currentPasswords(text.lines).at("a").password == Secret("P2bbbbbbbb"));
}

namespace {

const std::string kTwoLines = std::string(kOutboxHeader) +
                              "alice,PwA123456789,t1,pending,alice@acme,alice,Alice\n"
                              "alice,,t2,set,,,\n";

}  // namespace

TEST_CASE("outbox: a whole file has no torn line, nor has an empty one", "[deliver]") {
  CHECK_FALSE(findTornLine(kTwoLines));
  CHECK_FALSE(findTornLine(""));
  CHECK_FALSE(findTornLine(kOutboxHeader));
  CHECK_FALSE(findTornLine("account,password,created,status\n"));  // an old header
}

TEST_CASE("outbox: a last line cut short is torn, its account read as far as it goes",
          "[deliver]") {
  const auto inPassword = findTornLine(kTwoLines + "bob,PwB1234");
  REQUIRE(inPassword);
  CHECK(inPassword->line == 4);
  CHECK(inPassword->offset == kTwoLines.size());
  CHECK(inPassword->account == "bob");
  CHECK_FALSE(inPassword->accountCut);

  const auto inAccount = findTornLine(kTwoLines + "bo");
  REQUIRE(inAccount);
  CHECK(inAccount->account == "bo");
  CHECK(inAccount->accountCut);  // "bob", "bond", ... may be meant

  // Only the end of the name lost: it still reads, but its write was cut short all the same.
  const auto inName = findTornLine(kTwoLines + "bob,PwB123456789,t3,pending,bob@acme,bob,Bo");
  REQUIRE(inName);
  CHECK(inName->account == "bob");
}

TEST_CASE("outbox: a last line that cannot be read is torn even with its line end", "[deliver]") {
  const auto torn = findTornLine(kTwoLines + "bob,PwB123456789,t3,pen\n");
  REQUIRE(torn);
  CHECK(torn->line == 4);
  CHECK(torn->account == "bob");
}

TEST_CASE("outbox: a set or void line that only lacks its line end is not torn", "[deliver]") {
  // It lost nothing; a file saved by hand may well end so, and its `set` must stay.
  CHECK_FALSE(findTornLine(kTwoLines.substr(0, kTwoLines.size() - 1)));
  CHECK_FALSE(findTornLine(kTwoLines + "alice,,t3,void,,,"));
}

TEST_CASE("outbox: a line cut short in the middle is not the torn last line", "[deliver]") {
  CHECK_FALSE(findTornLine(std::string(kOutboxHeader) + "bob,PwB12\nalice,,t2,set,,,\n"));
}

TEST_CASE(
    "outbox: a header cut short by the first write to a new file is a torn line of no "
    "account",
    "[deliver]") {
  const auto torn = findTornLine("acc");
  REQUIRE(torn);
  CHECK(torn->line == 1);
  CHECK(torn->offset == 0);
  CHECK(torn->account.empty());
  CHECK_FALSE(findTornLine("account,pass"));  // still reads as the header: nothing to repair
}
