#include "jobs/directory/csv_table.h"

#include <csv.h>

#include <cstdio>
#include <string>

#include "jobs/core/text.h"
#include "jobs/directory/person.h"
#include "jobs/directory/utf8.h"

namespace membersync::directory {

namespace {

// What libcsv's callbacks build up. `rowLine` is the line the record in progress started on
// (0: none in progress); the feeding loop sets it, since libcsv reports no positions.
struct Collector {
  std::vector<std::string> fields;
  std::vector<CsvRecord> records;
  int rowLine = 0;
};

void onField(void* data, std::size_t length, void* self) {
  auto* c = static_cast<Collector*>(self);
  if (data == nullptr) {
    c->fields.emplace_back();
  } else {
    c->fields.emplace_back(static_cast<const char*>(data), length);
  }
}

void onRecordEnd(int /*terminator*/, void* self) {
  auto* c = static_cast<Collector*>(self);
  c->records.push_back(CsvRecord{c->rowLine, std::move(c->fields)});
  c->fields.clear();
  c->rowLine = 0;
}

// libcsv trims spaces and tabs around unquoted fields unless told that nothing is a space.
int nothingIsSpace(unsigned char) { return 0; }

[[noreturn]] void fail(const std::string& file, int line, i18n::Message what) {
  throw ExportError(i18n::msg("{file}:{line}: {problem}")
                        .with("file", file)
                        .with("line", line)
                        .with("problem", std::move(what)));
}

// The end of the physical line starting at `pos`: just past its LF, CRLF or lone CR.
std::size_t lineEnd(std::string_view text, std::size_t pos) {
  const std::size_t brk = text.find_first_of("\r\n", pos);
  if (brk == std::string_view::npos) return text.size();
  if (text[brk] == '\r' && brk + 1 < text.size() && text[brk + 1] == '\n') return brk + 2;
  return brk + 1;
}

bool isBlankLine(std::string_view line) {
  return line.find_first_not_of("\r\n") == std::string_view::npos;
}

bool isWhitespaceOnly(const CsvRecord& r) {
  return r.fields.size() == 1 && r.fields[0].find_first_not_of(" \t") == std::string::npos;
}

void checkUtf8(std::string_view text, const std::string& file) {
  const auto bad = firstInvalidUtf8(text);
  if (!bad) return;
  const TextPosition at = positionOf(text, *bad);
  char byte[8];
  std::snprintf(byte, sizeof byte, "0x%02X", static_cast<unsigned char>(text[*bad]));
  // Such a file is most often a GB18030 (GBK) export from a Chinese Windows or HR system.
  fail(file, at.line,
       i18n::msg("not valid UTF-8 (byte {byte} at column {column}); set [directory] encoding = "
                 "gb18030, or convert it: {command}")
           .with("byte", byte)
           .with("column", static_cast<long long>(at.column))
           .with("command", "iconv -f GB18030 -t UTF-8 " + shellWord(file) + " > " +
                                shellWord(file + ".utf8")));
}

// libcsv's strict mode stops at a quote inside an unquoted field, or at text after the closing
// quote of a quoted one. `offset` is where in `line` it stopped.
i18n::Message describeStrictError(std::string_view line, std::size_t offset, char delimiter) {
  const auto at = [&](i18n::Message what) {
    return i18n::msg("malformed CSV at column {column}: {problem}")
        .with("column", static_cast<long long>(codePoints(line.substr(0, offset)) + 1))
        .with("problem", std::move(what));
  };
  if (offset >= line.size() || line[offset] != '"')
    return at(
        i18n::msg("text after the closing quote of a field; the quote must be followed by "
                  "the delimiter or the end of the line"));
  // Unquoted fields never span lines, so this field started on this line.
  const std::size_t fieldStart = line.find_last_of(delimiter, offset);
  const std::size_t from = fieldStart == std::string_view::npos ? 0 : fieldStart + 1;
  if (line.substr(from, offset - from).find_first_not_of(" \t") == std::string_view::npos)
    return at(
        i18n::msg("a space before the opening quote of a field; remove it (spaces outside "
                  "quotes are part of the field)"));
  return at(
      i18n::msg("a quote inside an unquoted field; quote the whole field and double every "
                "quote inside it (\"a \"\"b\"\" c\")"));
}

class Parser {
 public:
  explicit Parser(char delimiter) : delimiter_(delimiter) {
    csv_init(&parser_, CSV_STRICT | CSV_STRICT_FINI);
    csv_set_delim(&parser_, static_cast<unsigned char>(delimiter));
    csv_set_space_func(&parser_, nothingIsSpace);
  }
  ~Parser() { csv_free(&parser_); }
  Parser(const Parser&) = delete;
  Parser& operator=(const Parser&) = delete;

  // Feeds the text one physical line at a time, so every record knows the line it began on.
  std::vector<CsvRecord> run(std::string_view text, const std::string& file) {
    int line = 0;
    for (std::size_t pos = 0; pos < text.size();) {
      const std::size_t end = lineEnd(text, pos);
      const std::string_view chunk = text.substr(pos, end - pos);
      ++line;
      if (collector_.rowLine == 0 && !isBlankLine(chunk)) collector_.rowLine = line;
      const std::size_t used =
          csv_parse(&parser_, chunk.data(), chunk.size(), onField, onRecordEnd, &collector_);
      if (used != chunk.size()) parseError(chunk, used, line, file);
      pos = end;
    }
    if (csv_fini(&parser_, onField, onRecordEnd, &collector_) != 0)
      fail(file, collector_.rowLine,
           i18n::msg("a quoted field that starts in this record is never closed: the file looks "
                     "truncated (or a quote is missing); export it again"));
    return std::move(collector_.records);
  }

 private:
  [[noreturn]] void parseError(std::string_view chunk, std::size_t used, int line,
                               const std::string& file) {
    const int status = csv_error(&parser_);
    if (status == CSV_EPARSE) fail(file, line, describeStrictError(chunk, used, delimiter_));
    fail(file, line, i18n::msg("cannot parse CSV: {error}").with("error", csv_strerror(status)));
  }

  char delimiter_;
  csv_parser parser_{};
  Collector collector_;
};

}  // namespace

CsvTable parseCsv(std::string_view bytes, char delimiter, const std::string& fileName) {
  const std::string_view text = withoutBom(bytes);
  checkUtf8(text, fileName);
  std::vector<CsvRecord> records = Parser(delimiter).run(text, fileName);

  CsvTable table;
  bool haveHeader = false;
  for (CsvRecord& r : records) {
    if (isWhitespaceOnly(r)) continue;
    if (!haveHeader) {
      table.header = std::move(r.fields);
      table.headerLine = r.line;
      haveHeader = true;
      continue;
    }
    if (r.fields.size() != table.header.size())
      fail(fileName, r.line,
           i18n::msg("this record has {fields} fields but the header has {columns}; quote fields "
                     "that contain the delimiter, and check that the export is not cut")
               .with("fields", static_cast<long long>(r.fields.size()))
               .with("columns", static_cast<long long>(table.header.size())));
    table.records.push_back(std::move(r));
  }
  if (!haveHeader)
    throw ExportError(i18n::msg("{file}: the file is empty (no header line); refusing an empty "
                                "export, which would make everyone look departed. Check the HR "
                                "export job")
                          .with("file", fileName));
  return table;
}

}  // namespace membersync::directory
