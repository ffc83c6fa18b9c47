#include "jobs/core/sha256.h"

#include <catch2/catch.hpp>

using membersync::Sha256;

TEST_CASE("sha256: matches the FIPS 180-2 test vector", "[core]") {
  CHECK(Sha256::of("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

TEST_CASE("sha256: fields are separated, so shifting a boundary changes the digest", "[core]") {
  CHECK(Sha256().field("ab").field("c").hex() != Sha256().field("a").field("bc").hex());
}

TEST_CASE("sha256: a digest finished starts afresh, and one of nothing is the empty string's",
          "[core]") {
  const std::string empty = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";
  Sha256 d;
  CHECK(d.hex() == empty);
  CHECK(d.update("abc").hex() == Sha256::of("abc"));
  CHECK(d.update("a").update("bc").hex() == Sha256::of("abc"));  // nothing left of before
  CHECK(d.hex() == empty);
  CHECK(Sha256::of("") == empty);
}

TEST_CASE("sha256: the digest's bytes are what hex() spells, and it starts afresh too", "[core]") {
  Sha256 d;
  const Sha256::Digest abc = d.update("abc").digest();
  CHECK(abc[0] == 0xba);
  CHECK(abc[31] == 0xad);
  CHECK(d.update("abc").digest() == abc);
  CHECK(d.hex() == Sha256::of(""));
}
