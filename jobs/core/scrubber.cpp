#include "jobs/core/scrubber.h"

#include <Poco/Base64Encoder.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdint>
#include <cstring>
#include <mutex>
#include <optional>
#include <sstream>
#include <unordered_map>
#include <unordered_set>
#include <utility>

namespace membersync {
namespace {

// How a JSON encoder may have written a string. Encoders differ: some write `/` as `\/`, some
// write every non-ASCII character as \uXXXX, in lower- or upper-case hex, and Java's Gson (the
// vendor's stack is Java) writes < > & = ' as \u003c and so on unless told not to.
struct JsonStyle {
  bool slash = false;
  bool nonAscii = false;
  bool upperHex = false;
  bool htmlSafe = false;
};

// Percent-encoders differ in the characters they leave alone and in how they write a space:
// RFC 3986 leaves -._~, Java's URLEncoder -._*, JavaScript's encodeURIComponent -._~!*'().
struct PercentStyle {
  const char* keep;
  bool plusForSpace;
  bool upperHex;
};

constexpr const char* kKeepSets[] = {"-._~", "-._*", "-._~!*'()"};

std::string hex4(unsigned value, bool upper) {
  const char* digits = upper ? "0123456789ABCDEF" : "0123456789abcdef";
  std::string out = "\\u";
  for (int shift = 12; shift >= 0; shift -= 4) out += digits[(value >> shift) & 0xF];
  return out;
}

// How many continuation bytes follow a UTF-8 lead byte; -1 for a byte no character starts with.
int continuationBytes(unsigned char lead) {
  if (lead < 0x80) return 0;
  if ((lead & 0xE0) == 0xC0) return 1;
  if ((lead & 0xF0) == 0xE0) return 2;
  if ((lead & 0xF8) == 0xF0) return 3;
  return -1;
}

// The code points of a UTF-8 text; nullopt when it is not valid UTF-8.
std::optional<std::vector<char32_t>> codePoints(const std::string& text) {
  std::vector<char32_t> out;
  for (std::size_t i = 0; i < text.size();) {
    const auto lead = static_cast<unsigned char>(text[i]);
    const int extra = continuationBytes(lead);
    if (extra < 0 || text.size() - i <= static_cast<std::size_t>(extra)) return std::nullopt;
    char32_t cp = extra == 0 ? lead : lead & (0x3F >> extra);
    for (int k = 1; k <= extra; ++k) {
      const auto next = static_cast<unsigned char>(text[i + static_cast<std::size_t>(k)]);
      if ((next & 0xC0) != 0x80) return std::nullopt;
      cp = (cp << 6) | (next & 0x3F);
    }
    out.push_back(cp);
    i += static_cast<std::size_t>(extra) + 1;
  }
  return out;
}

void appendUtf8(std::string& out, char32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

// JSON's two-character escapes; nullptr for a character that has none. The solidus may be
// escaped or not.
const char* shortEscape(char32_t cp, bool slash) {
  switch (cp) {
    case '"':
      return "\\\"";
    case '\\':
      return "\\\\";
    case '\b':
      return "\\b";
    case '\f':
      return "\\f";
    case '\n':
      return "\\n";
    case '\r':
      return "\\r";
    case '\t':
      return "\\t";
    case '/':
      return slash ? "\\/" : nullptr;
    default:
      return nullptr;
  }
}

void appendJsonEscaped(std::string& out, char32_t cp, const JsonStyle& style) {
  if (const char* escape = shortEscape(cp, style.slash)) {
    out += escape;
    return;
  }
  const bool html =
      style.htmlSafe && (cp == '<' || cp == '>' || cp == '&' || cp == '=' || cp == '\'');
  if (cp < 0x20 || html || (style.nonAscii && cp >= 0x7F)) {
    if (cp < 0x10000) {
      out += hex4(static_cast<unsigned>(cp), style.upperHex);
    } else {  // a surrogate pair
      const char32_t v = cp - 0x10000;
      out += hex4(static_cast<unsigned>(0xD800 + (v >> 10)), style.upperHex);
      out += hex4(static_cast<unsigned>(0xDC00 + (v & 0x3FF)), style.upperHex);
    }
    return;
  }
  appendUtf8(out, cp);
}

// `value` as the inside of a JSON string literal written in `style`. Text that is not UTF-8
// is escaped byte by byte (only the ASCII escapes apply then).
std::string jsonEscaped(const std::string& value, const JsonStyle& style) {
  std::string out;
  if (auto cps = codePoints(value)) {
    for (char32_t cp : *cps) appendJsonEscaped(out, cp, style);
    return out;
  }
  JsonStyle bytes = style;
  bytes.nonAscii = false;
  for (char c : value) {
    const auto b = static_cast<unsigned char>(c);
    if (b < 0x80) {
      appendJsonEscaped(out, b, bytes);
    } else {
      out += c;
    }
  }
  return out;
}

std::string percentEncoded(const std::string& value, const PercentStyle& style) {
  const char* digits = style.upperHex ? "0123456789ABCDEF" : "0123456789abcdef";
  std::string out;
  for (char c : value) {
    const auto b = static_cast<unsigned char>(c);
    if (b < 0x80 && std::isalnum(b)) {
      out += c;
    } else if (c == ' ' && style.plusForSpace) {
      out += '+';
    } else if (b < 0x80 && c != '\0' && std::strchr(style.keep, c) != nullptr) {
      out += c;
    } else {
      out += '%';
      out += digits[b >> 4];
      out += digits[b & 0xF];
    }
  }
  return out;
}

std::string base64(const std::string& text) {
  std::ostringstream out;
  Poco::Base64Encoder encoder(out);
  encoder.rdbuf()->setLineLength(0);
  encoder << text;
  encoder.close();
  return out.str();
}

// The base64 of `text` with its padding, and without it (a server may cut it or its echo).
void addBase64(std::vector<std::string>& out, const std::string& text) {
  std::string b64 = base64(text);
  out.push_back(b64);
  while (!b64.empty() && b64.back() == '=') b64.pop_back();
  if (b64.size() != out.back().size()) out.push_back(b64);
}

std::vector<std::string> jsonForms(const std::string& value) {
  std::vector<std::string> out;
  for (int bits = 0; bits < 16; ++bits) {
    JsonStyle s;
    s.slash = bits & 1;
    s.nonAscii = bits & 2;
    s.upperHex = bits & 4;
    s.htmlSafe = bits & 8;
    out.push_back(jsonEscaped(value, s));
  }
  return out;
}

std::vector<std::string> percentForms(const std::string& value) {
  std::vector<std::string> out;
  for (const char* keep : kKeepSets)
    for (bool plus : {false, true})
      for (bool upper : {true, false}) out.push_back(percentEncoded(value, {keep, plus, upper}));
  return out;
}

// A text searched for: at most this many bytes of its start say which forms may match there.
constexpr std::size_t kHead = Scrubber::kShortestSecret;

std::uint32_t headOf(const char* at) {
  std::uint32_t h = 0;
  std::memcpy(&h, at, kHead);
  return h;
}

unsigned pairOf(const char* at) {
  return static_cast<unsigned>(static_cast<unsigned char>(at[0])) << 8 |
         static_cast<unsigned char>(at[1]);
}

using Span = std::pair<std::size_t, std::size_t>;  // [begin, end)

std::string replaceSpans(const std::string& text, const std::vector<Span>& spans) {
  std::string out;
  out.reserve(text.size());
  std::size_t from = 0;
  for (const auto& [begin, end] : spans) {
    out.append(text, from, begin - from);
    out += Scrubber::kMarker;
    from = end;
  }
  out.append(text, from, std::string::npos);
  return out;
}

}  // namespace

namespace {

// Letters, digits and -._ are written the same way by every JSON and percent encoder: a value
// of only these (a generated password, most tokens) has one form, and no time or memory is
// spent on the others.
bool sameInEveryForm(const std::string& value) {
  return std::all_of(value.begin(), value.end(), [](char c) {
    const auto b = static_cast<unsigned char>(c);
    return (b < 0x80 && std::isalnum(b)) || c == '-' || c == '.' || c == '_';
  });
}

}  // namespace

std::vector<std::string> secretForms(const std::string& value) {
  if (value.size() < Scrubber::kShortestSecret) return {};
  if (sameInEveryForm(value)) return {value};
  std::vector<std::string> all{value};
  for (auto& json : jsonForms(value)) all.push_back(std::move(json));
  for (auto& pct : percentForms(value)) all.push_back(std::move(pct));
  std::vector<std::string> out;
  std::unordered_set<std::string> seen;
  for (auto& form : all) {
    if (seen.insert(form).second) out.push_back(std::move(form));
  }
  return out;
}

std::vector<std::string> basicCredentialTexts(const std::string& id, const std::string& secret) {
  std::vector<std::string> out;
  addBase64(out, id + ":" + secret);
  // RFC 6749 2.3.1: the id and the secret are form-encoded before they are joined.
  const PercentStyle form{"-._~", true, true};
  const std::string encoded = percentEncoded(id, form) + ":" + percentEncoded(secret, form);
  if (encoded != id + ":" + secret) addBase64(out, encoded);
  return out;
}

// Every form, and an index to find them in one pass: the forms by their first kHead bytes
// (each head's forms chained through `nextWithHead`: a first run registers ten thousand
// passwords, and a container per head would cost as many allocations again, and their frees),
// and a bit per first two bytes that lets most positions of a text be passed over at once.
struct Scrubber::Index {
  static constexpr std::size_t kNone = static_cast<std::size_t>(-1);
  std::vector<std::string> forms;
  std::vector<std::size_t> nextWithHead;  // per form: the next form with its head, or kNone
  std::unordered_map<std::uint32_t, std::size_t> firstWithHead;
  std::array<std::uint64_t, 1024> pairs{};  // 65536 bits

  void insert(const std::string& form) {
    if (form.size() < kHead) return;
    const auto [first, fresh] = firstWithHead.try_emplace(headOf(form.data()), forms.size());
    std::size_t next = kNone;
    if (!fresh) {
      for (std::size_t f = first->second; f != kNone; f = nextWithHead[f])
        if (forms[f] == form) return;  // registered already
      next = first->second;
      first->second = forms.size();
    }
    forms.push_back(form);
    nextWithHead.push_back(next);
    const unsigned pair = pairOf(form.data());
    pairs[pair >> 6] |= std::uint64_t{1} << (pair & 63);
  }

  // The longest form that starts at `at` (its end), or 0.
  std::size_t longestAt(const std::string& text, std::size_t at) const {
    const unsigned pair = pairOf(text.data() + at);
    if (((pairs[pair >> 6] >> (pair & 63)) & 1) == 0) return 0;
    const auto first = firstWithHead.find(headOf(text.data() + at));
    if (first == firstWithHead.end()) return 0;
    std::size_t end = 0;
    for (std::size_t f = first->second; f != kNone; f = nextWithHead[f]) {
      const std::string& form = forms[f];
      if (form.size() <= text.size() - at &&
          std::memcmp(text.data() + at, form.data(), form.size()) == 0)
        end = std::max(end, at + form.size());
    }
    return end;
  }

  // Where forms occur, overlapping and touching occurrences merged, in order.
  std::vector<Span> spans(const std::string& text) const {
    std::vector<Span> out;
    for (std::size_t at = 0; at + kHead <= text.size(); ++at) {
      const std::size_t end = longestAt(text, at);
      if (end == 0) continue;
      if (!out.empty() && at <= out.back().second) {
        out.back().second = std::max(out.back().second, end);
      } else {
        out.emplace_back(at, end);
      }
    }
    return out;
  }
};

Scrubber::Scrubber() : index_(std::make_unique<Index>()) {}

Scrubber::~Scrubber() = default;

void Scrubber::add(const Secret& secret) {
  addForms(secretForms(secret.reveal()));
}

void Scrubber::addBasicCredentials(const std::string& id, const Secret& secret) {
  if (secret.reveal().size() < kShortestSecret) return;
  add(secret);
  std::vector<std::string> forms;
  for (const auto& text : basicCredentialTexts(id, secret.reveal())) {
    for (auto& form : secretForms(text)) forms.push_back(std::move(form));
  }
  addForms(forms);
}

void Scrubber::addForms(const std::vector<std::string>& forms) {
  if (forms.empty()) return;
  std::unique_lock<std::shared_mutex> lock(mutex_);
  for (const auto& form : forms) index_->insert(form);
}

std::string Scrubber::scrub(std::string text) const {
  if (text.size() < kShortestSecret) return text;
  std::vector<Span> spans;
  {
    std::shared_lock<std::shared_mutex> lock(mutex_);
    if (index_->forms.empty()) return text;
    spans = index_->spans(text);
  }
  return spans.empty() ? text : replaceSpans(text, spans);
}

std::size_t Scrubber::formCount() const {
  std::shared_lock<std::shared_mutex> lock(mutex_);
  return index_->forms.size();
}

}  // namespace membersync
