#pragma once

#include <string>
#include <vector>

#include "jobs/directory/person.h"
#include "jobs/directory/reader.h"
#include "jobs/directory/directory_settings.h"
#include "tests/support/temp_dir.h"

namespace membersync::directory::testing {

// One HR export in a temporary folder, read with a default [directory] section (every field in
// the column of its own name) and the suffix "@acme".
struct HrFile {
  membersync::testing::TempDir dir;
  DirectorySettings cfg;
  std::vector<std::string> readAttributes;  // readExport's alsoNeeded: what the policy reads

  HrFile() {
    for (const std::string& field : DirectorySettings::fields()) cfg.columns[field] = field;
  }

  Export read(const std::string& content, const std::string& name = "hr.csv") {
    cfg.path = dir.write(name, content).string();
    return readExport(cfg, "@acme", readAttributes);
  }

  Export readJson(const std::string& content) {
    cfg.format = ExportFormat::Json;
    return read(content, "hr.json");
  }

  // The ExportError's text, or "" when the export was accepted.
  std::string error(const std::string& content, const std::string& name = "hr.csv") {
    try {
      read(content, name);
    } catch (const ExportError& e) {
      return e.what();
    }
    return "";
  }

  std::string jsonError(const std::string& content) {
    cfg.format = ExportFormat::Json;
    return error(content, "hr.json");
  }
};

inline const char* kHeader = "employee_id,account,name,department,remark,mobile,status\n";

// n copies of a character (UTF-8 text allowed).
inline std::string repeat(const std::string& unit, int n) {
  std::string out;
  for (int i = 0; i < n; ++i) out += unit;
  return out;
}

}  // namespace membersync::directory::testing
