// The outbox file read line by line (issue 32: 400,000 people in bounded memory): it gives what
// the whole text parsed at once gives, damaged and torn lines included, and the reads that need
// less hold less: accounts without passwords, some accounts only, nothing read for nothing asked.

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "jobs/deliver/password_outbox.h"
#include "tests/support/temp_dir.h"

using namespace membersync::deliver;
using membersync::Secret;

namespace {

std::string contents(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// The fold as it was before it went line by line (a vector of every line, then a stack per
// account): the reference the streaming reads must agree with.
std::map<std::string, std::vector<CurrentPassword>> wholeFold(
    const std::vector<OutboxLine>& lines) {
  std::map<std::string, std::vector<CurrentPassword>> open;
  for (const OutboxLine& l : lines) {
    auto& stack = open[l.account];
    if (l.status == "pending") {
      stack.push_back({l.account, l.password, l.created, false, l.login, l.hrAccount, l.name});
    } else if (!stack.empty()) {
      if (l.status == "void")
        stack.pop_back();
      else
        stack.back().confirmed = true;
    }
  }
  return open;
}

using Shown = std::map<std::string, std::string>;  // account: every field, to compare whole

std::string shown(const CurrentPassword& p) {
  return p.password.reveal() + "|" + p.created + "|" + (p.confirmed ? "1" : "0") + "|" + p.login +
         "|" + p.hrAccount + "|" + p.name;
}

Shown shown(const std::map<std::string, CurrentPassword>& passwords) {
  Shown out;
  for (const auto& [account, p] : passwords) out[account] = shown(p);
  return out;
}

const std::vector<std::string> kTexts = {
    "",
    kOutboxHeader,
    std::string(kOutboxHeader) + "alice,PwA123456789,t1,pending,Alice@acme,Alice,\"Li, A\"\n" +
        "alice,,t2,set,,,\n" + "bob,PwB123456789,t1,pending,,,\n",
    // from before logins were kept, no header, blank lines, a header further down
    "account,password,created,status\nold,Old123456789,t0,pending\n\nold,,t0,set\n"
    "account,password,created,status\n",
    "old,Old123456789,t0,pending\nold,,t0,set\n",
    // damaged: a stray quote, too few fields, an unknown status, no account, no password
    std::string(kOutboxHeader) + "alice,PwA123456789,t1,pending,,,\ncarol,\"PwC12\n" +
        "dave,x\nerin,PwE1,t,lost\n,PwF1,t,pending\ngus,,t,pending\nalice,,t2,set,,,\n" +
        "hal,\"x\"y,t,pending\n",
    // confirmed below a newer pending, voids, a set with nothing open
    std::string(kOutboxHeader) + "a,P1aaaaaaaa,t1,pending\na,,t2,set\na,P2bbbbbbbb,t3,pending\n" +
        "b,P3cccccccc,t4,pending\nb,,t5,void\nb,,t6,set\nc,P4dddddddd,t6,pending\n" +
        "c,P5eeeeeeee,t7,pending\nc,,t8,set\nc,,t9,void\nd,,t1,set\n",
    // confirmed ones below, cancelled above and in between
    std::string(kOutboxHeader) + "e,P1,t1,pending\ne,P2,t2,pending\ne,,t3,set\ne,,t4,void\n" +
        "e,,t5,set\nf,P1,t1,pending\nf,,t2,set\nf,P2,t3,pending\nf,,t4,void\nf,,t5,void\n" +
        "g,P1,t1,pending\ng,P2,t2,pending\ng,,t3,void\nh,P1,t1,pending\nh,,t2,set\n" +
        "h,P2,t3,pending\nh,P3,t4,pending\nh,,t5,set\nh,,t6,void\n",
    // a stray CR splits a line; CRLF line ends
    std::string(kOutboxHeader) + "a,P1aaaaaaaa,t1,pending\rb,P2bbbbbbbb,t1,pending\n" +
        "c,P3cccccccc,t1,pending\r\nc,,t2,set\r\n",
    // torn last lines: in a password, in an account, a pending one without its "\n"
    std::string(kOutboxHeader) + "alice,PwA123456789,t1,pending,,,\nbob,PwB1234",
    std::string(kOutboxHeader) + "alice,PwA123456789,t1,pending,,,\nbo",
    std::string(kOutboxHeader) + "alice,PwA123456789,t1,pending,,,\nbob,PwB123456789,t3,pending",
    std::string(kOutboxHeader) + "alice,PwA123456789,t1,pending,,,\nalice,,t2,set,,,",
    std::string(kOutboxHeader) + "alice,\"PwA12\nalice,,t2,set,,,\n",
    "acc",
    "\n",
};

}  // namespace

TEST_CASE("outbox: read line by line, the file gives what its whole text parsed gives",
          "[deliver]") {
  membersync::testing::TempDir dir;
  const std::string path = (dir.path() / "new-passwords.csv").string();
  for (const std::string& text : kTexts) {
    CAPTURE(text);
    std::filesystem::remove(path);
    { std::ofstream(path, std::ios::binary) << text; }
    FileOutbox outbox(path);
    const OutboxText whole = parseOutbox(text);
    const OutboxText read = outbox.read();
    CHECK(read.problems == whole.problems);
    REQUIRE(read.lines.size() == whole.lines.size());
    for (std::size_t i = 0; i < read.lines.size(); ++i) {
      CHECK(read.lines[i].line == whole.lines[i].line);
      CHECK(formatOutboxLine(read.lines[i]) == formatOutboxLine(whole.lines[i]));
    }

    Shown current, confirmed;
    std::set<std::string> accounts, confirmedAccounts, unconfirmed;
    std::map<std::string, Secret> pending;
    for (const auto& [account, stack] : wholeFold(whole.lines)) {
      accounts.insert(account);
      if (stack.empty()) continue;
      current[account] = shown(stack.back());
      pending[account] = stack.back().password;
      if (!stack.back().confirmed) unconfirmed.insert(account);
      for (auto p = stack.rbegin(); p != stack.rend(); ++p) {
        if (!p->confirmed) continue;
        confirmed[account] = shown(*p);
        confirmedAccounts.insert(account);
        break;
      }
    }
    CHECK(shown(outbox.current()) == current);
    CHECK(shown(outbox.confirmed()) == confirmed);
    CHECK(outbox.confirmedAccounts(accounts) == confirmedAccounts);
    CHECK(outbox.unconfirmedAccounts() == unconfirmed);
    CHECK(outbox.pendingPasswords(accounts) == pending);

    const auto torn = outbox.tornLine();
    const auto wholeTorn = findTornLine(text);
    REQUIRE(bool(torn) == bool(wholeTorn));
    if (torn) {
      CHECK(torn->line == wholeTorn->line);
      CHECK(torn->offset == wholeTorn->offset);
      CHECK(torn->account == wholeTorn->account);
      CHECK(torn->accountCut == wholeTorn->accountCut);
    }
  }
}

TEST_CASE("outbox: removing nothing does not read the outbox", "[deliver]") {
  membersync::testing::TempDir dir;
  const std::string folder = (dir.path() / "a-folder").string();
  std::filesystem::create_directory(folder);
  FileOutbox unreadable(folder);
  CHECK_THROWS(unreadable.current());  // it cannot be read at all
  CHECK(unreadable.remove({}).empty());
  CHECK(unreadable.confirmedAccounts({}).empty());
  CHECK(unreadable.pendingPasswords({}).empty());

  const std::string path = (dir.path() / "new-passwords.csv").string();
  const std::string damaged = std::string(kOutboxHeader) + "alice,\"PwA12\n";
  { std::ofstream(path, std::ios::binary) << damaged; }
  FileOutbox outbox(path);
  CHECK(outbox.remove({}).empty());  // a damaged line refuses a rewrite, and none is due
  CHECK_THROWS_WITH(outbox.remove({"alice"}), Catch::Contains("nothing was removed"));
  CHECK(contents(path) == damaged);
}

TEST_CASE("outbox: confirmed accounts are those asked that hold a confirmed password",
          "[deliver]") {
  membersync::testing::TempDir dir;
  FileOutbox outbox((dir.path() / "new-passwords.csv").string());
  outbox.append({{"set", Secret("Set123456789"), "t1", "", "", ""},
                 {"below", Secret("Below1234567"), "t1", "", "", ""},
                 {"pending", Secret("Pending12345"), "t1", "", "", ""},
                 {"voided", Secret("Voided123456"), "t1", "", "", ""},
                 {"other", Secret("Other1234567"), "t1", "", "", ""}});
  outbox.mark({"set", "below", "other"}, OutboxMark::Set, "t2");
  outbox.mark({"voided"}, OutboxMark::Void, "t2");
  outbox.append({"below", Secret("Newer1234567"), "t3", "", "", ""});  // a reset not answered
  const std::set<std::string> asked{"set", "below", "pending", "voided", "nobody"};
  CHECK(outbox.confirmedAccounts(asked) == std::set<std::string>{"set", "below"});
  CHECK(outbox.unconfirmedAccounts() == std::set<std::string>{"below", "pending"});
  const auto pending = outbox.pendingPasswords({"below", "voided"});
  REQUIRE(pending.size() == 1);
  CHECK(pending.at("below") == Secret("Newer1234567"));
}

TEST_CASE("outbox: a rewrite streams every kept line as it is written, in the new columns",
          "[deliver]") {
  membersync::testing::TempDir dir;
  const std::string path = (dir.path() / "new-passwords.csv").string();
  {
    std::ofstream(path, std::ios::binary)
        << "account,password,created,status\n"
           "old,Old123456789,t0,pending\n\nold,,t0,set\n"
           "gone,Gone12345678,t0,pending\ngone,,t1,set\n"
           "kept,Kept12345678,t1,pending\nkept,,t1,set\nkept,Kept87654321,t2,pending\n";
  }
  FileOutbox outbox(path);
  // kept: its password in force is pending, so it is not handed out
  CHECK(outbox.remove({"old", "gone", "kept"}) == std::set<std::string>{"old", "gone"});
  CHECK(contents(path) == std::string(kOutboxHeader) +
                              "kept,Kept12345678,t1,pending,,,\nkept,,t1,set,,,\n"
                              "kept,Kept87654321,t2,pending,,,\n");
  CHECK_FALSE(std::filesystem::exists(path + ".rewrite"));
}
