#include "daemon/console/language.h"

#include <cstdlib>
#include <sstream>

#include "jobs/core/text.h"

namespace membersync::console {
namespace {

std::string trimmed(const std::string& text) {
  const auto first = text.find_first_not_of(" \t");
  if (first == std::string::npos) return "";
  return text.substr(first, text.find_last_not_of(" \t") - first + 1);
}

// The language of one tag we speak: "zh", "zh-CN", "zh-Hans-CN" -> Chinese; "en", "en-US" ->
// English; anything else (including "*") none.
bool spoken(const std::string& tag, i18n::Language& language) {
  const std::string t = lowerAscii(tag);
  const std::string primary = t.substr(0, t.find('-'));
  if (primary == "zh") {
    language = i18n::Language::ZhCN;
    return true;
  }
  if (primary == "en") {
    language = i18n::Language::En;
    return true;
  }
  return false;
}

// The q of one entry's parameters (";q=0.8"); 1 without one, 0 for an unreadable one.
double qualityOf(const std::string& parameters) {
  std::istringstream in(parameters);
  std::string parameter;
  double q = 1.0;
  while (std::getline(in, parameter, ';')) {
    parameter = trimmed(parameter);
    if (parameter.size() < 2 || lowerAscii(parameter.substr(0, 2)) != "q=") continue;
    char* end = nullptr;
    const std::string value = parameter.substr(2);
    q = std::strtod(value.c_str(), &end);
    if (value.empty() || *end != '\0' || q < 0 || q > 1) q = 0;
  }
  return q;
}

}  // namespace

i18n::Language languageOfAcceptLanguage(const std::string& header) {
  std::istringstream in(header);
  std::string entry;
  double best = 0;
  i18n::Language chosen = i18n::Language::En;
  while (std::getline(in, entry, ',')) {
    const auto semicolon = entry.find(';');
    const std::string tag = trimmed(entry.substr(0, semicolon));
    const double q = semicolon == std::string::npos ? 1.0 : qualityOf(entry.substr(semicolon + 1));
    i18n::Language language;
    if (q > best && spoken(tag, language)) {
      best = q;
      chosen = language;
    }
  }
  return chosen;
}

bool languageOfChoice(const std::string& value, i18n::Language& language) {
  return spoken(value, language);
}

i18n::Language requestLanguage(const std::string& cookie, const std::string& acceptLanguage) {
  i18n::Language language;
  if (languageOfChoice(cookie, language)) return language;
  return languageOfAcceptLanguage(acceptLanguage);
}

const char* languageTag(i18n::Language language) {
  return language == i18n::Language::ZhCN ? "zh-CN" : "en";
}

}  // namespace membersync::console
