#pragma once

#include <cstdint>
#include <istream>
#include <string>

#include "jobs/directory/source_table.h"

namespace membersync::directory {

// Which sheet of a workbook, and how much of it may be unpacked.
struct XlsxOptions {
  std::string sheet;   // by name; empty: by index
  int sheetIndex = 0;  // 1-based; 0 with no name: the first sheet
  // Cap on the decompressed bytes of each part (a zip bomb stops here), checked against the
  // size the archive declares and against the bytes actually inflated.
  std::uint64_t partCap = 512ull << 20;
  std::uint64_t sharedStringsCap = 256ull << 20;  // total bytes of the shared strings kept
};

// An Excel workbook (.xlsx) as a SourceTable: one sheet streamed through a SAX parser (never a
// DOM of the sheet), cells as Excel shows them (numbers as their digits, dates as yyyy-mm-dd,
// zero-padding formats applied, TRUE/FALSE). The header is the first non-empty row; each row's
// `line` is its row number in the sheet. Throws ExportError naming the file, part or cell when
// the workbook cannot be used: not a zip, a part over the cap, the sheet missing, a merged or
// empty header cell, a number with more than 15 significant digits.
SourceTable xlsxSource(const std::string& path, const XlsxOptions& options);
// The same over a seekable stream (the fuzz target's bytes); `path` names it in messages.
SourceTable xlsxSource(std::istream& in, const std::string& path, const XlsxOptions& options);

}  // namespace membersync::directory
