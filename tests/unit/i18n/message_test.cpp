// Message: a message kept as its English format string and named arguments until it is shown, and
// stored in the state that way (jobs/i18n/message.h).

#include <catch2/catch.hpp>

#include "jobs/i18n/message.h"

namespace {

using namespace membersync::i18n;

const std::string kFixture = MEMBERSYNC_TEST_LOCALE_DIR;

Message guardReason(unsigned long destructive) {
  return msg("{reason}; and {more}")
      .with("reason", msgn("{count} destructive item exceeds the limit of {limit}",
                           "{count} destructive items exceed the limit of {limit}", destructive)
                          .with("limit", 10))
      .with("more", verbatim("see run 7"));
}

}  // namespace

TEST_CASE("message: shown in the reader's language, nested messages and plurals included",
          "[i18n][message]") {
  const Message m = guardReason(13);
  CHECK(english(m) == "13 destructive items exceed the limit of 10; and see run 7");
  CHECK(english(guardReason(1)) == "1 destructive item exceeds the limit of 10; and see run 7");
  const Translator chinese(Language::ZhCN, {kFixture});
  CHECK(render(chinese, m) == "13 项破坏性操作超过上限 10；另外see run 7");
  CHECK(render(chinese, guardReason(1)) == "一项破坏性操作超过上限 10；另外see run 7");
}

TEST_CASE("message: verbatim text is never translated nor filled", "[i18n][message]") {
  const Translator chinese(Language::ZhCN, {kFixture});
  CHECK(render(chinese, verbatim("the member center")) == "the member center");
  CHECK(render(chinese, verbatim("{count} {{x}}")) == "{count} {{x}}");
  CHECK(render(chinese, msg("the member center")) == "会员中心");
}

TEST_CASE("message: stored and read back whole, in any language it is later shown in",
          "[i18n][message]") {
  const Message m = guardReason(13).with("name", "张伟 \"quoted\"\n{count}");
  const std::string stored = encodeMessage(m);
  CHECK(stored.find('\n') == std::string::npos);  // one line in the state
  const Message back = decodeMessage(stored);
  CHECK(back == m);
  CHECK(english(back) == english(m));
}

TEST_CASE("message: a stored text that is not an encoded message comes back as it was",
          "[i18n][message]") {
  for (const std::string& old :
       {std::string("13 destructive items exceed the limit of 10"), std::string(""),
        std::string("{\"msg\":"), std::string("{\"msg\":5}"),
        std::string("{\"msg\":\"x\",\"args\":[[1]]}"), std::string("{\"other\":1}")}) {
    const Message back = decodeMessage(old);
    CHECK(back.verbatim);
    CHECK(english(back) == old);
  }
  CHECK(encodeMessage(verbatim("plain words")) == "plain words");
}

TEST_CASE("message: a message nested too deeply is read back as the stored text",
          "[i18n][message]") {
  Message deep = msg("{inner}").with("inner", "x");
  for (int i = 0; i < 20; ++i) deep = msg("{inner}").with("inner", deep);
  const std::string stored = encodeMessage(deep);
  CHECK(decodeMessage(stored).verbatim);
}

TEST_CASE("message: a stored text of 100,000 open brackets does not take the reader's stack",
          "[i18n][message]") {
  const std::string deep = "{\"msg\":\"x\",\"args\":" + std::string(100000, '[');
  CHECK(decodeMessage(deep).verbatim);
  std::string objects = "{\"msg\":\"x\",\"args\":[[\"a\",";
  for (int i = 0; i < 50000; ++i) objects += "{\"msg\":\"x\",\"args\":[[\"a\",";
  CHECK(decodeMessage(objects).verbatim);
}
