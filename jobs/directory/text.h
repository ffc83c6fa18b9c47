#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "jobs/core/text.h"

// Text helpers of the HR readers: UTF-8 checks and counts, trimming, positions in a file.
// Plain C++, no Poco: the validation rules and their tests need nothing else.
namespace membersync::directory {

// The offset of the first byte that is not part of well-formed UTF-8 (overlong forms,
// surrogates and code points past U+10FFFF are ill-formed too), or nullopt when all is well.
std::optional<std::size_t> firstInvalidUtf8(std::string_view text);

// Unicode code points in well-formed UTF-8: the unit the center's limits count in (facts.md,
// "Names"), so a 30-character Chinese name (90 bytes) is 30.
std::size_t codePoints(std::string_view utf8);

using membersync::lowerAscii;  // jobs/core/text.h
using membersync::trim;        // jobs/core/text.h; HR cells are compared and checked trimmed
using membersync::withoutBom;  // jobs/core/text.h

// Where a byte offset lies: 1-based line and column (the column in code points). A line ends at
// LF, CRLF or a lone CR, the same rule the CSV reader numbers rows by.
struct TextPosition {
  int line = 1;
  int column = 1;
};
TextPosition positionOf(std::string_view text, std::size_t offset);

}  // namespace membersync::directory
