#include "jobs/i18n/translator.h"

#include <boost/locale/generator.hpp>
#include <boost/locale/message.hpp>

#include <locale>

namespace membersync::i18n {
namespace {

constexpr const char* kDomain = "membersync";

const char* localeName(Language language) {
  return language == Language::ZhCN ? "zh_CN.UTF-8" : "en_US.UTF-8";
}

}  // namespace

// Boost.Locale reads the .mo itself (no setlocale, no generated system locale needed), and a
// std::locale per Translator lets two requests speak two languages at once.
struct Translator::Catalogue {
  std::locale locale;
};

Translator::Translator() = default;

Translator::Translator(Language language, const std::vector<std::string>& catalogueFolders)
    : language_(language) {
  if (language == Language::En) return;
  boost::locale::generator generator;
  // Only the messages: no collation or formatting data to load.
  generator.categories(boost::locale::message_facet | boost::locale::information_facet);
  for (const auto& folder : catalogueFolders) generator.add_messages_path(folder);
  generator.add_messages_domain(kDomain);
  catalogue_ = std::make_shared<const Catalogue>(Catalogue{generator(localeName(language))});
}

std::string Translator::tr(const char* msgid) const {
  if (!catalogue_) return msgid;
  return boost::locale::dgettext(kDomain, msgid, catalogue_->locale);
}

std::string Translator::trn(const char* singular, const char* plural, unsigned long n) const {
  if (!catalogue_) return n == 1 ? singular : plural;
  // Boost takes an int. Plural rules look at the last digits (n % 10, n % 100): a count too
  // large for an int keeps its last six and stays "many".
  const int count = static_cast<int>(n < 1000000 ? n : n % 1000000 + 1000000);
  return boost::locale::dngettext(kDomain, singular, plural, count, catalogue_->locale);
}

}  // namespace membersync::i18n
