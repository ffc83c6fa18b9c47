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
#include "jobs/directory/text_encoding.h"
#include "jobs/directory/xlsx_source.h"

namespace membersync::directory {

namespace {

std::string readAll(const std::string& path) {
  try {
    return readWholeFile(path);
  } catch (const FileReadError& e) {
    throw ExportError(i18n::msg("{file}: cannot read the HR export ({error}); check [directory] "
                                "path and the file's permissions")
                          .with("file", path)
                          .with("error", e.what()));
  }
}

// The file's encoding. The configuration loader accepts only what this reads (and GB18030 only
// for CSV); a hand-made config is held to the same rules.
TextEncoding encodingOf(const DirectorySettings& cfg) {
  const auto encoding = textEncodingNamed(cfg.encoding.empty() ? "utf-8" : cfg.encoding);
  if (!encoding)
    throw ExportError(i18n::msg("{file}: encoding \"{encoding}\" is not supported; set "
                                "[directory] encoding = utf-8 or gb18030")
                          .with("file", cfg.path)
                          .with("encoding", cfg.encoding));
  if (*encoding != TextEncoding::Utf8 && cfg.format == ExportFormat::Json)
    throw ExportError(i18n::msg("{file}: a JSON export is UTF-8 (RFC 8259), not {encoding}; "
                                "remove [directory] encoding")
                          .with("file", cfg.path)
                          .with("encoding", cfg.encoding));
  return *encoding;
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
    throw ExportError(i18n::msg("{source}: the filter {filter} finds no entries; refusing an "
                                "empty list, which would make everyone look departed. Check "
                                "[directory] base_dn, filter and scope")
                          .with("source", source)
                          .with("filter", cfg.ldap.filter));
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
  hr.workbook = cfg.path;
  hr.sheet = table.sheet;
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
  const TextEncoding encoding = encodingOf(cfg);
  std::string bytes = readAll(cfg.path);
  // The legacy hash is the bytes' (earlier versions read UTF-8 only); a GB18030 file's is the
  // decoded rows' alone, so the same rows re-encoded are the same export. The raw bytes are
  // let go once decoded: never more than two copies of the file.
  const std::string legacyHash = encoding == TextEncoding::Utf8 ? Sha256::of(bytes) : "";
  if (encoding == TextEncoding::Gb18030) bytes = gb18030ToUtf8(bytes, cfg.path);
  const SourceTable table = cfg.format == ExportFormat::Json
                                ? jsonSource(bytes, cfg.path)
                                : csvSource(bytes, cfg.delimiter, cfg.path);
  Export hr = buildExport(table, cfg, accountSuffix, alsoNeeded);
  hr.path = cfg.path;
  hr.legacyContentHash = legacyHash;
  return hr;
}

}  // namespace membersync::directory
