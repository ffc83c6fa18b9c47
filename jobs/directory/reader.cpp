#include "jobs/directory/reader.h"

#include <string>

#include "jobs/core/file_text.h"
#include "jobs/core/sha256.h"
#include "jobs/directory/column_template.h"
#include "jobs/directory/columns.h"
#include "jobs/directory/csv_source.h"
#include "jobs/directory/export_builder.h"
#include "jobs/directory/json_source.h"
#include "jobs/directory/ldap_client.h"
#include "jobs/directory/ldap_entries.h"
#include "jobs/directory/platform/platform_reader.h"
#include "jobs/directory/xlsx_source.h"

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

Export readLdap(const DirectorySettings& cfg, const std::string& accountSuffix,
                const std::vector<std::string>& alsoNeeded) {
  const std::string source = ldapSourceName(cfg.ldap);
  const std::vector<std::string> wanted = namedSources(cfg, alsoNeeded);
  std::vector<std::string> skipped;
  const SourceTable table = [&] {
    const auto directory = connectLdap(cfg.ldap, wanted);
    return readLdapTable(*directory, source, wanted, skipped);
  }();
  if (table.rows.empty())
    throw ExportError(source + ": the filter " + cfg.ldap.filter +
                      " finds no entries; refusing an empty list, which would make everyone look "
                      "departed. Check [directory] base_dn, filter and scope");
  Export hr = buildExport(table, cfg, accountSuffix, alsoNeeded);
  hr.path = source;
  hr.legacyContentHash = ldapContentHash(table);
  hr.notices = std::move(skipped);
  return hr;
}

// The workbook's cells, not its bytes: saving it again in Excel changes the bytes (timestamps,
// zip order) but not the people, and must not count as a new export for the grace rules. So
// there is no legacy hash (nothing earlier read workbooks) and the content hash is ExportHash's.
Export readXlsx(const DirectorySettings& cfg, const std::string& accountSuffix,
                const std::vector<std::string>& alsoNeeded) {
  XlsxOptions options;
  options.sheet = cfg.sheet;
  options.sheetIndex = cfg.sheetIndex;
  options.partCap = cfg.xlsxPartCap;
  const SourceTable table = xlsxSource(cfg.path, options);
  Export hr = buildExport(table, cfg, accountSuffix, alsoNeeded);
  hr.path = table.file;
  hr.lineSeparator = ", row ";
  return hr;
}

}  // namespace

Export readExport(const DirectorySettings& cfg, const std::string& accountSuffix,
                  const std::vector<std::string>& alsoNeeded,
                  const std::set<std::string>& mappedDepartments) {
  if (cfg.format == ExportFormat::Ldap) return readLdap(cfg, accountSuffix, alsoNeeded);
  if (cfg.format == ExportFormat::Xlsx) return readXlsx(cfg, accountSuffix, alsoNeeded);
  if (isPlatform(cfg.format))
    return platform::readPlatform(cfg, accountSuffix, alsoNeeded, mappedDepartments);
  // The configuration loader accepts only UTF-8; a hand-made config is held to the same rule.
  if (!isUtf8(cfg.encoding))
    throw ExportError(cfg.path + ": encoding \"" + cfg.encoding +
                      "\" is not supported; export the file as UTF-8");
  const std::string bytes = readAll(cfg.path);
  const SourceTable table = cfg.format == ExportFormat::Json
                                ? jsonSource(bytes, cfg.path)
                                : csvSource(bytes, cfg.delimiter, cfg.path);
  Export hr = buildExport(table, cfg, accountSuffix, alsoNeeded);
  hr.path = cfg.path;
  hr.legacyContentHash = Sha256::of(bytes);
  return hr;
}

}  // namespace membersync::directory
