#include <catch2/catch.hpp>

#include "jobs/center/decode.h"
#include "tests/support/asset_answer_text.h"

using namespace membersync::center;
using membersync::testing::assetAnswerByStream;
using membersync::testing::assetAnswerByTree;
using membersync::testing::notAnswers;

namespace {

const std::string kAnswer = R"({"code":0,"message":"success","cause":null,"data":[
  {"assetNum":"AN-0001","assetId":1700000000000000789,"cloudAccountGlobalId":"G-1","borrowedFlag":true,"onlineFlag":false},
  {"assetNum":"AN-0002","assetId":"A2","cloudAccountGlobalId":null,"borrowedFlag":false,"onlineFlag":true,"new":1},
  {"assetNum":12,"assetId":9007199254740993,"cloudAccountGlobalId":77,"borrowedFlag":1,"onlineFlag":"true",
   "products":[{"productUri":"uri:a","children":[[{"x":[1,2,{"y":null}]}]]}],"meta":{"a":{"b":[]}}},
  {"assetId":"A4","assetNum":"AN-0004"}]})";

std::string nested(int depth) {
  return R"({"code":0,"data":[{"assetNum":"AN","assetId":"A","deep":)" + std::string(depth, '[') +
         std::string(depth, ']') + "}]}";
}

}  // namespace

TEST_CASE("A6 streamed: the decoded asset numbers are the tree decoder's", "[center]") {
  auto env = readAssetNumbersEnvelope(kAnswer);
  REQUIRE(env.ok());
  CHECK(env.value().code == "0");
  CHECK(env.value().message == "success");
  auto assets = decodeAssetNumbers(env.value().data.get());
  REQUIRE(assets.ok());
  const std::vector<AssetNumber>& a = assets.value();
  REQUIRE(a.size() == 4);
  CHECK(a[0].assetId == "1700000000000000789");
  CHECK(a[0].cloudAccountGlobalId == std::optional<std::string>("G-1"));
  CHECK(a[0].borrowedFlag);
  CHECK_FALSE(a[1].cloudAccountGlobalId);
  CHECK(a[1].onlineFlag);
  CHECK(a[2].assetNum == "12");
  CHECK(a[2].assetId == "9007199254740993");
  CHECK(a[2].cloudAccountGlobalId == std::optional<std::string>("77"));
  CHECK(a[2].borrowedFlag);
  CHECK(a[2].onlineFlag);
  CHECK(a[3].assetNum == "AN-0004");
  CHECK(assetAnswerByStream(kAnswer) == assetAnswerByTree(kAnswer));
}

TEST_CASE("A6 streamed: agrees with the tree on every kind of answer, error texts included",
          "[center]") {
  std::vector<std::string> answers = {
      kAnswer,
      R"({"code":0,"data":null})",
      R"({"code":"0","message":"success"})",
      R"({"code":0,"data":[]})",
      R"({"code":0,"data":{"assetNum":"x"}})",
      R"({"code":0,"data":"x"})",
      R"({"code":0,"data":[1,2]})",
      R"({"code":"60002","message":"失败 {0} {1}","cause":{"why":[1,"x"]},"data":[8,"20"]})",
      R"({"code":0,"data":[{"assetNum":"a","assetId":"1"},{"assetNum":"b","assetId":{"x":1}}]})",
      R"({"code":0,"data":[{"assetNum":"a","assetId":[1]}]})",
      R"({"code":0,"data":[{"assetNum":"a","assetId":1.5}]})",
      R"({"code":0,"data":[{"assetNum":"a","assetId":true}]})",
      R"({"code":0,"data":[{"assetNum":"a"}]})",
      R"({"code":0,"data":[{"assetId":"a"}]})",
      R"({"code":0,"data":[{"assetNum":"a","assetId":"1","cloudAccountGlobalId":false}]})",
      R"({"code":0,"data":[{"assetNum":"a","assetId":"1","borrowedFlag":2}]})",
      R"({"code":0,"data":[{"assetNum":"a","assetId":"1","onlineFlag":"yes"}]})",
      R"({"code":0,"data":[{"assetNum":"a","assetId":"1"},null]})",
      R"({"code":0,"data":[{"assetNum":"a","assetId":"1"},[]]})",
      R"({"code":0,"data":[{"assetNum":"a","assetId":"1","assetId":"2"}]})",  // the last one counts
      R"({"code":0,"data":[{"assetNum":"a","assetId":"1"}],"data":null})",
      R"({"code":0,"data":5,"data":[{"assetNum":"a","assetId":"1"}]})",
      R"({"data":[{"assetNum":"a","assetId":"1"}],"code":0,"message":"late"})",
      R"({"code":0,"message":{"x":1},"data":[]})",
      R"({"code":1e400,"data":[]})",
      R"({"code":{"a":1}})",
      R"({"message":"x"})",
      R"({"code":0,"data":[{"assetNum":"a","assetId":18446744073709551615}]})",
      R"({"code":0,"data":[{"assetNum":"a","assetId":-9223372036854775808}]})",
      R"({"code":0,"data":[{"assetNum":"a","assetId":1e3}]})",
      R"({"code":0,"data":[{"assetNum":"a","assetId":"1"}]} trailing)",
      R"({"code":0,"data":[{"assetNum":"a" "assetId":"1"}]})",
      R"({"code":0,"data":[{"assetNum":"a","assetId":"1",}]})",
      nested(10),
      nested(200),
      nested(100000),
  };
  answers.insert(answers.end(), notAnswers().begin(), notAnswers().end());
  for (const std::string& body : answers) {
    INFO(body.substr(0, 200));
    CHECK(assetAnswerByStream(body) == assetAnswerByTree(body));
  }
  CHECK(assetAnswerByStream(answers[8])
            .find("data[1].assetId: expected a string or an integer, got an object") !=
        std::string::npos);
}

TEST_CASE("A6 streamed: every truncation of an answer fails as the tree's does", "[center]") {
  for (std::size_t n = 0; n < kAnswer.size(); ++n) {
    const std::string cut = kAnswer.substr(0, n);
    INFO(cut);
    const std::string streamed = assetAnswerByStream(cut);
    CHECK(streamed == assetAnswerByTree(cut));
    CHECK(streamed.find("malformed JSON") != std::string::npos);
  }
}

TEST_CASE("A6 streamed: nesting past the parser's limit is refused, not a crash", "[center]") {
  auto env = readAssetNumbersEnvelope(nested(100000));
  REQUIRE(env.failed());
  CHECK(env.error().kind == ErrorKind::Protocol);
  CHECK(env.error().endpoint == "A6 list asset numbers");
  CHECK(env.error().message.find("malformed JSON") == 0);
  CHECK(readAssetNumbersEnvelope(nested(100)).ok());
}

TEST_CASE("A6 streamed: escaped characters, surrogate pairs included, come out as UTF-8",
          "[center]") {
  const std::string body =
      R"({"code":0,"message":"\u6210\u529f","data":[{"assetNum":"A\"\\\/\b\f\n\r\t\u00e9\u4e2d\ud83d\ude00",)"
      R"("assetId":"\u0031\u0032","cloudAccountGlobalId":"G\u002d1","k\u0065y":{"\ud83d\ude00":"x"}}]})";
  auto env = readAssetNumbersEnvelope(body);
  REQUIRE(env.ok());
  CHECK(env.value().message == "成功");
  auto assets = decodeAssetNumbers(env.value().data.get());
  REQUIRE(assets.ok());
  REQUIRE(assets.value().size() == 1);
  CHECK(assets.value()[0].assetNum == "A\"\\/\b\f\n\r\té中😀");
  CHECK(assets.value()[0].assetId == "12");
  CHECK(assets.value()[0].cloudAccountGlobalId == std::optional<std::string>("G-1"));
  CHECK(assetAnswerByStream(body) == assetAnswerByTree(body));
  for (const char* bad : {R"({"code":0,"data":[{"assetNum":"\ud83d","assetId":"1"}]})",
                          R"({"code":0,"data":[{"assetNum":"\ude00\ud83d","assetId":"1"}]})",
                          R"({"code":0,"data":[{"assetNum":"\u12","assetId":"1"}]})",
                          R"({"code":0,"data":[{"assetNum":"\x","assetId":"1"}]})",
                          "{\"code\":0,\"data\":[{\"assetNum\":\"a\tb\",\"assetId\":\"1\"}]}"}) {
    INFO(bad);
    CHECK(assetAnswerByStream(bad) == assetAnswerByTree(bad));
  }
}

TEST_CASE("A6 streamed: thousands of assets come out in order", "[center]") {
  std::string body = R"({"code":0,"message":"success","data":[)";
  for (int i = 0; i < 5000; ++i)
    body += (i ? "," : "") + std::string(R"({"assetNum":"AN-)") + std::to_string(i) +
            R"(","assetId":)" + std::to_string(1700000000000000000LL + i) +
            R"(,"products":[{"a":1}]})";
  body += "]}";
  auto env = readAssetNumbersEnvelope(body);
  REQUIRE(env.ok());
  auto assets = decodeAssetNumbers(env.value().data.get());
  REQUIRE(assets.ok());
  REQUIRE(assets.value().size() == 5000);
  CHECK(assets.value()[4999].assetNum == "AN-4999");
  CHECK(assets.value()[4999].assetId == "1700000000000004999");
  CHECK(assetAnswerByStream(body) == assetAnswerByTree(body));
}

TEST_CASE("A6 streamed: the decoded list is handed over once, not copied", "[center]") {
  auto env = readAssetNumbersEnvelope(R"({"code":0,"data":[{"assetNum":"a","assetId":"1"}]})");
  REQUIRE(env.ok());
  auto first = decodeAssetNumbers(env.value().data.get());
  REQUIRE(first.ok());
  CHECK(first.value().size() == 1);
  auto second = decodeAssetNumbers(env.value().data.get());
  REQUIRE(second.failed());
  CHECK(second.error().message == "the asset numbers were handed over already");
}
