// The example configuration the hints name: the installed one beside a packaged membersync, a
// clone's otherwise; and the messages that name it.

#include <catch2/catch.hpp>

#include <string>

#include "config/example_files.h"
#include "config/loader.h"
#include "tests/support/temp_dir.h"

using membersync::config::ConfigError;
using membersync::config::ExampleFiles;
using membersync::config::exampleFilesFor;
using membersync::config::LoadEnvironment;
using membersync::testing::TempDir;

namespace {

std::string errorOf(const std::string& path, const LoadEnvironment& env) {
  try {
    membersync::config::loadConfig(path, env);
  } catch (const ConfigError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE(
    "examples: a membersync installed in PREFIX/bin names PREFIX/share/doc/membersync/"
    "examples, where the package puts them",
    "[config]") {
  TempDir root;
  const auto examples = root.path() / "usr/share/doc/membersync/examples";
  root.write("usr/share/doc/membersync/examples/membersync-demo.ini", "; every key\n");
  root.write("usr/share/doc/membersync/examples/membersync.ini", "; the template\n");
  const ExampleFiles found = exampleFilesFor((root.path() / "usr/bin/membersync").string());
  CHECK(found.everyKey == (examples / "membersync-demo.ini").string());
  CHECK(found.start == (examples / "membersync.ini").string());
}

TEST_CASE(
    "examples: a membersync with no installed examples beside it (a build in a clone) "
    "names the clone's config/examples/",
    "[config]") {
  TempDir root;
  root.write("build/daemon/keep", "");
  const ExampleFiles found = exampleFilesFor((root.path() / "build/daemon/membersync").string());
  CHECK(found.everyKey == "config/examples/membersync.ini");
  CHECK(found.start == "config/examples/membersync.ini");
}

TEST_CASE("examples: an unknown key and a missing file name the example files given", "[config]") {
  TempDir dir;
  LoadEnvironment env;
  env.examples.everyKey = "/usr/share/doc/membersync/examples/membersync-demo.ini";
  env.examples.start = "/usr/share/doc/membersync/examples/membersync.ini";
  CHECK_THAT(errorOf((dir.path() / "none.ini").string(), env),
             Catch::Contains("no such file") &&
                 Catch::Contains("start from /usr/share/doc/membersync/examples/membersync.ini"));
  dir.write("client-secret", "s3cr3t-value\n");
  dir.write("admin-password", "p4ss-value\n");
  const auto path = dir.write("membersync.ini",
                              "[center]\n"
                              "base_url = https://center.example.com/\n"
                              "enterprise_global_id = ENT-1\n"
                              "enterprise_code = acme\n"
                              "token_url = https://uc.example.com/oauth/token\n"
                              "client_id = app\n"
                              "client_secret_file = client-secret\n"
                              "admin_user = admin@acme\n"
                              "admin_password_file = admin-password\n"
                              "[directory]\n"
                              "path = hr.csv\n"
                              "[sync]\n"
                              "grace_run = 2\n");
  CHECK_THAT(errorOf(path.string(), env),
             Catch::Contains("see /usr/share/doc/membersync/examples/membersync-demo.ini for "
                             "every key"));
}
