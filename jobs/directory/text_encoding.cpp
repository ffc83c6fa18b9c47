#include "jobs/directory/text_encoding.h"

#include <iconv.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

#include "jobs/core/text.h"
#include "jobs/directory/person.h"
#include "jobs/directory/utf8.h"

namespace membersync::directory {

namespace {

constexpr std::string_view kUtf8Bom = "\xEF\xBB\xBF";
constexpr std::string_view kEuro = "\xE2\x82\xAC";  // U+20AC in UTF-8

// One iconv conversion descriptor, closed however the decoding ends.
class Iconv {
 public:
  explicit Iconv(const std::string& fileName) : cd_(iconv_open("UTF-8", "GB18030")) {
    if (cd_ != reinterpret_cast<iconv_t>(-1)) return;
    const int error = errno;  // before anything else can change it
    throw ExportError(i18n::msg("{file}: cannot decode GB18030 (iconv_open: {error}); glibc's "
                                "gconv modules are missing: reinstall the libc6 package")
                          .with("file", fileName)
                          .with("error", std::strerror(error)));
  }
  ~Iconv() { iconv_close(cd_); }
  Iconv(const Iconv&) = delete;
  Iconv& operator=(const Iconv&) = delete;
  iconv_t get() const { return cd_; }

 private:
  iconv_t cd_;
};

std::string hexByte(char c) {
  char text[8];
  std::snprintf(text, sizeof text, "0x%02X", static_cast<unsigned char>(c));
  return text;
}

// Where the byte that stopped the decoding is: the decoded text so far ends just before it, and
// every line break came through as itself, so its line and column are those of `decoded`'s end.
// `what` has the placeholders {file}, {line}, {byte} and {column}, filled here.
i18n::Message whereStopped(std::string_view decoded, char byte, const std::string& fileName,
                           i18n::Message what) {
  const TextPosition at = positionOf(decoded, decoded.size());
  return what.with("file", fileName)
      .with("line", static_cast<long long>(at.line))
      .with("byte", hexByte(byte))
      .with("column", static_cast<long long>(at.column));
}

[[noreturn]] void invalidByte(std::string_view bytes, std::string_view decoded, char byte,
                              const std::string& fileName) {
  // A UTF-8 file is seldom valid GB18030 all through; when this one is UTF-8, say so.
  throw ExportError(whereStopped(
      decoded, byte, fileName,
      firstInvalidUtf8(bytes)
          ? i18n::msg("{file}:{line}: not valid GB18030 (byte {byte} at column {column}); check "
                      "that the HR system exports GB18030 or GBK, or export the file as UTF-8 and "
                      "set [directory] encoding = utf-8")
          : i18n::msg("{file}:{line}: not valid GB18030 (byte {byte} at column {column}); the "
                      "file is valid UTF-8: set [directory] encoding = utf-8")));
}

[[noreturn]] void truncated(std::string_view decoded, char byte, const std::string& fileName) {
  throw ExportError(whereStopped(
      decoded, byte, fileName,
      i18n::msg("{file}:{line}: the file ends in the middle of a GB18030 character (byte {byte} "
                "at column {column}); it looks truncated: export it again")));
}

}  // namespace

std::optional<TextEncoding> textEncodingNamed(std::string_view name) {
  const std::string lower = lowerAscii(name);
  if (lower == "utf-8" || lower == "utf8") return TextEncoding::Utf8;
  if (lower == "gb18030" || lower == "gbk" || lower == "gb2312") return TextEncoding::Gb18030;
  return std::nullopt;
}

std::string gb18030ToUtf8(std::string_view bytes, const std::string& fileName) {
  if (bytes.substr(0, kUtf8Bom.size()) == kUtf8Bom)
    throw ExportError(i18n::msg("{file}:1: starts with a UTF-8 byte order mark, so it is UTF-8, "
                                "not GB18030; set [directory] encoding = utf-8")
                          .with("file", fileName));
  const Iconv converter(fileName);
  // GB18030 to UTF-8 grows a character by half at most (2 bytes -> 3); only the euro sign read
  // from a lone 0x80 grows more, and makes room for itself.
  std::string out(bytes.size() + bytes.size() / 2 + kEuro.size(), '\0');
  char* in = const_cast<char*>(bytes.data());  // iconv's signature; it never writes there
  std::size_t inLeft = bytes.size();
  std::size_t used = 0;
  while (inLeft > 0) {
    char* to = out.data() + used;
    std::size_t toLeft = out.size() - used;
    const std::size_t result = iconv(converter.get(), &in, &inLeft, &to, &toLeft);
    const int error = errno;
    used = out.size() - toLeft;
    if (result != static_cast<std::size_t>(-1)) break;
    if (error == E2BIG || (error == EILSEQ && *in == '\x80' && toLeft < kEuro.size())) {
      out.resize(out.size() + out.size() / 2 + kEuro.size());
    } else if (error == EILSEQ && *in == '\x80') {
      out.replace(used, kEuro.size(), kEuro);
      used += kEuro.size();
      ++in;
      --inLeft;
    } else if (error == EILSEQ) {
      invalidByte(bytes, std::string_view(out).substr(0, used), *in, fileName);
    } else if (error == EINVAL) {
      truncated(std::string_view(out).substr(0, used), *in, fileName);
    } else {
      throw ExportError(i18n::msg("{file}: cannot decode GB18030 (iconv: {error})")
                            .with("file", fileName)
                            .with("error", std::strerror(error)));
    }
  }
  out.resize(used);
  return out;
}

}  // namespace membersync::directory
