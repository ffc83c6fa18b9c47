#include "jobs/core/json_syntax.h"

#include <catch2/catch.hpp>
#include <string>

using membersync::findJsonSyntaxError;

// Found by fuzzing the HR export: Boost's reader recursed once per '[' and overflowed the stack.
TEST_CASE("json syntax: text nested a million levels deep is located, not a stack overflow",
          "[core]") {
  const auto error = findJsonSyntaxError("[\n" + std::string(1'000'000, '['));
  REQUIRE(error);
  CHECK(error->line == 2);
  CHECK(error->message == "nested deeper than 128 levels");
}

TEST_CASE("json syntax: a mistake on a line before deep nesting is the one reported", "[core]") {
  const auto error = findJsonSyntaxError("[1,,\n" + std::string(200, '[') + std::string(200, ']'));
  REQUIRE(error);
  CHECK(error->line == 1);
  CHECK(error->message != "nested deeper than 128 levels");
}

TEST_CASE("json syntax: brackets inside strings are not nesting", "[core]") {
  CHECK_FALSE(findJsonSyntaxError("[\"" + std::string(1000, '[') + "\\\"\"]"));
  CHECK_FALSE(findJsonSyntaxError(std::string(128, '[') + std::string(128, ']')));
}
