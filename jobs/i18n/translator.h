#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

// What membersync says to a person, in their language: gettext message catalogues (po/), read by
// Boost.Locale inside translator.cpp (README.md says why). Plain C++ here: no Boost.
namespace membersync::i18n {

// The languages membersync speaks. English is the source text and needs no catalogue.
enum class Language { En, ZhCN };

// The variables gettext reads to choose the language of messages; empty means unset.
struct LocaleVariables {
  std::string language;    // LANGUAGE: a priority list, "zh_CN:en"
  std::string lcAll;       // LC_ALL
  std::string lcMessages;  // LC_MESSAGES
  std::string lang;        // LANG
};

// As gettext chooses: the locale of messages is the first set of LC_ALL, LC_MESSAGES, LANG; under
// "C" or "POSIX" (or none) LANGUAGE is ignored, otherwise its first entry we have a catalogue
// for wins (zh* or en*, others skipped), else the locale's own. zh* ("zh_CN.UTF-8", "zh") is
// zh_CN; anything else English.
Language chooseLanguage(const LocaleVariables& variables);
// The process's own variables.
LocaleVariables localeVariablesFromProcess();
inline Language languageFromEnvironment() {
  return chooseLanguage(localeVariablesFromProcess());
}

// Where catalogues are looked for, first match wins: "<folder of the running binary>/locale"
// (the build tree, which CMake fills), then /usr/share/locale (the package).
std::vector<std::string> defaultCatalogueFolders();

// A string marked for extraction (xgettext --keyword=translateLater) and translated later by
// Translator::tr(): for tables of static texts, which cannot call tr() where they are written.
constexpr const char* translateLater(const char* msgid) {
  return msgid;
}

// Named placeholders and their values: {{"verb", "plan"}, {"count", "3"}}.
using Arguments = std::vector<std::pair<std::string, std::string>>;

// `text` with each {name} replaced by its value, in one pass (a value is never expanded again).
// "{{" and "}}" are literal braces. A placeholder without a value stays as written, so a
// translator's typo shows instead of taking the message down.
std::string format(const std::string& text, const Arguments& arguments);

// Translates messages of the "membersync" domain into one language. Cheap to copy; immutable, so
// one may be shared by threads. Made once and passed in: no global language.
class Translator {
 public:
  // English: every message as written in the source.
  Translator();
  // `language`, from the first of `catalogueFolders` holding
  // <folder>/<language>/LC_MESSAGES/membersync.mo; without one, English.
  Translator(Language language, const std::vector<std::string>& catalogueFolders);

  Language language() const { return language_; }
  // The translation of `msgid`, or `msgid` itself when the catalogue has none.
  std::string tr(const char* msgid) const;
  // The plural form for `n` (the catalogue's Plural-Forms rule; English: n == 1 is singular).
  std::string trn(const char* singular, const char* plural, unsigned long n) const;

 private:
  struct Catalogue;
  Language language_ = Language::En;
  std::shared_ptr<const Catalogue> catalogue_;  // null for English
};

}  // namespace membersync::i18n
