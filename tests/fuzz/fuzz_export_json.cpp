// The HR export as JSON: bytes -> table (Poco::JSON) -> people, as readExport does after reading
// the file.
#include "jobs/directory/export_builder.h"
#include "jobs/directory/json_source.h"
#include "tests/fuzz/export_checks.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace membersync;
  const std::string bytes = fuzz::text(data, size);
  directory::DirectorySettings cfg;
  cfg.path = "export.json";
  cfg.format = directory::ExportFormat::Json;
  const std::string suffix = "@acme";
  try {
    const directory::SourceTable table = directory::jsonSource(bytes, cfg.path);
    const directory::Export hr = directory::buildExport(table, cfg, suffix);
    fuzz::checkExport(hr, table.rows.size(), suffix);
  } catch (const directory::ExportError& e) {
    FUZZ_CHECK(std::string(e.what()).rfind(cfg.path, 0) == 0);  // every refusal names the file
  }
  return 0;
}
