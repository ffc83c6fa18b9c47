#include "jobs/directory/json_lines.h"

namespace membersync::directory {

namespace {

bool isJsonSpace(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

}  // namespace

std::vector<int> arrayElementLines(std::string_view json) {
  std::vector<int> lines;
  int line = 1;
  int depth = 0;
  bool inString = false, escaped = false, expectElement = false;
  for (std::size_t i = 0; i < json.size(); ++i) {
    const char c = json[i];
    // JSON allows line breaks only as whitespace between tokens (never raw inside a string).
    if (c == '\n' || (c == '\r' && (i + 1 == json.size() || json[i + 1] != '\n'))) ++line;
    if (inString) {
      if (escaped) {
        escaped = false;
      } else if (c == '\\') {
        escaped = true;
      } else if (c == '"') {
        inString = false;
      }
      continue;
    }
    if (isJsonSpace(c)) continue;
    if (depth == 0 && c != '[') return {};  // the top level is not an array
    if (depth == 1 && expectElement && c != ']') {
      lines.push_back(line);
      expectElement = false;
    }
    if (c == '"') {
      inString = true;
    } else if (c == '[' || c == '{') {
      ++depth;
      if (depth == 1) expectElement = true;
    } else if (c == ']' || c == '}') {
      --depth;
    } else if (c == ',' && depth == 1) {
      expectElement = true;
    }
  }
  return lines;
}

}  // namespace membersync::directory
