#include "jobs/core/hmac.h"

#include <catch2/catch.hpp>

#include "jobs/core/text.h"

using membersync::base64;
using membersync::hmacSha256;
using membersync::lowerHex;

TEST_CASE("hmac: HMAC-SHA256 matches RFC 4231's test case 2", "[core]") {
  CHECK(lowerHex(hmacSha256("Jefe", "what do ya want for nothing?")) ==
        "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
}

TEST_CASE("hmac: an empty message has a code too (a Feishu signature signs nothing)", "[core]") {
  // printf '' | openssl dgst -sha256 -hmac "$(printf '1700000000\nSECfeishu-0123')" -binary |
  // base64
  CHECK(base64(hmacSha256("1700000000\nSECfeishu-0123", "")) ==
        "SUp7GapoGKR6xOsuMTku7zvSf3Icbfg+k5jMdpcPI/8=");
}

TEST_CASE("hmac: base64 pads to whole groups of four, RFC 4648's alphabet", "[core]") {
  CHECK(base64("") == "");
  CHECK(base64("ab") == "YWI=");
  CHECK(base64("abc") == "YWJj");
  CHECK(base64("\xfb\xff") == "+/8=");
}
