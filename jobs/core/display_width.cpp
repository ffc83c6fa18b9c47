#include "jobs/core/display_width.h"

#include <algorithm>
#include <iterator>
#include <optional>

namespace membersync {
namespace {

struct CodePointRange {
  char32_t first;
  char32_t last;
};

#include "jobs/core/display_width_table.inc"

template <std::size_t N>
bool inTable(const CodePointRange (&table)[N], char32_t cp) {
  // The first range that does not end before cp; cp is in the table when that range starts at or
  // before it. The tables are sorted and do not overlap (the generator merges them).
  const auto* range =
      std::lower_bound(std::begin(table), std::end(table), cp,
                       [](const CodePointRange& r, char32_t c) { return r.last < c; });
  return range != std::end(table) && range->first <= cp;
}

struct Decoded {
  char32_t cp;
  std::size_t length;
};

// The code point at the start of `s` and its length in bytes; nullopt when the bytes there are
// not well-formed UTF-8 (RFC 3629: no overlong forms, no surrogates, nothing above U+10FFFF).
std::optional<Decoded> decode(std::string_view s) {
  const auto lead = static_cast<unsigned char>(s[0]);
  if (lead < 0x80) return Decoded{lead, 1};
  const std::size_t length = lead >= 0xC2 && lead <= 0xDF   ? 2
                             : lead >= 0xE0 && lead <= 0xEF ? 3
                             : lead >= 0xF0 && lead <= 0xF4 ? 4
                                                            : 0;
  if (length == 0 || s.size() < length) return std::nullopt;
  char32_t cp = lead & (0x7F >> length);
  for (std::size_t k = 1; k < length; ++k) {
    const auto b = static_cast<unsigned char>(s[k]);
    if ((b & 0xC0) != 0x80) return std::nullopt;
    cp = (cp << 6) | (b & 0x3F);
  }
  static constexpr char32_t kSmallest[] = {0, 0, 0x80, 0x800, 0x10000};
  if (cp < kSmallest[length] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
    return std::nullopt;
  return Decoded{cp, length};
}

}  // namespace

int codePointWidth(char32_t cp) {
  if (cp < 0x300) return 1;  // ASCII and Latin-1, the common case: neither table starts lower
  if (inTable(kZeroWidth, cp)) return 0;
  return inTable(kWide, cp) ? 2 : 1;
}

std::size_t displayWidth(std::string_view utf8) {
  std::size_t width = 0;
  while (!utf8.empty()) {
    const auto decoded = decode(utf8);
    const std::size_t length = decoded ? decoded->length : 1;
    width += decoded ? static_cast<std::size_t>(codePointWidth(decoded->cp)) : 1;
    utf8.remove_prefix(length);
  }
  return width;
}

}  // namespace membersync
