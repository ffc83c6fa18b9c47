#include "jobs/core/sha256.h"

#include <catch2/catch.hpp>

using membersync::Sha256;

TEST_CASE("sha256: matches the FIPS 180-2 test vector", "[core]") {
  CHECK(Sha256::of("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

TEST_CASE("sha256: fields are separated, so shifting a boundary changes the digest", "[core]") {
  CHECK(Sha256().field("ab").field("c").hex() != Sha256().field("a").field("bc").hex());
}
