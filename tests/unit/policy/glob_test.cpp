#include "jobs/policy/glob.h"

#include <catch2/catch.hpp>

#include <string>

using membersync::policy::globMatch;
using membersync::policy::globMatchValue;

TEST_CASE("policy: a bare pattern matches the whole text, ignoring ASCII case", "[policy]") {
  CHECK(globMatch("admin", "admin"));
  CHECK(globMatch("admin", "Admin"));
  CHECK(globMatch("ADMIN", "admin"));
  CHECK_FALSE(globMatch("admin", "admin2"));
  CHECK_FALSE(globMatch("admin", "sysadmin"));
  CHECK_FALSE(globMatch("admin", ""));
  CHECK(globMatch("", ""));
}

TEST_CASE("policy: * matches any run of characters, including none", "[policy]") {
  CHECK(globMatch("svc*", "SVCbackup"));
  CHECK(globMatch("svc*", "svc"));
  CHECK(globMatch("*", ""));
  CHECK(globMatch("*", "anything"));
  CHECK(globMatch("*admin", "sysadmin"));
  CHECK(globMatch("a*b*c", "aXXbYYc"));
  CHECK(globMatch("a*b*c", "abc"));
  CHECK(globMatch("a**c", "ac"));
  CHECK_FALSE(globMatch("a*b*c", "aXXbYY"));
  CHECK_FALSE(globMatch("svc*", "mysvc"));
}

TEST_CASE("policy: a * retries further on when a later literal fails (backtracking)",
          "[policy]") {
  CHECK(globMatch("*ab", "aab"));
  CHECK(globMatch("a*ab", "aaab"));
  CHECK(globMatch("*a*b", "xaxxb"));
  CHECK_FALSE(globMatch("*ab", "aba"));
  // Many stars over a long non-matching text stay fast (no exponential backtracking).
  CHECK_FALSE(globMatch("*a*a*a*a*a*a*a*b", std::string(5000, 'a')));
}

TEST_CASE("policy: for rule values, * never matches an empty value", "[policy]") {
  CHECK_FALSE(globMatchValue("*", ""));
  CHECK_FALSE(globMatchValue("a*", ""));
  CHECK(globMatchValue("", ""));
  CHECK(globMatchValue("*", "L-9"));
  CHECK(globMatchValue("Viewer*", "viewer"));
  CHECK_FALSE(globMatchValue("ENG", "ENG2"));
}
