#include <unistd.h>

#include <cstdlib>
#include <sstream>

#include "jobs/i18n/translator.h"

namespace membersync::i18n {
namespace {

bool startsWith(const std::string& text, const char* prefix) {
  return text.rfind(prefix, 0) == 0;
}

// "zh_CN.UTF-8", "zh_TW", "zh": Chinese, the one Chinese catalogue there is.
Language ofLocaleName(const std::string& name) {
  return startsWith(name, "zh") ? Language::ZhCN : Language::En;
}

std::string variable(const char* name) {
  const char* value = std::getenv(name);
  return value ? value : "";
}

}  // namespace

Language chooseLanguage(const LocaleVariables& v) {
  const std::string& locale = !v.lcAll.empty()        ? v.lcAll
                              : !v.lcMessages.empty() ? v.lcMessages
                                                      : v.lang;
  // gettext ignores LANGUAGE in the C locale: a script's LC_ALL=C gets English, whatever
  // the login's LANGUAGE says. C.UTF-8 is not C: glibc 2.36 honours LANGUAGE there.
  if (locale.empty() || locale == "C" || locale == "POSIX") return Language::En;
  std::istringstream entries(v.language);
  std::string entry;
  while (std::getline(entries, entry, ':')) {
    if (startsWith(entry, "zh")) return Language::ZhCN;
    if (startsWith(entry, "en")) return Language::En;
    // A language without a catalogue ("fr"): gettext tries the next entry.
  }
  return ofLocaleName(locale);
}

LocaleVariables localeVariablesFromProcess() {
  return {variable("LANGUAGE"), variable("LC_ALL"), variable("LC_MESSAGES"), variable("LANG")};
}

std::vector<std::string> defaultCatalogueFolders() {
  std::vector<std::string> folders;
  // The build tree's catalogue sits beside the binary; an installed binary finds none there.
  char path[4096];
  const ssize_t length = ::readlink("/proc/self/exe", path, sizeof path - 1);
  if (length > 0) {
    const std::string exe(path, static_cast<std::size_t>(length));
    const auto slash = exe.rfind('/');
    if (slash != std::string::npos) folders.push_back(exe.substr(0, slash) + "/locale");
  }
  folders.push_back("/usr/share/locale");
  return folders;
}

}  // namespace membersync::i18n
