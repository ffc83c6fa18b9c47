#include "jobs/directory/reader.h"

#include <string>

#include "jobs/core/file_text.h"
#include "jobs/core/sha256.h"
#include "jobs/directory/csv_source.h"
#include "jobs/directory/export_builder.h"
#include "jobs/directory/json_source.h"

namespace membersync::directory {

namespace {

std::string readAll(const std::string& path) {
  try {
    return readWholeFile(path);
  } catch (const FileReadError& e) {
    throw ExportError(path + ": cannot read the HR export (" + e.what() +
                      "); check [directory] path and the file's permissions");
  }
}

bool isUtf8(const std::string& encoding) {
  return encoding.empty() || encoding == "utf-8" || encoding == "utf8";
}

}  // namespace

Export readExport(const DirectorySettings& cfg, const std::string& accountSuffix) {
  // The configuration loader accepts only UTF-8; a hand-made config is held to the same rule.
  if (!isUtf8(cfg.encoding))
    throw ExportError(cfg.path + ": encoding \"" + cfg.encoding +
                      "\" is not supported; export the file as UTF-8");
  const std::string bytes = readAll(cfg.path);
  const SourceTable table = cfg.format == ExportFormat::Json
                                ? jsonSource(bytes, cfg.path)
                                : csvSource(bytes, cfg.delimiter, cfg.path);
  Export hr = buildExport(table, cfg, accountSuffix);
  hr.path = cfg.path;
  hr.contentHash = Sha256::of(bytes);
  return hr;
}

}  // namespace membersync::directory
