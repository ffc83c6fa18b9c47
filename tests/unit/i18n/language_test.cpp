// Choosing the language of messages from the environment, as gettext does (jobs/i18n).

#include <catch2/catch.hpp>

#include "jobs/i18n/translator.h"

namespace {

using membersync::i18n::chooseLanguage;
using membersync::i18n::Language;
using membersync::i18n::LocaleVariables;

LocaleVariables lang(const std::string& value) {
  return {"", "", "", value};
}

}  // namespace

TEST_CASE("language: a zh locale in LANG is Chinese, with or without country and charset",
          "[i18n][language]") {
  CHECK(chooseLanguage(lang("zh_CN.UTF-8")) == Language::ZhCN);
  CHECK(chooseLanguage(lang("zh_CN")) == Language::ZhCN);
  CHECK(chooseLanguage(lang("zh")) == Language::ZhCN);
  CHECK(chooseLanguage(lang("en_US.UTF-8")) == Language::En);
  CHECK(chooseLanguage(lang("de_DE.UTF-8")) == Language::En);
  CHECK(chooseLanguage(lang("C.UTF-8")) == Language::En);
}

TEST_CASE("language: nothing set, C or POSIX is English", "[i18n][language]") {
  CHECK(chooseLanguage({}) == Language::En);
  CHECK(chooseLanguage(lang("C")) == Language::En);
  CHECK(chooseLanguage(lang("POSIX")) == Language::En);
}

TEST_CASE("language: LC_ALL wins over LC_MESSAGES, which wins over LANG", "[i18n][language]") {
  CHECK(chooseLanguage({"", "en_US.UTF-8", "zh_CN.UTF-8", "zh_CN.UTF-8"}) == Language::En);
  CHECK(chooseLanguage({"", "zh_CN.UTF-8", "en_US.UTF-8", "en_US.UTF-8"}) == Language::ZhCN);
  CHECK(chooseLanguage({"", "", "zh_CN.UTF-8", "en_US.UTF-8"}) == Language::ZhCN);
  CHECK(chooseLanguage({"", "", "en_US.UTF-8", "zh_CN.UTF-8"}) == Language::En);
}

TEST_CASE("language: LANGUAGE wins over the locale, except under C or POSIX", "[i18n][language]") {
  // A server with only C.UTF-8: LC_ALL=C.UTF-8 LANGUAGE=zh_CN speaks Chinese.
  CHECK(chooseLanguage({"zh_CN", "C.UTF-8", "", ""}) == Language::ZhCN);
  CHECK(chooseLanguage({"en", "", "", "zh_CN.UTF-8"}) == Language::En);
  CHECK(chooseLanguage({"zh_CN", "C", "", ""}) == Language::En);
  CHECK(chooseLanguage({"zh_CN", "POSIX", "", "zh_CN.UTF-8"}) == Language::En);
  CHECK(chooseLanguage({"zh_CN", "", "", ""}) == Language::En);  // no locale at all is C
}

TEST_CASE("language: LANGUAGE's first entry with a catalogue wins, others are skipped",
          "[i18n][language]") {
  CHECK(chooseLanguage({"fr:zh_CN:en", "C.UTF-8", "", ""}) == Language::ZhCN);
  CHECK(chooseLanguage({"fr:en:zh_CN", "C.UTF-8", "", ""}) == Language::En);
  // No entry we speak: the locale's own language.
  CHECK(chooseLanguage({"fr:de", "", "", "zh_CN.UTF-8"}) == Language::ZhCN);
}
