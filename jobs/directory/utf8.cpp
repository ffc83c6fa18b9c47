#include "jobs/directory/utf8.h"

namespace membersync::directory {

namespace {

bool isContinuation(unsigned char c) { return (c & 0xC0) == 0x80; }

// Length of the well-formed sequence starting at text[i], or 0 when it is ill-formed. The
// ranges are those of the Unicode standard's table of well-formed byte sequences: they exclude
// overlong forms (C0, C1, E0 80..9F, F0 80..8F), surrogates (ED A0..BF) and > U+10FFFF.
std::size_t sequenceAt(std::string_view text, std::size_t i) {
  const auto b = [&](std::size_t k) { return static_cast<unsigned char>(text[i + k]); };
  const unsigned char lead = b(0);
  if (lead < 0x80) return 1;
  std::size_t length = 0;
  unsigned char low = 0x80, high = 0xBF;  // allowed range of the second byte
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3;
    if (lead == 0xE0) low = 0xA0;
    if (lead == 0xED) high = 0x9F;
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4;
    if (lead == 0xF0) low = 0x90;
    if (lead == 0xF4) high = 0x8F;
  } else {
    return 0;
  }
  if (i + length > text.size()) return 0;
  if (b(1) < low || b(1) > high) return 0;
  for (std::size_t k = 2; k < length; ++k)
    if (!isContinuation(b(k))) return 0;
  return length;
}

}  // namespace

std::optional<std::size_t> firstInvalidUtf8(std::string_view text) {
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t length = sequenceAt(text, i);
    if (length == 0) return i;
    i += length;
  }
  return std::nullopt;
}

std::string withInvalidReplaced(std::string_view text) {
  std::string out;
  while (const auto bad = firstInvalidUtf8(text)) {
    out.append(text.substr(0, *bad)).append("\xEF\xBF\xBD");
    text.remove_prefix(*bad + 1);
  }
  return out.append(text);
}

std::size_t codePoints(std::string_view utf8) {
  std::size_t count = 0;
  for (char c : utf8)
    if (!isContinuation(static_cast<unsigned char>(c))) ++count;
  return count;
}

TextPosition positionOf(std::string_view text, std::size_t offset) {
  TextPosition at;
  std::size_t lineStart = 0;
  for (std::size_t i = 0; i < offset && i < text.size(); ++i) {
    const char c = text[i];
    const bool crBeforeLf = c == '\r' && i + 1 < text.size() && text[i + 1] == '\n';
    if ((c == '\n' || c == '\r') && !crBeforeLf) {
      ++at.line;
      lineStart = i + 1;
    }
  }
  at.column = static_cast<int>(codePoints(text.substr(lineStart, offset - lineStart))) + 1;
  return at;
}

}  // namespace membersync::directory
