#include "jobs/policy/glob.h"

namespace membersync::policy {

namespace {

char folded(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

}  // namespace

bool globMatch(std::string_view pattern, std::string_view text) {
  constexpr std::size_t kNone = std::string_view::npos;
  std::size_t p = 0, t = 0;
  std::size_t star = kNone;  // position of the last `*` seen in the pattern
  std::size_t resume = 0;    // where in the text that `*`'s run currently ends
  while (t < text.size()) {
    if (p < pattern.size() && pattern[p] == '*') {
      star = p++;
      resume = t;  // let the `*` match nothing first
    } else if (p < pattern.size() && folded(pattern[p]) == folded(text[t])) {
      ++p;
      ++t;
    } else if (star != kNone) {
      p = star + 1;  // let the last `*` swallow one more character and try again
      t = ++resume;
    } else {
      return false;
    }
  }
  while (p < pattern.size() && pattern[p] == '*') ++p;
  return p == pattern.size();
}

bool globMatchValue(std::string_view pattern, std::string_view text) {
  if (text.empty()) return pattern.empty();
  return globMatch(pattern, text);
}

}  // namespace membersync::policy
