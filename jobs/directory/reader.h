#pragma once

#include <set>
#include <string>
#include <vector>

#include "jobs/directory/directory_settings.h"
#include "jobs/directory/person.h"

namespace membersync::directory {

// Reads the HR export `cfg.path` once, whole, and the people come from those bytes.
// Export::contentHash is taken over the rows as mapped (ExportHash: fields, the attributes
// `alsoNeeded` names, what is wrong with a row; not the file's encoding marks, line endings,
// quoting, column or row order), for every format; Export::legacyContentHash is what earlier
// versions took (the file's bytes; LDAP, the entries in a canonical order).
//
// `cfg.format` picks the reader (CSV through libcsv with `cfg.delimiter`; JSON, an array of
// objects). Columns are mapped to fields through `cfg.columns`; every other column is kept in
// Person::attributes. Each cell is trimmed of surrounding whitespace. A row that breaks one of
// the center's limits (the account, counted with `accountSuffix`, e.g. "@acme"; name; remark;
// mobile), lacks a key, or shares its employee_id or account with another row is skipped into
// Export::problems and its keys remembered. A person is active when the status is empty or in
// `cfg.activeStatus`. An optional field whose column the export lacks is unmanaged (nullopt);
// in a JSON export, so is an optional field whose key one object lacks (null there means "").
//
// Throws ExportError, naming the file and line and saying what to do, when the export cannot be
// used as a whole: unreadable, empty or without data rows, not in its encoding (UTF-8, or
// GB18030 as `cfg.encoding` says: text_encoding.h), malformed or truncated,
// a record with the wrong number of fields, header names missing or repeated, a required
// column (or an explicitly configured optional one) missing.
//
// `cfg.format` xlsx reads one sheet of an Excel workbook (xlsx_source.h): the header row by
// name as in CSV, each row's line its row number; the content hash is ExportHash's alone (no
// legacy hash: the file's bytes change with every save in Excel).
//
// `cfg.format` LDAP reads the directory instead (ldap_client.h, ldap_entries.h): every page of
// the search, or nothing. The entries are the rows (line 0, named by DN); the content hash is
// that of the entries in a canonical order; continuation references skipped are in
// Export::notices. A search that cannot be read whole (cannot connect, bind refused, a referral,
// a size or time limit, the connection lost, a page cookie lost) and one that finds no entry
// throw ExportError: nothing is planned from a partial list.
//
// `alsoNeeded` names the attributes the run reads besides the fields (the policy's, the mail
// column): they count in the content hash, and no other column does, so the hash changes when
// they do, not with every logon the directory records (lastLogon, uSNChanged) or a column of
// the file nothing reads. An LDAP read requests only those and the attributes the columns and
// templates name, so large attributes (thumbnailPhoto) are never fetched.
//
// `cfg.format` DingTalk walks the organisation chart (platform/platform_reader.h): every
// department and every page of users, or nothing; `mappedDepartments` (the policy's
// departments) choose the department of a person in several.
Export readExport(const DirectorySettings& cfg, const std::string& accountSuffix,
                  const std::vector<std::string>& alsoNeeded = {},
                  const std::set<std::string>& mappedDepartments = {});

}  // namespace membersync::directory
