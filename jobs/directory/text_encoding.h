#pragma once

#include <optional>
#include <string>
#include <string_view>

// The character encodings a CSV export may be in ([directory] encoding), and the decoding of a
// GB18030 file to the UTF-8 the rest of the reader works in. Plain C++ here; the decoding is
// glibc's iconv, inside the .cpp.
namespace membersync::directory {

enum class TextEncoding { Utf8, Gb18030 };

// What [directory] encoding names, in any case: utf-8 and utf8; gb18030, and gbk and gb2312,
// which are read as GB18030 (their superset: every GBK or GB2312 file is a GB18030 file, with
// one exception below). nullopt for any other name.
std::optional<TextEncoding> textEncodingNamed(std::string_view name);

// `bytes`, a whole GB18030 file, as UTF-8. Line breaks, quotes and delimiters come through as
// they are (GB18030's trail bytes are never CR, LF, a quote or a comma), so lines keep their
// numbers. A GB18030 byte order mark (84 31 95 33) becomes U+FEFF, which the CSV reader drops.
// A lone byte 0x80 is read as the euro sign, as Windows code page 936 (what Windows calls GBK)
// and the WHATWG Encoding Standard (browsers) read it; GB18030 itself gives 0x80 no meaning and
// writes the euro sign as A2 E3. Throws ExportError naming `fileName` and the line:
// - a byte that starts no valid character (its line, column in characters, and the byte in hex);
// - a file that ends in the middle of a character (truncated);
// - a file that starts with a UTF-8 byte order mark (it is UTF-8: set encoding = utf-8).
// Nothing is returned from a file that fails: the read fails whole. Memory: the result (at most
// 3/2 of `bytes`) beside `bytes`.
std::string gb18030ToUtf8(std::string_view bytes, const std::string& fileName);

}  // namespace membersync::directory
