#pragma once

#include <cstddef>
#include <string_view>

namespace membersync {

// The terminal columns one code point takes, by Unicode 15's East Asian Width and not the
// locale (a systemd service has none, and in the C locale wcwidth() gives -1 for every CJK
// character): 2 for East_Asian_Width W and F (CJK, Hangul, fullwidth forms, most emoji), 0 for
// combining marks (Mn, Me) and zero-width characters, 1 for everything else (East Asian
// Ambiguous too: one column, as terminals outside East Asian legacy modes show them).
int codePointWidth(char32_t cp);

// The terminal columns `utf8` takes, the sum of its code points' widths. Bytes that are not
// valid UTF-8 (a stray continuation byte, a cut or overlong sequence, a surrogate) count one
// column each: a table with a broken name still lines up nearly, and nothing is thrown.
std::size_t displayWidth(std::string_view utf8);

}  // namespace membersync
