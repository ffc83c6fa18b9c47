#pragma once

#include <string>

#include "jobs/i18n/translator.h"

// The language of one request to the console (issue 31): the user's choice, kept in the `lang`
// cookie by the language links of every page, else what the browser asks for (Accept-Language),
// else English. Chosen per request: two browsers may read the console in two languages at once.
namespace membersync::console {

// The cookie the language links set ("zh-CN" or "en").
constexpr const char* kLanguageCookie = "lang";

// Accept-Language ("zh-CN,zh;q=0.9,en;q=0.8"): the language of highest q (the first of equal
// ones) that we speak: zh, zh-CN, zh-Hans... are Chinese, en* English; others are skipped; q=0
// refuses. None we speak: English.
i18n::Language languageOfAcceptLanguage(const std::string& header);

// A `lang` cookie's value, when it names a language we speak: "zh-CN" (or "zh", any case) or
// "en". Otherwise false, and `language` is left alone.
bool languageOfChoice(const std::string& value, i18n::Language& language);

// The cookie first, else the header.
i18n::Language requestLanguage(const std::string& cookie, const std::string& acceptLanguage);

// The language's tag for <html lang> and the cookie: "zh-CN", "en".
const char* languageTag(i18n::Language language);

}  // namespace membersync::console
