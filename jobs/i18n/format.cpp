#include "jobs/i18n/translator.h"

namespace membersync::i18n {
namespace {

const std::string* valueOf(const Arguments& arguments, const std::string& name) {
  for (const auto& [key, value] : arguments) {
    if (key == name) return &value;
  }
  return nullptr;
}

}  // namespace

std::string format(const std::string& text, const Arguments& arguments) {
  std::string out;
  out.reserve(text.size());
  std::size_t i = 0;
  while (i < text.size()) {
    const char c = text[i];
    if ((c == '{' || c == '}') && i + 1 < text.size() && text[i + 1] == c) {  // "{{", "}}"
      out += c;
      i += 2;
      continue;
    }
    const std::size_t close = c == '{' ? text.find_first_of("{}", i + 1) : std::string::npos;
    if (close == std::string::npos || text[close] != '}') {  // not a placeholder: as written
      out += c;
      ++i;
      continue;
    }
    const std::string name = text.substr(i + 1, close - i - 1);
    const std::string* value = valueOf(arguments, name);
    out += value ? *value : text.substr(i, close - i + 1);
    i = close + 1;
  }
  return out;
}

}  // namespace membersync::i18n
