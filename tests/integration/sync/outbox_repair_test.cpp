// The real membersync binary against the emulator: what a run cut off by a crash or a full disk
// leaves in the password outbox (a torn last line, passwords appended and never recorded in the
// state) is repaired by the next sync where no call can be out for it, and said so; a torn line
// a call may still be out for is kept.

#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <string>

#include "tests/integration/emulator/emulator_calls.h"
#include "tests/integration/sync/sync_fixture.h"

namespace {

using namespace membersync::testing;
using Catch::Contains;

std::string outboxText(const SyncFixture& f) {
  std::ifstream in(f.outboxPath(), std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// Appends `text` to the outbox as a run cut off would have; returns the number of the line it
// ends on.
int appendToOutbox(const SyncFixture& f, const std::string& text) {
  {
    std::ofstream out(f.outboxPath(), std::ios::binary | std::ios::app);
    out << text;
  }
  const std::string all = outboxText(f);
  return 1 + static_cast<int>(std::count(all.begin(), all.end() - 1, '\n'));
}

std::string pendingLine(const std::string& account, const std::string& password) {
  return account + "," + password + ",2026-11-25T10:00:00Z,pending," + account + "@acme," +
         account + ",Someone\n";
}

}  // namespace

TEST_CASE(
    "sync: a torn last outbox line is removed and passwords the state never recorded are "
    "voided by the next sync, which says so, handing out works again and nothing else is lost",
    "[sync]") {
  EmulatorProcess emulator;
  SyncFixture f(emulator);
  const auto people = staff(3);
  f.writeHr(people);
  REQUIRE(f.sync().exitCode == 0);
  const auto before = f.outbox();

  // A reset of staff0002 appended and never journaled, an add's password for someone who has
  // since left HR never recorded, then a line the full disk cut short inside its password.
  const std::string resetPassword = "Reset2never9Sent", gonePassword = "Gone98never7Sent",
                    tornPassword = "Torn5pw8Xq";
  const int tornLine =
      appendToOutbox(f, pendingLine("staff0002", resetPassword) +
                            pendingLine("staff0098", gonePassword) + "staff0099," + tornPassword);
  for (const auto& p : {resetPassword, gonePassword, tornPassword}) f.addSecret(p);
  const int writes = stats(emulator).writes;

  const auto r = f.sync();
  INFO(tail(r.out) << r.err);
  CHECK(r.exitCode == 0);
  CHECK_THAT(r.out, Contains("settled: removed a torn last line of the outbox (line " +
                             std::to_string(tornLine) + ", account staff0099)"));
  CHECK_THAT(r.out, Contains("settled: voided 2 pending passwords the state never recorded") &&
                        Contains(": staff0002, staff0098\n"));
  CHECK(stats(emulator).writes == writes);  // repaired in the outbox alone
  CHECK(outboxText(f).find("staff0099") == std::string::npos);

  const auto after = f.outbox();
  CHECK(after.at("staff0098").password.empty());
  const auto live = liveMembersByAccount(emulator);
  for (const auto& p : people) {
    INFO(p.account);
    CHECK(after.at(p.account).password == before.at(p.account).password);
    CHECK(sha256Hex(after.at(p.account).password) == live.at(p.account).passwordSha256);
  }
  // staff0002's confirmed password is in force again, to hand out. (The listing prints the
  // passwords it lists, so its output is not kept for the secret scan.)
  const auto listed = runCommand(membersyncExecutable(), f.commandLine({"passwords"}));
  CHECK_THAT(listed.out, Contains(before.at("staff0002").password) && !Contains(resetPassword));
  CHECK_THAT(listed.err, !Contains("skipped"));  // no line the outbox cannot read

  const auto handed = f.run({"passwords", "--handed-out", "staff0002"});
  INFO(handed.err);
  CHECK(handed.exitCode == 0);
  CHECK_THAT(handed.out, Contains("1 account(s) removed"));
  CHECK(f.outbox().count("staff0002") == 0);
  CHECK(f.outbox().at("staff0001").confirmed);
  f.checkNoSecretLeaked();
}

// Every answer is lost: the add is carried out and in doubt, its password owed. A torn line of
// that account is not the repair's to judge: it stays as it is for settling.
TEST_CASE("sync: a torn last outbox line of an account whose add is in doubt is kept", "[sync]") {
  EmulatorProcess emulator({"", {"--drop-after-commit", "1"}});
  SyncFixture f(emulator);
  f.writeHr(staff(1));
  f.sync();  // in doubt
  const std::string torn = "staff0001,Torn5pw8Xq";
  const int tornLine = appendToOutbox(f, torn);
  f.addSecret("Torn5pw8Xq");

  const auto r = f.sync();
  INFO(tail(r.out) << r.err);
  CHECK_THAT(r.out, Contains("settled: kept a torn last line of the outbox (line " +
                             std::to_string(tornLine) + ", account staff0001)"));
  CHECK_THAT(r.out, Contains("was in doubt: the member exists; linked"));
  CHECK(outboxText(f).find(torn) != std::string::npos);
  f.checkNoSecretLeaked();
}
