#pragma once

#include <string>

#include "jobs/directory/directory_settings.h"
#include "jobs/directory/person.h"
#include "jobs/directory/reader.h"
#include "tests/support/temp_dir.h"
#include "tests/support/xlsx_writer.h"

namespace membersync::directory::testing {

// One workbook in a temporary folder, read with format = xlsx and every field in the column of
// its own name.
struct XlsxFile {
  membersync::testing::TempDir dir;
  DirectorySettings cfg;

  XlsxFile() {
    cfg.format = ExportFormat::Xlsx;
    for (const std::string& field : DirectorySettings::fields()) cfg.columns[field] = field;
  }

  Export read(const std::string& bytes, const std::string& name = "hr.xlsx") {
    cfg.path = dir.write(name, bytes).string();
    return readExport(cfg, "@acme");
  }

  // The ExportError's text, or "" when the workbook was accepted.
  std::string error(const std::string& bytes, const std::string& name = "hr.xlsx") {
    try {
      read(bytes, name);
    } catch (const ExportError& e) {
      return e.what();
    }
    return "";
  }
};

}  // namespace membersync::directory::testing
