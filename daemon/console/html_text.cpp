#include "daemon/console/html_text.h"

namespace membersync::console {

std::string htmlEscaped(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      case '/':
        out += "&#x2F;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string htmlCode(const std::string& text) {
  return "<code>" + htmlEscaped(text) + "</code>";
}

std::string htmlLink(const std::string& href, const std::string& text) {
  return "<a href=\"" + htmlEscaped(href) + "\">" + htmlEscaped(text) + "</a>";
}

std::string richText(const std::string& sentence, const i18n::Arguments& fragments) {
  // Braces survive escaping, so the placeholders are still found; the fragments are not
  // escaped again.
  return i18n::format(htmlEscaped(sentence), fragments);
}

}  // namespace membersync::console
