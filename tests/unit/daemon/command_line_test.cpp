#include "daemon/command_line.h"

#include <catch2/catch.hpp>

#include "daemon/exit_codes.h"

using membersync::ExitCode;
using membersync::worst;
using membersync::cli::parseCommandLine;

namespace {
membersync::cli::ParseResult parse(std::vector<std::string> args) {
  return parseCommandLine(args, "/etc/membersync/membersync.ini");
}
}  // namespace

TEST_CASE("cli: the config defaults to the given path and --config overrides it", "[cli]") {
  auto r = parse({"check"});
  REQUIRE(r.invocation);
  CHECK(r.invocation->configPath == "/etc/membersync/membersync.ini");
  r = parse({"--config", "/tmp/m.ini", "check"});
  REQUIRE(r.invocation);
  CHECK(r.invocation->configPath == "/tmp/m.ini");
  CHECK(r.invocation->verb == "check");
}

TEST_CASE("cli: verb options and a positional argument are read", "[cli]") {
  auto r = parse({"sync", "--dry-run", "--only", "zhangwei"});
  REQUIRE(r.invocation);
  CHECK(r.invocation->dryRun);
  CHECK(r.invocation->only == "zhangwei");
  r = parse({"explain", "zhangwei", "--format", "json"});
  REQUIRE(r.invocation);
  CHECK(r.invocation->argument == "zhangwei");
  CHECK(r.invocation->format == "json");
}

TEST_CASE("cli: an unknown verb, option or misplaced option is a usage error", "[cli]") {
  CHECK_THAT(parse({"frobnicate"}).error->message, Catch::Contains("unknown verb 'frobnicate'"));
  CHECK_THAT(parse({"check", "--bogus"}).error->message, Catch::Contains("bogus"));
  CHECK_THAT(parse({"plan", "--dry-run"}).error->message,
             Catch::Contains("--dry-run does not apply to plan"));
  CHECK_THAT(parse({"plan", "--format", "yaml"}).error->message, Catch::Contains("text or json"));
  CHECK(parse({}).error);
}

TEST_CASE("cli: verbs that take one argument refuse none or two", "[cli]") {
  CHECK_THAT(parse({"apply"}).error->message, Catch::Contains("apply takes exactly one PLANFILE"));
  CHECK(parse({"explain", "a", "b"}).error);
  CHECK_THAT(parse({"status", "extra"}).error->message, Catch::Contains("takes no argument"));
}

TEST_CASE("cli: --help and --version need no verb", "[cli]") {
  CHECK(parse({"--help"}).invocation->help);
  CHECK(parse({"--version"}).invocation->version);
}

TEST_CASE("exit codes: the first of 1, 78, 5, 4, 3, 2, 0 wins", "[cli]") {
  CHECK(worst(ExitCode::Done, ExitCode::Changes) == ExitCode::Changes);
  CHECK(worst(ExitCode::Changes, ExitCode::PartlyFailed) == ExitCode::PartlyFailed);
  CHECK(worst(ExitCode::PartlyFailed, ExitCode::Held) == ExitCode::Held);
  CHECK(worst(ExitCode::Held, ExitCode::StalePlan) == ExitCode::StalePlan);
  CHECK(worst(ExitCode::StalePlan, ExitCode::Configuration) == ExitCode::Configuration);
  CHECK(worst(ExitCode::Configuration, ExitCode::Failed) == ExitCode::Failed);
  CHECK(worst(ExitCode::Failed, ExitCode::Done) == ExitCode::Failed);
}

TEST_CASE("cli: passwords lists, marks handed out, or mails again, one at a time", "[cli]") {
  auto r = parse({"passwords", "--format", "csv"});
  REQUIRE(r.invocation);
  CHECK(r.invocation->format == "csv");
  r = parse({"passwords", "--handed-out", "alice", "Bob"});
  REQUIRE(r.invocation);
  CHECK(r.invocation->handedOut);
  CHECK(r.invocation->accounts == std::vector<std::string>{"alice", "Bob"});
  r = parse({"passwords", "--resend", "alice"});
  REQUIRE(r.invocation);
  CHECK(r.invocation->resend == "alice");
  CHECK(parse({"passwords", "--all"}).invocation->all);

  CHECK(parse({"passwords", "--handed-out"}).error);         // which accounts?
  CHECK(parse({"passwords", "alice"}).error);                // accounts only with --handed-out
  CHECK(parse({"passwords", "--all", "--resend", "a"}).error);
  CHECK(parse({"status", "--format", "csv"}).error);         // csv is for passwords only
  CHECK(parse({"sync", "--all"}).error);
}

TEST_CASE("cli: passwords --bom goes with --format csv only, and says so otherwise", "[cli]") {
  auto r = parse({"passwords", "--format", "csv", "--bom"});
  REQUIRE(r.invocation);
  CHECK(r.invocation->bom);
  CHECK_FALSE(parse({"passwords", "--format", "csv"}).invocation->bom);
  for (const std::vector<std::string>& args : {std::vector<std::string>{"passwords", "--bom"},
                                               {"passwords", "--format", "json", "--bom"},
                                               {"passwords", "--bom", "--handed-out", "alice"}}) {
    r = parse(args);
    REQUIRE(r.error);
    CHECK_THAT(r.error->message, Catch::Contains("--bom is for Excel and goes with --format csv"));
  }
  CHECK_THAT(parse({"status", "--bom"}).error->message,
             Catch::Contains("--bom does not apply to status"));
}
