// The console's choice of language for one request (daemon/console/language.h): the `lang`
// cookie, else Accept-Language with its q-values, else English.

#include <catch2/catch.hpp>

#include "daemon/console/language.h"

namespace {

using membersync::console::languageOfAcceptLanguage;
using membersync::console::requestLanguage;
using membersync::i18n::Language;

}  // namespace

TEST_CASE("console language: zh, zh-CN and zh-Hans are Chinese, the highest q we speak wins",
          "[console][i18n]") {
  CHECK(languageOfAcceptLanguage("zh-CN,zh;q=0.9,en;q=0.8") == Language::ZhCN);
  CHECK(languageOfAcceptLanguage("zh") == Language::ZhCN);
  CHECK(languageOfAcceptLanguage("zh-Hans-CN") == Language::ZhCN);
  CHECK(languageOfAcceptLanguage("en-US,en;q=0.9") == Language::En);
  CHECK(languageOfAcceptLanguage("en;q=0.5, zh-CN;q=0.8") == Language::ZhCN);
  CHECK(languageOfAcceptLanguage("fr-FR, zh;q=0.3, en;q=0.2") == Language::ZhCN);
  CHECK(languageOfAcceptLanguage("zh;q=0, en;q=0.1") == Language::En);  // q=0: not wanted
  CHECK(languageOfAcceptLanguage("fr-FR,de;q=0.8,*;q=0.5") == Language::En);
  CHECK(languageOfAcceptLanguage("") == Language::En);
  CHECK(languageOfAcceptLanguage("zh;q=abc") == Language::En);
}

TEST_CASE("console language: the lang cookie beats Accept-Language and an unknown one is ignored",
          "[console][i18n]") {
  CHECK(requestLanguage("en", "zh-CN") == Language::En);
  CHECK(requestLanguage("zh-CN", "en-US") == Language::ZhCN);
  CHECK(requestLanguage("klingon", "zh-CN") == Language::ZhCN);
  CHECK(requestLanguage("", "") == Language::En);
}
