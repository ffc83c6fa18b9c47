#pragma once

// Text measured and cut in UTF-8 bytes, as the robots count their limits: a cut never splits a
// character.

#include <cstddef>
#include <string>
#include <string_view>

namespace membersync::notify {

// The longest prefix of `text` of at most `maxBytes` bytes that ends between two characters.
std::string_view utf8Prefix(std::string_view text, std::size_t maxBytes);

// The longest prefix of `text` of at most `maxBytes` bytes that ends with a whole line (before a
// '\n'); `text` whole when it fits. The last resort when a report without any item is still too
// long for a robot: whole lines go, never part of one.
std::string_view wholeLines(std::string_view text, std::size_t maxBytes);

// `text` whole when it fits in `maxBytes` bytes, else its prefix and "…", together at most
// `maxBytes` bytes (a reason of 250 characters is said once, and shortly).
std::string clipped(std::string_view text, std::size_t maxBytes);

// `text` on one line: line breaks, tabs and other control characters become spaces, runs of
// spaces one space, and the ends trimmed (what the center or HR sent cannot break a layout).
std::string oneLine(std::string_view text);

}  // namespace membersync::notify
