// A CSV export in GB18030 as the HR source ([directory] encoding), through the real membersync
// binary against the emulator: Chinese names (a four-byte character among them) and a mobile
// number; the hint for a GB18030 file read as UTF-8, whose iconv command is run as printed.

#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "tests/integration/sync/sync_fixture.h"

namespace {

using namespace membersync::testing;

// Three people, 张伟 and 赵磊𠀀 (U+20000, four bytes in GB18030 and in UTF-8) among them.
std::vector<Person> chineseStaff() {
  auto people = staff(3);
  people[0].name = "张伟";
  people[0].mobile = "13800138009";
  people[1].name = "赵磊𠀀";
  return people;
}

// `utf8` in GB18030, by glibc's iconv: what a Chinese HR system exports.
std::string inGb18030(SyncFixture& f, const std::string& utf8) {
  f.writeFile("utf8.tmp", utf8);
  const auto r = runCommand("/usr/bin/iconv",
                            {"-f", "UTF-8", "-t", "GB18030", (f.dir() / "utf8.tmp").string()});
  REQUIRE(r.exitCode == 0);
  REQUIRE(r.out != utf8);  // it holds Chinese, so the bytes differ
  return r.out;
}

void checkNames(const EmulatorProcess& emulator, const std::vector<Person>& people) {
  const auto live = liveMembersByAccount(emulator);
  for (const Person& p : people) {
    REQUIRE(live.count(p.account));
    CHECK(live.at(p.account).name == p.name);  // UTF-8 in the center
  }
}

}  // namespace

TEST_CASE("gb18030: a sync from a GB18030 export adds its people with their names in UTF-8",
          "[sync][gb18030]") {
  EmulatorProcess emulator;
  SyncOptions options;
  options.directory = "path = hr.csv\nencoding = GBK\n";  // read as GB18030, its superset
  SyncFixture f(emulator, options);
  const auto people = chineseStaff();
  f.writeFile("hr.csv", inGb18030(f, toCsv(people)));

  const auto r = f.sync();
  INFO(tail(r.out) << r.err);
  REQUIRE(r.exitCode == 0);
  checkNames(emulator, people);
  CHECK(liveMembersByAccount(emulator).at("staff0001").passwordMobile ==
        std::optional<std::string>("13800138009"));

  const auto again = f.sync();  // the same people: nothing to do
  INFO(tail(again.out) << again.err);
  CHECK(again.exitCode == 0);
  f.checkNoSecretLeaked();
}

TEST_CASE(
    "gb18030: a GB18030 export read as UTF-8 fails whole, and its hinted iconv command "
    "converts it for the next sync",
    "[sync][gb18030]") {
  EmulatorProcess emulator;
  SyncOptions options;
  options.directory = "path = hr export.csv\n";  // UTF-8, the default; a name the shell must quote
  SyncFixture f(emulator, options);
  const auto people = chineseStaff();
  f.writeFile("hr export.csv", inGb18030(f, toCsv(people)));

  const auto refused = f.sync();
  INFO(refused.err);
  CHECK(refused.exitCode != 0);
  CHECK(stats(emulator).writes == 0);
  CHECK_THAT(refused.err, Catch::Contains("not valid UTF-8 (byte 0xD5 at column "));
  const std::string lead = "or convert it: ";
  const auto at = refused.err.find(lead);
  REQUIRE(at != std::string::npos);
  const std::string command =
      refused.err.substr(at + lead.size(), refused.err.find('\n', at) - at - lead.size());
  CHECK(command.rfind("iconv -f GB18030 -t UTF-8 '", 0) == 0);

  // The command as a person pastes it into a shell.
  const auto converted = runCommand("/bin/sh", {"-c", command});
  INFO(command << "\n" << converted.err);
  REQUIRE(converted.exitCode == 0);
  options.directory = "path = hr export.csv.utf8\n";
  f.configure(options);
  const auto r = f.sync();
  INFO(tail(r.out) << r.err);
  CHECK(r.exitCode == 0);
  checkNames(emulator, people);
  f.checkNoSecretLeaked();
}

TEST_CASE("gb18030: a JSON export declared GB18030 is a configuration error (JSON is UTF-8)",
          "[sync][gb18030]") {
  EmulatorProcess emulator;
  SyncOptions options;
  options.directory = "path = hr.json\nformat = json\nencoding = gb18030\n";
  SyncFixture f(emulator, options);
  f.writeFile("hr.json", "[]");
  const auto r = f.sync();
  INFO(r.err);
  CHECK(r.exitCode == 78);
  CHECK_THAT(r.err, Catch::Contains("[directory] encoding: 'gb18030' is for CSV exports"));
  CHECK(stats(emulator).writes == 0);
}
