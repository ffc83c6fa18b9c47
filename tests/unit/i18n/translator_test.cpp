// Translator: messages from a gettext catalogue read by Boost.Locale, with the catalogue's own
// plural rule; English without one (jobs/i18n). The fixture catalogue is fixture.po.

#include <catch2/catch.hpp>

#include "jobs/i18n/translator.h"

namespace {

using membersync::i18n::format;
using membersync::i18n::Language;
using membersync::i18n::Translator;

const std::string kFixture = MEMBERSYNC_TEST_LOCALE_DIR;

}  // namespace

TEST_CASE("translator: English is the source text, with English plurals", "[i18n][translator]") {
  const Translator english;
  CHECK(english.language() == Language::En);
  CHECK(english.tr("the member center") == "the member center");
  CHECK(english.trn("{count} row", "{count} rows", 1) == "{count} row");
  CHECK(english.trn("{count} row", "{count} rows", 0) == "{count} rows");
  CHECK(english.trn("{count} row", "{count} rows", 2) == "{count} rows");
  // English never reads a catalogue, even one that is there.
  CHECK(Translator(Language::En, {kFixture}).tr("the member center") == "the member center");
}

TEST_CASE("translator: Chinese from the catalogue, a message it lacks stays English",
          "[i18n][translator]") {
  const Translator chinese(Language::ZhCN, {kFixture});
  CHECK(chinese.language() == Language::ZhCN);
  CHECK(chinese.tr("the member center") == "会员中心");
  CHECK(format(chinese.tr("{verb} takes no argument ('{argument}')"),
               {{"verb", "plan"}, {"argument", "x"}}) == "plan 不带参数（“x”）");
  CHECK(chinese.tr("not in the catalogue") == "not in the catalogue");
}

TEST_CASE("translator: plural forms follow the catalogue's Plural-Forms rule",
          "[i18n][translator]") {
  const Translator chinese(Language::ZhCN, {kFixture});
  CHECK(chinese.trn("{count} row", "{count} rows", 0) == "没有行");
  CHECK(chinese.trn("{count} row", "{count} rows", 1) == "一行");
  CHECK(chinese.trn("{count} row", "{count} rows", 7) == "{count} 行");
  CHECK(chinese.trn("{count} row", "{count} rows", 4000000000UL) == "{count} 行");
  // A plural message the catalogue lacks: English's rule.
  CHECK(chinese.trn("{count} day", "{count} days", 1) == "{count} day");
  CHECK(chinese.trn("{count} day", "{count} days", 3) == "{count} days");
}

TEST_CASE("translator: the first folder holding the catalogue is used, none at all is English",
          "[i18n][translator]") {
  const Translator later(Language::ZhCN, {"/nonexistent/locale", kFixture});
  CHECK(later.tr("the member center") == "会员中心");
  const Translator none(Language::ZhCN, {"/nonexistent/locale"});
  CHECK(none.tr("the member center") == "the member center");
  CHECK(none.trn("{count} row", "{count} rows", 2) == "{count} rows");
}
