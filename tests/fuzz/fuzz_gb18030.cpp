// A CSV export declared GB18030: bytes -> UTF-8 (glibc's iconv) -> table (libcsv), as readExport
// does with [directory] encoding = gb18030. Whatever the bytes, the decoding either fails naming
// the file or gives well-formed UTF-8 with as many line breaks, at most three bytes for each.
#include <algorithm>

#include "jobs/directory/csv_source.h"
#include "jobs/directory/person.h"
#include "jobs/directory/text_encoding.h"
#include "jobs/directory/utf8.h"
#include "tests/fuzz/fuzz_support.h"

namespace {

std::size_t lineBreaks(const std::string& text) {
  return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace membersync;
  const std::string bytes = fuzz::text(data, size);
  const std::string file = "export.csv";
  std::string text;
  try {
    text = directory::gb18030ToUtf8(bytes, file);
  } catch (const directory::ExportError& e) {
    FUZZ_CHECK(std::string(e.what()).rfind(file + ":", 0) == 0);  // every refusal names the file
    return 0;
  }
  FUZZ_CHECK(!directory::firstInvalidUtf8(text));
  FUZZ_CHECK(lineBreaks(text) == lineBreaks(bytes));  // lines keep their numbers
  FUZZ_CHECK(text.size() <= 3 * bytes.size());
  try {
    const directory::SourceTable table = directory::csvSource(text, ',', file);
    for (const directory::SourceRow& row : table.rows)
      FUZZ_CHECK(row.cells.size() == table.columns.size());
  } catch (const directory::ExportError& e) {
    FUZZ_CHECK(std::string(e.what()).rfind(file, 0) == 0);
  }
  return 0;
}
