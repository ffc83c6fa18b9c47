#pragma once

#include <string>
#include <string_view>
#include <vector>

// The CSV layer under the HR reader: bytes -> header + records, with the physical line each
// record starts on. It knows nothing of HR fields, so it can be checked against any CSV corpus
// (the csv-spectrum cases). Parsing is libcsv's; this layer adds line numbers and the file-level
// checks an HR export needs.
namespace membersync::directory {

struct CsvRecord {
  int line = 0;  // the physical line the record starts on (1-based)
  std::vector<std::string> fields;
};

struct CsvTable {
  std::vector<std::string> header;  // the first record, as written (not trimmed)
  int headerLine = 0;
  std::vector<CsvRecord> records;  // every later record
};

// Parses `bytes` (a whole file) as RFC 4180 CSV separated by `delimiter`:
// - a UTF-8 byte order mark is dropped first (libcsv would keep it in the first field);
// - the text must be well-formed UTF-8;
// - fields may be quoted, with doubled quotes inside and line breaks (LF, CRLF, CR) inside;
// - lines are numbered by LF, CRLF or a lone CR, quoted line breaks included;
// - spaces are data: libcsv's default trimming of unquoted fields is switched off, so a field is
//   exactly what the file holds (the HR layer trims cells itself, visibly, in one place);
// - strict: a quote inside an unquoted field, text after a closing quote, or a quoted field
//   still open at the end of the file (a truncated file) is an error;
// - blank lines, and lines of nothing but spaces and tabs, are skipped;
// - every record must have as many fields as the header.
// Throws ExportError naming `fileName` and the line, and saying what to fix. A file with no
// record at all is an error too ("no header"); a header without records is not (the caller
// decides).
CsvTable parseCsv(std::string_view bytes, char delimiter, const std::string& fileName);

}  // namespace membersync::directory
