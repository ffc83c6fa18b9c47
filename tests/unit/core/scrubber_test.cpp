#include "jobs/core/scrubber.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <thread>
#include <vector>

using namespace membersync;

namespace {

// A password like the ones membersync generates: 16 letters and digits.
std::string password(int n) {
  const char* alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";
  std::string out = "Pw";
  unsigned x = static_cast<unsigned>(n) * 2654435761u + 12345u;
  for (int i = 0; i < 14; ++i) {
    x = x * 1103515245u + 12345u;
    out += alphabet[(x >> 16) % 57];
  }
  return out;
}

}  // namespace

TEST_CASE("scrubber: a registered secret is removed wherever it appears, raw", "[core][scrub]") {
  Scrubber s;
  s.add(Secret("Abcd1234xyz"));
  CHECK(s.scrub("password Abcd1234xyz was wrong") == "password [redacted] was wrong");
  CHECK(s.scrub("Abcd1234xyz") == "[redacted]");
  CHECK(s.scrub("a Abcd1234xyz, b Abcd1234xyz.") == "a [redacted], b [redacted].");
}

TEST_CASE("scrubber: text without a secret is returned byte for byte", "[core][scrub]") {
  Scrubber s;
  s.add(Secret("Abcd1234xyz"));
  s.addBasicCredentials("app", Secret("s3cr3t w\xC3\xB6rd"));
  const std::string texts[] = {
      "",
      "abc",
      "A1 add members: code 60027 (Conflict): 1 of 3 members failed [HTTP 299]",
      "\xE5\xBC\xA0\xE4\xBC\x9F \xE6\x9D\x8E\xE5\xA8\x9C: no Abcd1234xy here, nor bcd1234xyz",
      std::string("binary \0\x01\xFF\xFE bytes", 17),
      "[redacted]",
  };
  for (const auto& text : texts) CHECK(s.scrub(text) == text);
}

TEST_CASE("scrubber: secrets shorter than four characters are not registered", "[core][scrub]") {
  Scrubber s;
  s.add(Secret("abc"));
  s.add(Secret(""));
  s.addBasicCredentials("app", Secret("xy"));
  CHECK(s.formCount() == 0);
  CHECK(s.scrub("abc app:xy YXBwOnh5") == "abc app:xy YXBwOnh5");
}

TEST_CASE(
    "scrubber: the JSON-escaped forms are removed (quotes, backslashes, an escaped slash, uXXXX "
    "escapes)",
    "[core][scrub]") {
  Scrubber s;
  s.add(Secret("pa\"ss\\w\xC3\xB6rd/1<2"));  // pa"ss\wörd/1<2
  const std::string escaped[] = {
      R"(pa\"ss\\w)"
      "\xC3\xB6"
      R"(rd/1<2)",  // quotes and backslashes only
      R"(pa\"ss\\w)"
      "\xC3\xB6"
      R"(rd\/1<2)",                     // and the solidus
      R"(pa\"ss\\w\u00f6rd/1<2)",       // non-ASCII as \u, lower-case hex
      R"(pa\"ss\\w\u00F6rd\/1<2)",      // upper-case hex
      R"(pa\"ss\\w\u00f6rd/1\u003c2)",  // Gson's HTML-safe escapes
  };
  for (const auto& form : escaped) {
    INFO(form);
    CHECK(s.scrub("{\"cause\":\"" + form + "\"}") == "{\"cause\":\"[redacted]\"}");
  }
}

TEST_CASE("scrubber: control characters and characters beyond the BMP in their JSON forms",
          "[core][scrub]") {
  Scrubber s;
  s.add(Secret("tab\there\xF0\x9F\x94\x91"));  // tab, then U+1F511
  CHECK(s.scrub("x tab\\there\\ud83d\\udd11 y") == "x [redacted] y");
  CHECK(s.scrub("x tab\\there\\uD83D\\uDD11 y") == "x [redacted] y");
  CHECK(s.scrub("x tab\there\xF0\x9F\x94\x91 y") == "x [redacted] y");
}

TEST_CASE("scrubber: the percent-encoded forms are removed (%XX either case, + or %20)",
          "[core][scrub]") {
  Scrubber s;
  s.add(Secret("p@ss w+rd/\xC3\xA9~*"));  // p@ss w+rd/é~*
  const std::string encoded[] = {
      "p%40ss%20w%2Brd%2F%C3%A9~%2A",  // RFC 3986, as membersync's own formEncode writes it
      "p%40ss+w%2Brd%2F%C3%A9~%2A",    // application/x-www-form-urlencoded
      "p%40ss+w%2brd%2f%c3%a9~%2a",    // lower-case hex
      "p%40ss+w%2Brd%2F%C3%A9%7E*",    // Java's URLEncoder
  };
  for (const auto& form : encoded) {
    INFO(form);
    CHECK(s.scrub("grant_type=password&password=" + form + "&x=1") ==
          "grant_type=password&password=[redacted]&x=1");
  }
}

TEST_CASE("scrubber: the Basic header of id:secret is removed, padded or not", "[core][scrub]") {
  Scrubber s;
  s.addBasicCredentials("membersync-demo", Secret("demo-client-secret"));
  CHECK(s.scrub("Authorization: Basic bWVtYmVyc3luYy1kZW1vOmRlbW8tY2xpZW50LXNlY3JldA==") ==
        "Authorization: Basic [redacted]");
  CHECK(s.scrub("Basic bWVtYmVyc3luYy1kZW1vOmRlbW8tY2xpZW50LXNlY3JldA.") == "Basic [redacted].");
  CHECK(s.scrub("the secret demo-client-secret itself") == "the secret [redacted] itself");

  SECTION(
      "a secret that is form-encoded before it is joined (RFC 6749 2.3.1), and the header "
      "percent-encoded in a query") {
    Scrubber t;
    t.addBasicCredentials("app", Secret("s3cr3t w\xC3\xB6rd"));
    CHECK(t.scrub("Basic YXBwOnMzY3IzdCB3w7ZyZA==") == "Basic [redacted]");
    CHECK(t.scrub("Basic YXBwOnMzY3IzdCt3JUMzJUI2cmQ=") == "Basic [redacted]");
    CHECK(t.scrub("?auth=Basic%20YXBwOnMzY3IzdCt3JUMzJUI2cmQ%3D&") == "?auth=Basic%20[redacted]&");
  }
}

TEST_CASE("scrubber: overlapping and touching secrets leave no piece of either", "[core][scrub]") {
  Scrubber s;
  s.add(Secret("abcdef12"));
  s.add(Secret("ef12ghij"));
  CHECK(s.scrub("xx abcdef12ghij yy") == "xx [redacted] yy");
  CHECK(s.scrub("xx abcdef12ef12ghij yy") == "xx [redacted] yy");
  CHECK(s.scrub("xx abcdef12abcdef12 yy") == "xx [redacted] yy");
}

TEST_CASE("scrubber: a secret inside another is removed alone and within the longer one",
          "[core][scrub]") {
  Scrubber s;
  s.add(Secret("secret99"));
  s.add(Secret("mysecret99x"));
  CHECK(s.scrub("a mysecret99x b secret99 c") == "a [redacted] b [redacted] c");
  CHECK(s.scrub("a mysecret99y") == "a my[redacted]y");
}

TEST_CASE("scrubber: registering a secret twice adds nothing, later secrets apply at once",
          "[core][scrub]") {
  Scrubber s;
  s.add(Secret("token-0001-aaaa"));
  const auto forms = s.formCount();
  s.add(Secret("token-0001-aaaa"));
  CHECK(s.formCount() == forms);
  CHECK(s.scrub("t token-0002-bbbb") == "t token-0002-bbbb");
  s.add(Secret("token-0002-bbbb"));
  CHECK(s.scrub("t token-0002-bbbb") == "t [redacted]");
  // Both begin alike: each is still found, and the older one, now second of its kind, is still
  // known when registered again.
  CHECK(s.scrub("t token-0001-aaaa") == "t [redacted]");
  const auto both = s.formCount();
  CHECK(both == forms + 1);
  s.add(Secret("token-0001-aaaa"));
  CHECK(s.formCount() == both);
}

TEST_CASE("scrubber: thousands of generated passwords are all found and nothing else is touched",
          "[core][scrub]") {
  Scrubber s;
  for (int i = 0; i < 5000; ++i) s.add(Secret(password(i)));
  std::string text, expected;
  for (int i = 0; i < 5000; i += 97) {
    text += "row " + std::to_string(i) + ": {\"password\":\"" + password(i) + "\"}; ";
    expected += "row " + std::to_string(i) + ": {\"password\":\"[redacted]\"}; ";
  }
  text += "not registered: " + password(7777);
  expected += "not registered: " + password(7777);
  CHECK(s.scrub(text) == expected);
}

TEST_CASE("scrubber: registering and scrubbing on many threads at once", "[core][scrub]") {
  Scrubber s;
  for (int i = 0; i < 100; ++i) s.add(Secret(password(i)));
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&s, t] {
      for (int i = 0; i < 500; ++i) s.add(Secret(password(1000 + t * 500 + i)));
    });
  }
  std::vector<int> wrong(4, 0);
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&s, &wrong, t] {
      for (int i = 0; i < 500; ++i) {
        const std::string out = s.scrub("cause: " + password(i % 100) + " end");
        if (out != "cause: [redacted] end") ++wrong[static_cast<std::size_t>(t)];
      }
    });
  }
  for (auto& thread : threads) thread.join();
  CHECK(wrong == std::vector<int>(4, 0));
  for (int i = 1000; i < 3000; i += 111) CHECK(s.scrub(password(i)) == "[redacted]");
}

TEST_CASE("scrubber: the forms of a secret are computed once and without duplicates",
          "[core][scrub]") {
  CHECK(secretForms("abc").empty());
  CHECK(secretForms("Abcd1234") == std::vector<std::string>{"Abcd1234"});
  const auto forms = secretForms("a b/c");
  CHECK(std::find(forms.begin(), forms.end(), "a b/c") != forms.end());
  CHECK(std::find(forms.begin(), forms.end(), "a b\\/c") != forms.end());
  CHECK(std::find(forms.begin(), forms.end(), "a+b%2Fc") != forms.end());
  CHECK(std::find(forms.begin(), forms.end(), "a%20b%2fc") != forms.end());
}
