#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

// UTF-8 helpers of the HR readers: checks, code point counts, positions in a file. Plain C++,
// no Poco: the validation rules and their tests need nothing else. (Trimming, lower case and
// the byte order mark: jobs/core/text.h.)
namespace membersync::directory {

// The offset of the first byte that is not part of well-formed UTF-8 (overlong forms,
// surrogates and code points past U+10FFFF are ill-formed too), or nullopt when all is well.
std::optional<std::size_t> firstInvalidUtf8(std::string_view text);

// `text` with every byte that is not part of well-formed UTF-8 replaced by U+FFFD: how a value
// that is not text (an LDAP attribute's bytes) may appear in a message.
std::string withInvalidReplaced(std::string_view text);

// Unicode code points in well-formed UTF-8: the unit the center's limits count in (facts.md,
// "Names"), so a 30-character Chinese name (90 bytes) is 30.
std::size_t codePoints(std::string_view utf8);

// Where a byte offset lies: 1-based line and column (the column in code points). A line ends at
// LF, CRLF or a lone CR, the same rule the CSV reader numbers rows by.
struct TextPosition {
  int line = 1;
  int column = 1;
};
TextPosition positionOf(std::string_view text, std::size_t offset);

}  // namespace membersync::directory
