#include "jobs/notify/utf8_text.h"

#include "jobs/core/text.h"

namespace membersync::notify {
namespace {

constexpr std::string_view kEllipsis = "\xe2\x80\xa6";  // U+2026, three bytes

bool continuation(unsigned char byte) {
  return (byte & 0xC0) == 0x80;
}

}  // namespace

std::string_view utf8Prefix(std::string_view text, std::size_t maxBytes) {
  if (text.size() <= maxBytes) return text;
  std::size_t end = maxBytes;
  // Back off to the start of the character the cut would split: at most three bytes.
  while (end > 0 && continuation(static_cast<unsigned char>(text[end]))) --end;
  return text.substr(0, end);
}

std::string_view wholeLines(std::string_view text, std::size_t maxBytes) {
  if (text.size() <= maxBytes) return text;
  const auto end = text.rfind('\n', maxBytes);
  return end == std::string_view::npos ? std::string_view() : text.substr(0, end);
}

std::string clipped(std::string_view text, std::size_t maxBytes) {
  if (text.size() <= maxBytes) return std::string(text);
  if (maxBytes < kEllipsis.size()) return std::string(utf8Prefix(text, maxBytes));
  return std::string(utf8Prefix(text, maxBytes - kEllipsis.size())) + std::string(kEllipsis);
}

std::string oneLine(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    const auto u = static_cast<unsigned char>(c);
    const bool space = u < 0x20 || u == 0x7f || c == ' ';
    if (!space) {
      out += c;
    } else if (!out.empty() && out.back() != ' ') {
      out += ' ';
    }
  }
  return trim(out);
}

}  // namespace membersync::notify
