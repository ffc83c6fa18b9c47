// format(): one message, named placeholders filled in (jobs/i18n).

#include <catch2/catch.hpp>

#include "jobs/i18n/translator.h"

using membersync::i18n::format;

TEST_CASE("format: fills each named placeholder, wherever and however often it stands",
          "[i18n][format]") {
  CHECK(format("{verb} takes no argument ('{argument}')", {{"verb", "plan"}, {"argument", "x"}}) ==
        "plan takes no argument ('x')");
  // A translation may put the placeholders in another order, or repeat one.
  CHECK(format("“{argument}”：{verb} 不带参数；{verb}", {{"verb", "plan"}, {"argument", "x"}}) ==
        "“x”：plan 不带参数；plan");
  CHECK(format("no placeholder", {{"verb", "plan"}}) == "no placeholder");
}

TEST_CASE("format: a placeholder without a value stays as written", "[i18n][format]") {
  CHECK(format("{verb} takes {what}", {{"verb", "plan"}}) == "plan takes {what}");
  CHECK(format("{}", {}) == "{}");
}

TEST_CASE("format: doubled braces are literal braces, a lone brace stays", "[i18n][format]") {
  CHECK(format("{{verb}} is {verb}", {{"verb", "plan"}}) == "{verb} is plan");
  CHECK(format("a }} and a {{", {}) == "a } and a {");
  CHECK(format("open { and close }", {}) == "open { and close }");
  CHECK(format("{ {verb}", {{"verb", "plan"}}) == "{ plan");
  CHECK(format("trailing {", {}) == "trailing {");
}

TEST_CASE("format: a value is never expanded again", "[i18n][format]") {
  CHECK(format("{a} {b}", {{"a", "{b}"}, {"b", "B"}}) == "{b} B");
  CHECK(format("{a}", {{"a", "{{"}}) == "{{");
}
