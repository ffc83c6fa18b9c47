#include "jobs/directory/mobile_number.h"

namespace membersync::directory {

namespace {

struct Separator {
  std::string_view utf8;
  char as;  // ' ' space, '-' hyphen, '(' or ')' bracket
};

// The separators beyond ASCII (space, '-', '(' and ')' are their own form), spelled in bytes: the
// source's encoding cannot change them.
constexpr Separator kWideSeparators[] = {
    {"\xC2\xA0", ' '},      // no-break space
    {"\xE3\x80\x80", ' '},  // ideographic space
    {"\xE2\x80\x90", '-'},  // hyphen
    {"\xE2\x80\x91", '-'},  // non-breaking hyphen
    {"\xE2\x80\x92", '-'},  // figure dash
    {"\xE2\x80\x93", '-'},  // en dash
    {"\xEF\xBC\x8D", '-'},  // full-width hyphen-minus
    {"\xEF\xBC\x88", '('},  // full-width brackets
    {"\xEF\xBC\x89", ')'},
};

bool isDigit(char c) {
  return c >= '0' && c <= '9';
}

// `written` with every separator as its one ASCII character; other bytes as they are.
std::string normalized(std::string_view written) {
  std::string out;
  out.reserve(written.size());
  for (std::size_t i = 0; i < written.size();) {
    const Separator* wide = nullptr;
    if (static_cast<unsigned char>(written[i]) >= 0x80) {
      for (const Separator& s : kWideSeparators)
        if (written.compare(i, s.utf8.size(), s.utf8) == 0) wide = &s;
    }
    out += wide ? wide->as : written[i];
    i += wide ? wide->utf8.size() : 1;
  }
  return out;
}

std::string without(std::string_view text, std::string_view drop) {
  std::string out;
  for (char c : text)
    if (drop.find(c) == std::string_view::npos) out += c;
  return out;
}

// Digits, optionally after one leading '+'; at least one digit.
bool isNumber(std::string_view text) {
  if (!text.empty() && text[0] == '+') text.remove_prefix(1);
  if (text.empty()) return false;
  for (char c : text)
    if (!isDigit(c)) return false;
  return true;
}

// How many digits start `text` at `i`; `i` moves past them.
std::size_t digitsAt(std::string_view text, std::size_t& i) {
  const std::size_t from = i;
  while (i < text.size() && isDigit(text[i])) ++i;
  return i - from;
}

}  // namespace

std::string mobileAsSent(std::string_view written) {
  if (isNumber(written)) return std::string(written);  // most cells: nothing to remove
  const std::string number = without(normalized(written), " -()");
  // A cell of separators alone ("-" for "none") stays as written and is refused: taken for an
  // empty cell, it would clear the member's number.
  if (!isNumber(number) || hasTrunkZero(written)) return std::string(written);
  return number;
}

bool inScientificNotation(std::string_view text) {
  std::size_t i = 0;
  if (i < text.size() && (text[i] == '+' || text[i] == '-')) ++i;
  if (digitsAt(text, i) == 0) return false;
  // Excel writes the decimal separator of the machine's locale: a comma in much of Europe.
  if (i < text.size() && (text[i] == '.' || text[i] == ',')) {
    ++i;
    digitsAt(text, i);
  }
  if (i >= text.size() || (text[i] != 'E' && text[i] != 'e')) return false;
  ++i;
  if (i < text.size() && (text[i] == '+' || text[i] == '-')) ++i;
  return digitsAt(text, i) > 0 && i == text.size();
}

bool hasTrunkZero(std::string_view text) {
  return without(normalized(text), " ").find("(0)") != std::string::npos;
}

}  // namespace membersync::directory
