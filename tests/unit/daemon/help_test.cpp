// Each verb's own help (`membersync VERB --help`, `membersync help VERB`): parsed as such, listing
// exactly the verb's options, and free of API codes, as the general help is.

#include <catch2/catch.hpp>

#include <regex>
#include <set>
#include <string>
#include <vector>

#include "daemon/command_line.h"

using membersync::cli::helpText;
using membersync::cli::optionsByVerb;
using membersync::cli::parseCommandLine;
using membersync::cli::verbHelpText;

namespace {

membersync::cli::ParseResult parse(std::vector<std::string> args) {
  return parseCommandLine(args, "/etc/membersync/membersync.ini");
}

// "A1", "B1", "A10": the API's operation codes, which mean nothing to an administrator.
bool hasApiCode(const std::string& text) {
  static const std::regex code(R"(\b[AB][0-9]{1,2}\b)");
  return std::regex_search(text, code);
}

}  // namespace

TEST_CASE("help: VERB --help and help VERB ask for that verb's help, whatever else is given",
          "[cli]") {
  for (const auto& args : std::vector<std::vector<std::string>>{
           {"plan", "--help"}, {"help", "plan"}, {"plan", "-h", "--dry-run"}, {"--help", "plan"}}) {
    const auto r = parse(args);
    INFO(args.front() << " " << args.back());
    REQUIRE(r.invocation);
    CHECK(r.invocation->help);
    CHECK(r.invocation->verb == "plan");
  }
  const auto all = parse({"help"});
  REQUIRE(all.invocation);
  CHECK(all.invocation->help);
  CHECK(all.invocation->verb.empty());
  CHECK_THAT(parse({"help", "frobnicate"}).error->message, Catch::Contains("unknown verb"));
  CHECK(parse({"help", "plan", "sync"}).error);
}

TEST_CASE("help: each verb's help shows its usage, what it does, and exactly its options",
          "[cli]") {
  for (const auto& [verb, options] : optionsByVerb()) {
    const std::string text = verbHelpText(verb);
    INFO(text);
    CHECK(text.rfind("Usage: membersync [--config FILE] " + verb, 0) == 0);
    CHECK(text != helpText());
    // The options listed: a line of the Options section starts with one.
    static const std::regex option(R"(\n  (?:-[a-z], )?--([a-z][a-z-]+))");
    std::set<std::string> shown;
    for (auto it = std::sregex_iterator(text.begin(), text.end(), option);
         it != std::sregex_iterator(); ++it)
      shown.insert((*it)[1].str());
    std::set<std::string> expected(options.begin(), options.end());
    expected.insert({"config", "help"});
    CHECK(shown == expected);
  }
  CHECK_THAT(verbHelpText("apply"), Catch::Contains("exit 5"));
  CHECK_THAT(verbHelpText("passwords"), Catch::Contains("--format text|csv|json"));
}

TEST_CASE("help: no help text names an API code", "[cli]") {
  CHECK_FALSE(hasApiCode(helpText()));
  for (const auto& [verb, options] : optionsByVerb()) {
    INFO(verb);
    CHECK_FALSE(hasApiCode(verbHelpText(verb)));
  }
}
