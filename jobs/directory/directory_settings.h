#pragma once

#include <map>
#include <string>
#include <vector>

namespace membersync::directory {

enum class ExportFormat { Csv, Json };

// How the HR export is read, with the defaults: config/ reads [directory] straight into this
// struct, so jobs/directory never sees the configuration file.
struct DirectorySettings {
  std::string path;
  ExportFormat format = ExportFormat::Csv;
  char delimiter = ',';
  std::string encoding = "utf-8";
  // HR field -> column name; a field missing here (or mapped to "") is read from the column of
  // its own name.
  std::map<std::string, std::string> columns;
  std::vector<std::string> activeStatus{"active"};  // lower case

  static const std::vector<std::string>& fields();  // employee_id, account, name, ...
};

}  // namespace membersync::directory
