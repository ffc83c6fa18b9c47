// The bash completion (packaging/bash-completion/membersync) run by a real bash: it offers every
// verb, and for each verb exactly the options membersync takes for it.

#include <catch2/catch.hpp>

#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "daemon/command_line.h"
#include "tests/support/command.h"
#include "tests/support/emulator_process.h"

namespace {

const std::string kScript = membersync::testing::sourceDir() + "/packaging/bash-completion/membersync";

// What the completion offers for the command line `words` (the last one being completed).
std::set<std::string> complete(const std::vector<std::string>& words) {
  std::string array;
  for (const auto& w : words) array += " '" + w + "'";
  const std::string script = "source '" + kScript + "'; COMP_WORDS=(" + array +
                             "); COMP_CWORD=" + std::to_string(words.size() - 1) +
                             "; _membersync; printf '%s\\n' \"${COMPREPLY[@]}\"";
  const auto r = membersync::testing::runCommand("/bin/bash", {"--norc", "-c", script});
  REQUIRE(r.exitCode == 0);
  std::set<std::string> offered;
  std::istringstream lines(r.out);
  for (std::string line; std::getline(lines, line);)
    if (!line.empty()) offered.insert(line);
  return offered;
}

}  // namespace

TEST_CASE("completion: the first word offers every verb", "[cli]") {
  std::set<std::string> verbs;
  for (const auto& [verb, options] : membersync::cli::optionsByVerb()) verbs.insert(verb);
  CHECK(complete({"membersync", ""}) == verbs);
  CHECK(complete({"membersync", "--config", "/etc/membersync/a.ini", "pa"}) ==
        std::set<std::string>{"passwords"});
}

TEST_CASE("completion: each verb offers exactly the options membersync takes for it", "[cli]") {
  for (const auto& [verb, options] : membersync::cli::optionsByVerb()) {
    INFO(verb);
    std::set<std::string> expected{"--config", "--help"};
    for (const auto& o : options) expected.insert("--" + o);
    CHECK(complete({"membersync", verb, "--"}) == expected);
  }
}

TEST_CASE("completion: --format offers the verb's formats, and an account is left to the person",
          "[cli]") {
  CHECK(complete({"membersync", "status", "--format", ""}) == std::set<std::string>{"text", "json"});
  CHECK(complete({"membersync", "passwords", "--format", ""}) ==
        std::set<std::string>{"text", "json", "csv"});
  CHECK(complete({"membersync", "sync", "--only", ""}).empty());
}

TEST_CASE("completion: --option=value is completed as --option value", "[cli]") {
  // Bash hands "--format=j" over as three words: "--format", "=", "j".
  CHECK(complete({"membersync", "status", "--format", "=", "j"}) == std::set<std::string>{"json"});
  CHECK(complete({"membersync", "status", "--format", "="}) == std::set<std::string>{"text", "json"});
  std::set<std::string> statusOptions{"--format", "--config", "--help"};
  CHECK(complete({"membersync", "--config", "=", "/etc/membersync/a.ini", "status", "--"}) ==
        statusOptions);
}

TEST_CASE("completion: help offers the verbs", "[cli]") {
  std::set<std::string> verbs;
  for (const auto& [verb, options] : membersync::cli::optionsByVerb()) verbs.insert(verb);
  CHECK(complete({"membersync", "help", ""}) == verbs);
  CHECK(complete({"membersync", "help", "re"}) ==
        std::set<std::string>{"reset-password", "revert"});
}
