#include <Poco/JSON/Array.h>
#include <Poco/JSON/Object.h>
#include <Poco/JSON/Parser.h>
#include <catch2/catch.hpp>

#include <cstdint>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

#include "jobs/center/encode.h"
#include "jobs/center/json_write.h"

using namespace membersync::center;
using membersync::Secret;

namespace {

std::string quoted(const std::string& value) {
  std::string out;
  json::appendString(out, value);
  return out;
}

// What Poco 1.11's stringify writes for {"k": value}: the encoders wrote it before json_write.
std::string pocoObjectWith(const std::string& value) {
  Poco::JSON::Object o(Poco::JSON_PRESERVE_KEY_ORDER);
  o.set("k", value);
  std::ostringstream out;
  o.stringify(out);
  return out.str();
}

}  // namespace

TEST_CASE("json write: quotes and backslashes are escaped", "[center]") {
  CHECK(quoted("") == R"("")");
  CHECK(quoted(R"(say "hi")") == R"("say \"hi\"")");
  CHECK(quoted(R"(C:\dir\)") == R"("C:\\dir\\")");
  CHECK(quoted(R"(\")") == R"("\\\"")");
}

TEST_CASE("json write: control characters are escaped, short forms where JSON has them",
          "[center]") {
  CHECK(quoted("a\nb\tc\rd\be\ff") == R"("a\nb\tc\rd\be\ff")");
  CHECK(quoted(std::string("\0", 1)) == R"("\u0000")");
  CHECK(quoted("\x01\x0b\x1a\x1f") == R"("\u0001\u000B\u001A\u001F")");
}

TEST_CASE("json write: UTF-8, DEL, the solidus and stray high bytes pass through", "[center]") {
  CHECK(quoted("张三") == "\"张三\"");
  CHECK(quoted("\xF0\x9F\x98\x80") == "\"\xF0\x9F\x98\x80\"");  // outside the BMP: no surrogates
  CHECK(quoted("a/b\x7f") == "\"a/b\x7f\"");
  CHECK(quoted("\xff\xc3") == "\"\xff\xc3\"");  // not UTF-8: copied, never dropped
}

TEST_CASE("json write: every byte is written as Poco's stringify wrote it", "[center]") {
  for (int b = 0; b < 256; ++b) {
    const std::string one(1, static_cast<char>(b));
    INFO("byte " << b);
    CHECK("{\"k\":" + quoted(one) + "}" == pocoObjectWith(one));
  }
  const std::string mixed = "张三 \"x\"\\\n\t/\x01\x7f\xF0\x9F\x98\x80 end";
  CHECK("{\"k\":" + quoted(mixed) + "}" == pocoObjectWith(mixed));
}

TEST_CASE("json write: objects, integers, string arrays and nested objects", "[center]") {
  std::string body;
  json::ObjectWriter o(body);
  o.text("a\"b", "x");
  o.integer("min", std::numeric_limits<std::int64_t>::min());
  o.integer("max", std::numeric_limits<std::int64_t>::max());
  o.texts("none", {});
  o.texts("two", {"p", "q\n"});
  json::ObjectWriter inner = o.object("inner");
  inner.integer("zero", 0);
  inner.close();
  o.close();
  CHECK(body == R"({"a\"b":"x","min":-9223372036854775808,"max":9223372036854775807,)"
                R"("none":[],"two":["p","q\n"],"inner":{"zero":0}})");
  std::string empty;
  json::ObjectWriter(empty).close();
  CHECK(empty == "{}");
}

TEST_CASE("encode: an add's text fields read back exactly, whatever they hold", "[center]") {
  const std::string awkward = "O'Brien \"Ed\" \\ 张\n\t\x01/";
  NewMember m{"ed", Secret("p\"w\\1\n"), std::string("-0042"), awkward, std::string("r\r"),
              std::nullopt};
  auto body = encodeAddMembers({m, m});
  REQUIRE(body.ok());
  Poco::JSON::Parser parser;
  const auto root = parser.parse(body.value()).extract<Poco::JSON::Object::Ptr>();
  const auto list = root->getArray("userList");
  REQUIRE(list->size() == 2);
  const auto row = list->getObject(1);
  CHECK(row->getValue<std::string>("userName") == "ed");
  CHECK(row->getValue<std::string>("password") == "p\"w\\1\n");
  CHECK(row->getValue<Poco::Int64>("departmentId") == -42);
  CHECK(row->getValue<std::string>("name") == awkward);
  CHECK(row->getValue<std::string>("remark") == "r\r");
  CHECK_FALSE(row->has("passwordMobile"));
}

namespace {

std::string stringified(const Poco::JSON::Object& o) {
  std::ostringstream out;
  o.stringify(out);
  return out.str();
}

Poco::JSON::Object ordered() { return Poco::JSON::Object(Poco::JSON_PRESERVE_KEY_ORDER); }

Poco::JSON::Array::Ptr pocoStrings(const std::vector<std::string>& values) {
  Poco::JSON::Array::Ptr a = new Poco::JSON::Array;
  for (const auto& v : values) a->add(v);
  return a;
}

}  // namespace

TEST_CASE("encode: each request body is, byte for byte, what Poco's DOM wrote for it",
          "[center]") {
  const std::string text = std::string("a\0b \"张\"\n", 10);  // a NUL inside, too
  SECTION("A1, with every optional field and without") {
    NewMember full{"ed", Secret("p\"w1"), std::string("1001"), text, text, std::string("138")};
    NewMember bare{"kim", Secret("pw2"), std::nullopt, "Kim", std::nullopt, std::nullopt};
    Poco::JSON::Object first = ordered(), second = ordered(), body = ordered();
    first.set("userName", "ed");
    first.set("password", "p\"w1");
    first.set("departmentId", static_cast<Poco::Int64>(1001));
    first.set("name", text);
    first.set("remark", text);
    first.set("passwordMobile", "138");
    second.set("userName", "kim");
    second.set("password", "pw2");
    second.set("name", "Kim");
    Poco::JSON::Array::Ptr list = new Poco::JSON::Array;
    list->add(first);
    list->add(second);
    body.set("userList", list);
    CHECK(encodeAddMembers({full, bare}).value() == stringified(body));
  }
  SECTION("A2") {
    Poco::JSON::Object body = ordered();
    body.set("userName", "ed");
    body.set("departmentId", static_cast<Poco::Int64>(-7));
    body.set("name", text);
    body.set("remark", "");
    CHECK(encodeMemberEdit({"ed", text, std::string("-7"), std::string(""), std::nullopt})
              .value() == stringified(body));
  }
  SECTION("A3, A9, A10") {
    Poco::JSON::Object reset = ordered(), assets = ordered(), lend = ordered();
    reset.set("password", text);
    CHECK(encodeResetPassword(Secret(text)) == stringified(reset));
    assets.set("deleteAssets", pocoStrings({}));
    assets.set("addAssets", pocoStrings({"AN-1", text}));
    CHECK(encodeConfigureAssets({}, {"AN-1", text}) == stringified(assets));
    lend.set("borrowedUsbKey", "LK-1");
    lend.set("assetIDs", pocoStrings({"a1", "a2"}));
    CHECK(encodeLendAssets("LK-1", {"a1", "a2"}) == stringified(lend));
  }
  SECTION("B1, with and without extParams") {
    Poco::JSON::Object body = ordered();
    body.set("identity", "ed@acme");
    body.set("activityLabel", text);
    body.set("source", "membersync");
    body.set("branch", "");
    CHECK(encodeEnrol({"ed@acme", text, "membersync", "", std::nullopt}) == stringified(body));
    Poco::JSON::Object::Ptr ext = new Poco::JSON::Object(Poco::JSON_PRESERVE_KEY_ORDER);
    ext->set("mode", "claim");
    body.set("extParams", ext);
    CHECK(encodeEnrol({"ed@acme", text, "membersync", "", std::string("claim")}) ==
          stringified(body));
  }
}
