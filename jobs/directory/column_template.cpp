#include "jobs/directory/column_template.h"

#include <cctype>
#include <cstdint>
#include <cstdlib>
#include <set>

#include "jobs/core/text.h"

namespace membersync::directory {
namespace {

const std::set<std::string>& filterNames() {
  static const std::set<std::string> kNames{"lower", "upper", "trim",  "localpart", "alnum",
                                            "truncate", "default", "hex", "guid",  "uac"};
  return kNames;
}

std::string where(std::size_t offset) { return " (at character " + std::to_string(offset + 1) + ")"; }

// `truncate:` takes a count of at least 1; `default:` any text; the others nothing.
void checkFilter(const std::string& name, const std::string& arg, bool hasArg, std::size_t at) {
  if (!filterNames().count(name))
    throw TemplateError("unknown filter '" + name + "'" + where(at) +
                        "; the filters are lower, upper, trim, localpart, alnum, truncate:N, "
                        "default:TEXT, hex, guid, uac");
  if (name == "truncate") {
    char* end = nullptr;
    const long n = std::strtol(arg.c_str(), &end, 10);
    if (arg.empty() || *end != '\0' || n < 1 || n > 100000)
      throw TemplateError("truncate needs a count of code points, e.g. truncate:20, not '" + arg +
                          "'" + where(at));
  } else if (name != "default" && hasArg) {
    throw TemplateError("filter '" + name + "' takes no argument" + where(at));
  }
}

std::string asciiMapped(std::string v, int (*f)(int)) {
  for (char& c : v)
    if (static_cast<unsigned char>(c) < 0x80) c = static_cast<char>(f(static_cast<unsigned char>(c)));
  return v;
}

std::string trimmed(const std::string& v) {
  const char* ws = " \t\r\n\f\v";
  const auto first = v.find_first_not_of(ws);
  if (first == std::string::npos) return "";
  return v.substr(first, v.find_last_not_of(ws) - first + 1);
}

std::string alnumOnly(const std::string& v) {
  std::string out;
  for (unsigned char c : v)
    if (c < 0x80 && std::isalnum(c)) out += static_cast<char>(c);
  return out;
}

// The first `n` code points (a continuation byte never starts one).
std::string firstCodePoints(const std::string& v, long n) {
  std::size_t i = 0;
  for (long seen = 0; i < v.size(); ++i) {
    const bool starts = (static_cast<unsigned char>(v[i]) & 0xC0) != 0x80;
    if (starts && seen++ == n) break;
  }
  return v.substr(0, i);
}

// Get-ADUser's form of an objectGUID: Data1 (4 bytes), Data2 and Data3 (2 each) little-endian,
// then the last 8 bytes in order.
std::optional<std::string> guidOf(std::string_view b) {
  if (b.size() != 16) return std::nullopt;
  const std::string_view s(b);
  const std::string d1{s[3], s[2], s[1], s[0]}, d2{s[5], s[4]}, d3{s[7], s[6]};
  return lowerHex(d1) + "-" + lowerHex(d2) + "-" + lowerHex(d3) + "-" + lowerHex(s.substr(8, 2)) + "-" +
         lowerHex(s.substr(10, 6));
}

std::optional<std::string> uacOf(const std::string& v) {
  char* end = nullptr;
  const long long flags = std::strtoll(v.c_str(), &end, 10);
  if (v.empty() || *end != '\0') return std::nullopt;
  return (flags & 0x2) != 0 ? "disabled" : "active";
}

}  // namespace

ColumnTemplate ColumnTemplate::parse(std::string_view text) {
  ColumnTemplate t;
  std::string literal;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if ((c == '{' || c == '}') && i + 1 < text.size() && text[i + 1] == c) {
      literal += c;
      ++i;
      continue;
    }
    if (c == '}') throw TemplateError("a '}' without its '{'" + where(i) + "; write }} for a brace");
    if (c != '{') {
      literal += c;
      continue;
    }
    const std::size_t close = text.find('}', i);
    if (close == std::string_view::npos) throw TemplateError("a '{' that is never closed" + where(i));
    const std::string_view inside = text.substr(i + 1, close - i - 1);
    if (inside.find('{') != std::string_view::npos)
      throw TemplateError("a '{' inside {...}" + where(i));
    if (!literal.empty()) t.parts_.push_back(Part{std::move(literal), "", {}});
    literal.clear();
    Part part;
    std::size_t start = 0;
    for (std::size_t k = 0; k <= inside.size(); ++k) {
      if (k < inside.size() && inside[k] != '|') continue;
      const std::string piece(inside.substr(start, k - start));
      const std::size_t at = i + 1 + start;
      if (start == 0) {
        if (piece.empty()) throw TemplateError("a {...} without a source" + where(at));
        part.source = piece;
      } else {
        const auto colon = piece.find(':');
        Filter f{piece.substr(0, colon), colon == std::string::npos ? "" : piece.substr(colon + 1)};
        checkFilter(f.name, f.arg, colon != std::string::npos, at);
        part.filters.push_back(std::move(f));
      }
      start = k + 1;
    }
    t.parts_.push_back(std::move(part));
    i = close;
  }
  if (!literal.empty()) t.parts_.push_back(Part{std::move(literal), "", {}});
  return t;
}

std::vector<std::string> ColumnTemplate::sources() const {
  std::vector<std::string> out;
  for (const auto& p : parts_) {
    if (p.source.empty()) continue;
    bool seen = false;
    for (const auto& s : out) seen = seen || s == p.source;
    if (!seen) out.push_back(p.source);
  }
  return out;
}

Rendered ColumnTemplate::render(const SourceLookup& lookup) const {
  Rendered r;
  for (const auto& p : parts_) {
    if (p.source.empty()) {
      r.value += p.literal;
      continue;
    }
    std::string v = lookup(p.source).value_or("");
    for (const auto& f : p.filters) {
      if (f.name == "lower") v = asciiMapped(std::move(v), [](int c) { return std::tolower(c); });
      else if (f.name == "upper") v = asciiMapped(std::move(v), [](int c) { return std::toupper(c); });
      else if (f.name == "trim") v = trimmed(v);
      else if (f.name == "localpart") v = v.substr(0, v.find('@'));
      else if (f.name == "alnum") v = alnumOnly(v);
      else if (f.name == "truncate") v = firstCodePoints(v, std::strtol(f.arg.c_str(), nullptr, 10));
      else if (f.name == "default") v = v.empty() ? f.arg : v;
      else if (f.name == "hex") v = lowerHex(v);
      else {
        const auto done = f.name == "guid" ? guidOf(v) : uacOf(v);
        if (!done) {
          r.error = "{" + p.source + "|" + f.name + "}: " +
                    (f.name == "guid" ? "the value is " + std::to_string(v.size()) +
                                            " bytes, not the 16 of an objectGUID"
                                      : "the value is not a number");
          return r;
        }
        v = *done;
      }
    }
    r.value += v;
  }
  return r;
}

}  // namespace membersync::directory
