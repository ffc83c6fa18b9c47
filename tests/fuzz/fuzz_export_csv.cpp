// The HR export as CSV: bytes -> table (libcsv) -> people, as readExport does after reading the
// file. The delimiter is the first of , ; TAB | on the first line (a comma when none is).
#include "jobs/directory/csv_source.h"
#include "jobs/directory/export_builder.h"
#include "tests/fuzz/export_checks.h"

namespace {

char delimiterOf(const std::string& bytes) {
  const std::string firstLine = bytes.substr(0, bytes.find('\n'));
  const auto at = firstLine.find_first_of(",;\t|");
  return at == std::string::npos ? ',' : firstLine[at];
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace membersync;
  const std::string bytes = fuzz::text(data, size);
  directory::DirectorySettings cfg;
  cfg.path = "export.csv";
  cfg.delimiter = delimiterOf(bytes);
  const std::string suffix = "@acme";
  try {
    const directory::SourceTable table = directory::csvSource(bytes, cfg.delimiter, cfg.path);
    for (const directory::SourceRow& row : table.rows)
      FUZZ_CHECK(row.cells.size() == table.columns.size());
    const directory::Export hr = directory::buildExport(table, cfg, suffix);
    fuzz::checkExport(hr, table.rows.size(), suffix);
  } catch (const directory::ExportError& e) {
    FUZZ_CHECK(std::string(e.what()).rfind(cfg.path, 0) == 0);  // every refusal names the file
  }
  return 0;
}
