// An Excel workbook: bytes -> zip -> workbook, shared strings, styles, sheet (SAX) -> table ->
// people, as readExport does with format = xlsx. Parts are capped at 4 MiB here, so that a
// zip bomb the fuzzer builds is refused rather than filling memory.
#include <sstream>

#include "jobs/directory/export_builder.h"
#include "jobs/directory/xlsx_source.h"
#include "tests/fuzz/export_checks.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace membersync;
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  directory::DirectorySettings cfg;
  cfg.path = "export.xlsx";
  for (const std::string& field : directory::DirectorySettings::fields())
    cfg.columns[field] = field;
  directory::XlsxOptions options;
  options.partCap = 4 << 20;
  options.sharedStringsCap = 4 << 20;
  const std::string suffix = "@acme";
  try {
    const directory::SourceTable table = directory::xlsxSource(in, cfg.path, options);
    for (const directory::SourceRow& row : table.rows)
      FUZZ_CHECK(row.cells.size() == table.columns.size());
    const directory::Export hr = directory::buildExport(table, cfg, suffix);
    fuzz::checkExport(hr, table.rows.size(), suffix);
  } catch (const directory::ExportError& e) {
    FUZZ_CHECK(std::string(e.what()).rfind(cfg.path, 0) == 0);  // every refusal names the file
  }
  return 0;
}
