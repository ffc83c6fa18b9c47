// The real membersync binary: what it prints for people outside a run.
// - `check` prints counts and the first 10 members, assets and locks, not all of them.
// - `membersync VERB --help` and `membersync help VERB` give that verb's own help.
// - Hints name the example configuration where the package installs it, beside an installed
//   membersync, and a clone's config/examples/ otherwise.

#include <catch2/catch.hpp>

#include <filesystem>
#include <regex>
#include <string>

#include "tests/support/command.h"
#include "tests/support/emulator_process.h"
#include "tests/support/temp_dir.h"

namespace {

namespace fs = std::filesystem;
using membersync::testing::EmulatorProcess;
using membersync::testing::membersyncExecutable;
using membersync::testing::runCommand;
using membersync::testing::sourceDir;
using membersync::testing::TempDir;

// A configuration for `emulator` in `dir`, with its secrets, and `extra` lines at the end.
std::string writeConfig(const TempDir& dir, const EmulatorProcess& emulator,
                        const std::string& extra = "") {
  dir.write("secrets/client", "demo-client-secret\n");
  dir.write("secrets/admin", "demo-admin-pass1\n");
  dir.write("hr.csv", "employee_id,account,name\n");
  return dir
      .write("membersync.ini", "[center]\nbase_url = " + emulator.baseUrl() +
                                   "\ntoken_url = " + emulator.tokenUrl() +
                                   "\nenterprise_global_id = ENT-ACME-0001\n"
                                   "enterprise_code = acme\nclient_id = membersync-demo\n"
                                   "client_secret_file = secrets/client\nadmin_user = admin@acme\n"
                                   "admin_password_file = secrets/admin\n"
                                   "[directory]\npath = hr.csv\n" +
                                   extra)
      .string();
}

// Lines of `text` that match `pattern` whole.
int linesMatching(const std::string& text, const std::string& pattern) {
  const std::regex line("^" + pattern + "$", std::regex::multiline);
  return static_cast<int>(
      std::distance(std::sregex_iterator(text.begin(), text.end(), line), std::sregex_iterator()));
}

}  // namespace

TEST_CASE("check: prints the counts, and the first 10 assets and locks with how many more",
          "[cli][check]") {
  EmulatorProcess emulator;
  TempDir dir;
  const auto r =
      runCommand(membersyncExecutable(), {"--config", writeConfig(dir, emulator), "check"});
  INFO(r.out << r.err);
  CHECK(r.exitCode == 0);
  CHECK_THAT(r.out, Catch::Contains("asset numbers: 30 (") && Catch::Contains("borrowed locks: 5"));
  CHECK(linesMatching(r.out, "  AN-[0-9]+ .*") == 10);  // of the demo's 30
  CHECK_THAT(r.out, Catch::Contains("  ... and 20 more\n"));
  CHECK(linesMatching(r.out, "  LK-[0-9]+ .*") == 5);  // all 5: nothing more to say
  CHECK(linesMatching(r.out, "  \\.\\.\\. and [0-9]+ more") == 1);
}

TEST_CASE("help: membersync VERB --help and membersync help VERB print that verb's own help",
          "[cli]") {
  const auto flag = runCommand(membersyncExecutable(), {"plan", "--help"});
  const auto verb = runCommand(membersyncExecutable(), {"help", "plan"});
  INFO(flag.out);
  CHECK(flag.exitCode == 0);
  CHECK(verb.exitCode == 0);
  CHECK(flag.out == verb.out);
  CHECK_THAT(flag.out, Catch::StartsWith("Usage: membersync [--config FILE] plan") &&
                           Catch::Contains("--out PLANFILE") && !Catch::Contains("--dry-run") &&
                           !Catch::Contains("Verbs:"));
  // No configuration needed, none read: a help works before anything is set up.
  CHECK(runCommand(membersyncExecutable(), {"--config", "/nonexistent.ini", "sync", "--help"})
            .exitCode == 0);
  const auto unknown = runCommand(membersyncExecutable(), {"help", "frobnicate"});
  CHECK(unknown.exitCode == 64);
  CHECK_THAT(unknown.err, Catch::Contains("unknown verb 'frobnicate'"));
}

TEST_CASE("hints: an installed membersync names the installed examples, a clone's the clone's",
          "[cli]") {
  EmulatorProcess emulator;
  TempDir dir;
  const auto config = writeConfig(dir, emulator, "[sync]\ngrace = 2\n");
  const auto missing = (dir.path() / "none.ini").string();

  // As built in the clone.
  const auto cloned = runCommand(membersyncExecutable(), {"--config", config, "validate"});
  CHECK(cloned.exitCode == 78);
  CHECK_THAT(cloned.err, Catch::Contains("see config/examples/membersync.ini for every key"));

  // As the package installs it: PREFIX/bin/membersync beside PREFIX/share/doc/membersync/examples.
  TempDir prefix;
  const fs::path examples = prefix.path() / "usr/share/doc/membersync/examples";
  fs::create_directories(examples);
  fs::create_directories(prefix.path() / "usr/bin");
  fs::copy_file(sourceDir() + "/config/examples/membersync.ini", examples / "membersync-demo.ini");
  fs::copy_file(sourceDir() + "/packaging/membersync.ini", examples / "membersync.ini");
  const std::string installed = (prefix.path() / "usr/bin/membersync").string();
  fs::copy_file(membersyncExecutable(), installed);
  fs::permissions(installed, fs::perms::owner_exec, fs::perm_options::add);

  const auto unknown = runCommand(installed, {"--config", config, "validate"});
  INFO(unknown.err);
  CHECK(unknown.exitCode == 78);
  CHECK_THAT(unknown.err,
             Catch::Contains("[sync] grace: unknown key (see " +
                             (examples / "membersync-demo.ini").string() + " for every key)"));
  const auto none = runCommand(installed, {"--config", missing, "validate"});
  CHECK(none.exitCode == 78);
  CHECK_THAT(none.err, Catch::Contains("start from " + (examples / "membersync.ini").string()));
  CHECK_THAT(runCommand(installed, {"--help"}).out,
             Catch::Contains("Every key: " + (examples / "membersync-demo.ini").string()));
}
