#pragma once

#include <string>
#include <string_view>

// Mobile numbers as people write them in an HR export (`138-0013-8009`, `+86 138 0013 8009`),
// and as the center is sent them. Pure C++: the readers of every format share it.
namespace membersync::directory {

// `written` without the separators people put between the digits, when what remains is a
// number (digits, optionally after one leading '+'); otherwise `written` as it is, so that the
// row check quotes what the person wrote. This is what is sent and what the plan compares with
// the member's number. The separators: spaces (U+0020, no-break U+00A0, ideographic U+3000),
// hyphens and dashes (-, U+2010 to U+2013, full-width U+FF0D) and round brackets ((), full-width
// U+FF08 U+FF09). Nothing else: a dot may be Excel's decimal point, and a leading "+86" is kept,
// since stripping it would change numbers the center holds today (an edit on every such member
// after an upgrade). A number with a "(0)" (a trunk prefix, `(0)138 0013 8009`) is left as
// written: keeping its 0 would send another number, and dropping it is a guess.
std::string mobileAsSent(std::string_view written);

// True when `text` is a number in scientific notation (`1.38001E+10`): what Excel saves for a
// long number in a column formatted General, its last digits lost.
bool inScientificNotation(std::string_view text);

// True when `text` holds a "(0)" (brackets of either width, spaces allowed inside).
bool hasTrunkZero(std::string_view text);

}  // namespace membersync::directory
