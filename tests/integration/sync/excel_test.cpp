// Files people open in Excel, through the real membersync binary against the emulator: mobile
// numbers as people write them are sent as their digits, and members whose number the center
// already holds do not look changed; a number Excel saved in scientific notation is refused
// naming its line; `passwords --format csv --bom` starts with the byte order mark Excel needs.

#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "tests/integration/sync/sync_fixture.h"

namespace {

using namespace membersync::testing;
using Catch::Contains;

// The demo fixture's zhangwei (13800138000) and jsmith (+8613912345678) as HR writes them.
std::vector<Person> withDemoMembers(std::vector<Person> people) {
  people.push_back({"E9001", "zhangwei", "张伟", "ENG", "", "active", "138 0013 8000", ""});
  people.push_back({"E9002", "jsmith", "John Smith", "ENG", "", "active", "+86 139-1234-5678", ""});
  return people;
}

// `membersync passwords ARGS...`, not kept for the secret scan: this output is the one place
// passwords are meant to be.
CommandResult passwords(SyncFixture& f, std::vector<std::string> args) {
  args.insert(args.begin(), "passwords");
  return runCommand(membersyncExecutable(), f.commandLine(args));
}

}  // namespace

TEST_CASE(
    "excel: a mobile written 138-0013-8009 adds the member with 13800138009, and members "
    "whose number the center holds are not edited",
    "[sync][excel]") {
  EmulatorProcess emulator;
  SyncFixture f(emulator);
  auto people = staff(3);
  people[0].mobile = "138-0013-8009";
  people[1].mobile = "(+86) 139 0013 8009";
  f.writeHr(withDemoMembers(people));

  const auto r = f.sync();
  INFO(tail(r.out) << r.err);
  CHECK(r.exitCode == 0);
  const auto live = liveMembersByAccount(emulator);
  REQUIRE(live.count("staff0001"));
  CHECK(live.at("staff0001").passwordMobile == std::optional<std::string>("13800138009"));
  REQUIRE(live.count("staff0002"));
  CHECK(live.at("staff0002").passwordMobile == std::optional<std::string>("+8613900138009"));
  CHECK(live.at("zhangwei").passwordMobile == std::optional<std::string>("13800138000"));
  CHECK(live.at("jsmith").passwordMobile == std::optional<std::string>("+8613912345678"));
  const auto s = stats(emulator);
  CHECK(s.calls("A1") == 1);
  CHECK(s.calls("A2") == 0);  // the numbers as written are the ones the center holds

  const auto plan = f.run({"plan"});
  INFO(tail(plan.out) << plan.err);
  CHECK(plan.exitCode == 0);
  CHECK_THAT(plan.out, !Contains("passwordMobile") && !Contains("mobile"));
  f.checkNoSecretLeaked();
}

TEST_CASE(
    "excel: a mobile Excel saved as 1.38001E+10 is refused naming the line and the column "
    "to format as text, the other rows go on",
    "[sync][excel]") {
  EmulatorProcess emulator;
  SyncFixture f(emulator);
  auto people = staff(3);
  people[1].mobile = "1.38001E+10";  // line 3 of hr.csv
  f.writeHr(people);

  const auto r = f.sync();
  const std::string said = r.out + r.err;
  INFO(tail(said));
  CHECK_THAT(said, Contains("1.38001E+10") && Contains("scientific notation") &&
                       Contains("format the column \"mobile\" as Text"));
  CHECK_THAT(said, Contains("line 3") || Contains("hr.csv:3"));
  const auto live = liveMembersByAccount(emulator);
  CHECK(live.count("staff0001") == 1);
  CHECK(live.count("staff0002") == 0);
  CHECK(live.count("staff0003") == 1);

  // One bad row makes every verb say a person is needed (exit 3), by name and line.
  CHECK(r.exitCode == 3);
  CHECK_THAT(said, Contains("Needs a person: 1 invalid row"));
  const auto st = f.status();
  INFO(st.out);
  CHECK(st.exitCode == 3);
  CHECK_THAT(st.out, Contains("HR rows skipped as invalid (1)") && Contains("staff0002") &&
                         Contains("hr.csv:3") && Contains("scientific notation"));
  const auto v = f.run({"validate"});
  INFO(v.out << v.err);
  CHECK(v.exitCode == 3);
  CHECK_THAT(v.out + v.err, Contains("hr.csv:3: E0002 (staff0002): mobile \"1.38001E+10\" is in "
                                     "scientific notation"));
  f.checkNoSecretLeaked();
}

TEST_CASE(
    "excel: passwords --format csv --bom starts with EF BB BF and is otherwise the same, "
    "--bom with another format is a usage error",
    "[sync][excel]") {
  EmulatorProcess emulator;
  SyncFixture f(emulator);
  f.writeHr(staff(3));
  REQUIRE(f.sync().exitCode == 0);

  const auto plain = passwords(f, {"--format", "csv"});
  const auto excel = passwords(f, {"--format", "csv", "--bom"});
  INFO(plain.err << excel.err);
  REQUIRE(plain.exitCode == 0);
  REQUIRE(excel.exitCode == 0);
  CHECK(plain.out.rfind("account,login,name,password,created,delivery\n", 0) == 0);
  CHECK_THAT(plain.out, Contains("staff0001") && Contains(staff(1)[0].name));
  REQUIRE(excel.out.size() > 3);
  CHECK(excel.out.substr(0, 3) == "\xEF\xBB\xBF");
  CHECK(excel.out.substr(3) == plain.out);

  for (const std::vector<std::string>& args : {std::vector<std::string>{"passwords", "--bom"},
                                               {"passwords", "--format", "json", "--bom"}}) {
    const auto refused = f.run(args);
    INFO(refused.out << refused.err);
    CHECK(refused.exitCode == 64);
    CHECK(refused.out.empty());
    CHECK_THAT(refused.err, Contains("--bom is for Excel and goes with --format csv"));
  }
  f.checkNoSecretLeaked();
}
