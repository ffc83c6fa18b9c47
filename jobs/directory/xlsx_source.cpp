#include "jobs/directory/xlsx_source.h"

#include <Poco/Exception.h>
#include <Poco/SAX/Attributes.h>
#include <Poco/SAX/DefaultHandler.h>
#include <Poco/SAX/InputSource.h>
#include <Poco/SAX/SAXException.h>
#include <Poco/SAX/SAXParser.h>
#include <Poco/Zip/SkipCallback.h>
#include <Poco/Zip/ZipLocalFileHeader.h>
#include <Poco/Zip/ZipStream.h>

#include <fstream>
#include <map>
#include <memory>
#include <streambuf>
#include <vector>

#include "jobs/core/text.h"
#include "jobs/directory/person.h"
#include "jobs/directory/xlsx_cells.h"
#include "jobs/directory/zip_directory.h"

namespace membersync::directory {

namespace {

using Poco::XML::Attributes;
using Poco::XML::XMLString;

std::string attribute(const Attributes& attrs, const std::string& localName) {
  for (int i = 0; i < attrs.getLength(); ++i)
    if (attrs.getLocalName(i) == localName) return attrs.getValue(i);
  return "";
}

int number(const std::string& text) {
  int n = 0;
  for (const char c : text) {
    if (c < '0' || c > '9' || n > 100000000) return -1;
    n = n * 10 + (c - '0');
  }
  return text.empty() ? -1 : n;
}

// Reads an inflating stream, counting: past `cap` bytes it stops (end of input) and says so, so
// that a part that declares a small size and inflates to gigabytes stops at the cap too.
class CappedBuffer : public std::streambuf {
 public:
  CappedBuffer(std::istream& in, std::uint64_t cap) : in_(in), cap_(cap) {}
  bool overCap() const { return over_; }

 protected:
  int_type underflow() override {
    if (over_) return traits_type::eof();
    in_.read(buffer_, sizeof buffer_);
    const std::streamsize n = in_.gcount();
    if (n <= 0) return traits_type::eof();
    total_ += static_cast<std::uint64_t>(n);
    if (total_ > cap_) {
      over_ = true;
      return traits_type::eof();
    }
    setg(buffer_, buffer_, buffer_ + n);
    return traits_type::to_int_type(buffer_[0]);
  }

 private:
  std::istream& in_;
  std::uint64_t cap_;
  std::uint64_t total_ = 0;
  bool over_ = false;
  char buffer_[65536];
};

std::string mib(std::uint64_t bytes) {
  return std::to_string(bytes >> 20) + " MiB";
}

// The workbook file: its parts streamed, each through a SAX handler.
class Workbook {
 public:
  Workbook(std::istream& in, const std::string& path, std::uint64_t cap)
      : path_(path), cap_(cap), in_(in) {
    char magic[4] = {};
    in_.read(magic, sizeof magic);
    if (in_.gcount() != 4 || std::string(magic, 4) != std::string("PK\x03\x04", 4))
      throw notAWorkbook("it does not start as a zip archive does");
    try {
      entries_ = readZipDirectory(in_);
    } catch (const ZipDirectoryError& e) {
      throw notAWorkbook(e.what());
    }
  }

  // Parses `part` with `handler`; a missing part throws unless `optional`.
  void parse(const std::string& part, Poco::XML::DefaultHandler& handler, bool optional = false) {
    const auto entry = entries_.find(part);
    if (entry == entries_.end()) {
      if (optional) return;
      throw ExportError(
          i18n::msg("{file}: the workbook has no {part}; save it again from Excel as .xlsx")
              .with("file", path_)
              .with("part", part));
    }
    if (entry->second.uncompressedSize > cap_) throw overCap(part);
    const auto header = localHeader(part, entry->second);
    if (header->getUncompressedSize() > cap_) throw overCap(part);
    in_.clear();
    bool over = false;
    try {
      Poco::Zip::ZipInputStream zip(in_, *header, true);
      CappedBuffer capped(zip, cap_);
      std::istream stream(&capped);
      Poco::XML::InputSource source(stream);
      Poco::XML::SAXParser parser;
      parser.setContentHandler(&handler);
      try {
        parser.parse(&source);
      } catch (...) {
        over = capped.overCap();
        throw;
      }
      over = capped.overCap();
    } catch (const Poco::Exception& e) {
      if (over) throw overCap(part);
      throw damaged(part, e.displayText());
    } catch (const std::ios_base::failure& e) {
      throw damaged(part, e.what());
    }
    if (over) throw overCap(part);
  }

 private:
  // The part's local header, read where the central directory says it is.
  std::unique_ptr<Poco::Zip::ZipLocalFileHeader> localHeader(const std::string& part,
                                                             const ZipEntry& entry) {
    in_.clear();
    in_.seekg(static_cast<std::streamoff>(entry.localHeaderOffset));
    try {
      Poco::Zip::SkipCallback skip;
      return std::make_unique<Poco::Zip::ZipLocalFileHeader>(in_, false, skip);
    } catch (const Poco::Exception& e) {
      throw damaged(part, e.displayText());
    } catch (const std::exception& e) {
      throw damaged(part, e.what());
    }
  }

  ExportError notAWorkbook(const std::string& why) const {
    return ExportError(i18n::msg("{file}: not an Excel workbook (.xlsx) or damaged ({error}); save "
                                 "it again from Excel as .xlsx, or set [directory] format to "
                                 "match the file")
                           .with("file", path_)
                           .with("error", why));
  }
  ExportError damaged(const std::string& part, const std::string& why) const {
    return ExportError(
        i18n::msg("{file}: {part} cannot be read ({error}); save the workbook again from Excel "
                  "as .xlsx")
            .with("file", path_)
            .with("part", part)
            .with("error", why));
  }
  ExportError overCap(const std::string& part) const {
    return ExportError(i18n::msg("{file}: {part} unpacks to more than {size}, the cap on each part "
                                 "of a workbook; refusing it (a damaged or hostile file?)")
                           .with("file", path_)
                           .with("part", part)
                           .with("size", mib(cap_)));
  }

  std::string path_;
  std::uint64_t cap_;
  std::istream& in_;
  std::map<std::string, ZipEntry> entries_;
};

struct SheetEntry {
  std::string name;
  std::string relId;
};

// xl/workbook.xml: the sheets in order and the date system.
class WorkbookHandler : public Poco::XML::DefaultHandler {
 public:
  std::vector<SheetEntry> sheets;
  bool date1904 = false;
  void startElement(const XMLString&, const XMLString& name, const XMLString&,
                    const Attributes& attrs) override {
    if (name == "sheet") sheets.push_back({attribute(attrs, "name"), attribute(attrs, "id")});
    if (name == "workbookPr") {
      const std::string v = attribute(attrs, "date1904");
      date1904 = v == "1" || v == "true";
    }
  }
};

// xl/_rels/workbook.xml.rels: relationship id -> part.
class RelsHandler : public Poco::XML::DefaultHandler {
 public:
  std::map<std::string, std::string> targets;
  void startElement(const XMLString&, const XMLString& name, const XMLString&,
                    const Attributes& attrs) override {
    if (name != "Relationship") return;
    std::string target = attribute(attrs, "Target");
    target = !target.empty() && target[0] == '/' ? target.substr(1) : "xl/" + target;
    targets[attribute(attrs, "Id")] = target;
  }
};

// xl/sharedStrings.xml: each <si>'s text, rich text runs concatenated, phonetic runs (<rPh>) left
// out.
class SharedStringsHandler : public Poco::XML::DefaultHandler {
 public:
  explicit SharedStringsHandler(std::uint64_t cap) : cap_(cap) {}
  std::vector<std::string> strings;
  bool overCap = false;
  void startElement(const XMLString&, const XMLString& name, const XMLString&,
                    const Attributes&) override {
    if (name == "si") current_.clear();
    if (name == "rPh") ++phonetic_;
    if (name == "t") inText_ = phonetic_ == 0;
  }
  void endElement(const XMLString&, const XMLString& name, const XMLString&) override {
    if (name == "t") inText_ = false;
    if (name == "rPh") --phonetic_;
    if (name != "si" || overCap) return;
    total_ += current_.size() + 32;
    if (total_ > cap_) {
      overCap = true;
      strings.clear();
      return;
    }
    strings.push_back(std::move(current_));
    current_.clear();
  }
  void characters(const XMLString::value_type ch[], int start, int length) override {
    if (inText_) current_.append(ch + start, static_cast<std::size_t>(length));
  }

 private:
  std::uint64_t cap_;
  std::uint64_t total_ = 0;
  std::string current_;
  int phonetic_ = 0;
  bool inText_ = false;
};

// xl/styles.xml: the number format of each cell style (cellXfs, by index).
class StylesHandler : public Poco::XML::DefaultHandler {
 public:
  std::vector<xlsx::NumberFormat> formats;
  void startElement(const XMLString&, const XMLString& name, const XMLString&,
                    const Attributes& attrs) override {
    if (name == "numFmt")
      codes_[number(attribute(attrs, "numFmtId"))] = attribute(attrs, "formatCode");
    if (name == "cellXfs") inCellXfs_ = true;
    if (name == "xf" && inCellXfs_) {
      const int id = number(attribute(attrs, "numFmtId"));
      const auto code = codes_.find(id);
      formats.push_back(xlsx::numberFormat(id, code == codes_.end() ? "" : code->second));
    }
  }
  void endElement(const XMLString&, const XMLString& name, const XMLString&) override {
    if (name == "cellXfs") inCellXfs_ = false;
  }

 private:
  std::map<int, std::string> codes_;  // numFmts come before cellXfs in styles.xml
  bool inCellXfs_ = false;
};

struct SheetRow {
  int number = 0;
  std::vector<std::string> cells;  // by column, 0-based
  // Cells whose formula gave an error (#N/A, #REF!, #VALUE!...): column (0-based) -> "员工!C5
  // is the error #N/A". Empty in `cells`; the row is invalid only if the run reads the column.
  std::vector<std::pair<std::size_t, std::string>> errors;
};

// The sheet, streamed: each row's cells as Excel shows them; the merged ranges.
class SheetHandler : public Poco::XML::DefaultHandler {
 public:
  SheetHandler(const std::string& sheet, const std::vector<std::string>& strings,
               const std::vector<xlsx::NumberFormat>& formats, bool date1904)
      : sheet_(sheet), strings_(strings), formats_(formats), date1904_(date1904) {}

  std::vector<SheetRow> rows;
  std::vector<std::string> merges;
  std::string error;  // the first cell that cannot be read (expat's callbacks must not throw)

  void startElement(const XMLString&, const XMLString& name, const XMLString&,
                    const Attributes& attrs) override {
    if (name == "row") {
      const int r = number(attribute(attrs, "r"));
      row_ = SheetRow{r > 0 ? r : row_.number + 1, {}, {}};
      column_ = 0;
    } else if (name == "c") {
      const std::string ref = attribute(attrs, "r");
      const int c = xlsx::columnOf(ref);
      column_ = c > 0 ? c : column_ + 1;
      type_ = attribute(attrs, "t");
      style_ = number(attribute(attrs, "s"));
      value_.clear();
    } else if (name == "v" || (name == "t" && phonetic_ == 0)) {
      inValue_ = true;
    } else if (name == "rPh") {
      ++phonetic_;
    } else if (name == "mergeCell") {
      merges.push_back(attribute(attrs, "ref"));
    }
  }

  void endElement(const XMLString&, const XMLString& name, const XMLString&) override {
    if (name == "v" || name == "t") inValue_ = false;
    if (name == "rPh") --phonetic_;
    if (name == "c") endCell();
    if (name == "row") {
      const bool blank = row_.errors.empty() &&
                         std::all_of(row_.cells.begin(), row_.cells.end(),
                                     [](const std::string& cell) { return trim(cell).empty(); });
      if (!blank) rows.push_back(std::move(row_));
      row_.cells.clear();
      row_.errors.clear();
    }
  }

  void characters(const XMLString::value_type ch[], int start, int length) override {
    if (inValue_) value_.append(ch + start, static_cast<std::size_t>(length));
  }

 private:
  std::string cellName() const {
    return sheet_ + "!" + xlsx::columnName(column_) + std::to_string(row_.number);
  }

  std::string cellText() {
    if (type_ == "s") {
      const int i = number(value_);
      if (i >= 0 && static_cast<std::size_t>(i) < strings_.size())
        return strings_[static_cast<std::size_t>(i)];
      fail(cellName() + ": refers to shared string " + value_ +
           ", which the workbook does not have");
      return "";
    }
    if (type_ == "b") return value_ == "1" ? "TRUE" : value_ == "0" ? "FALSE" : value_;
    if (type_ == "d") return value_.substr(0, 10);  // an ISO 8601 date (and time)
    if (type_ == "e") {
      row_.errors.emplace_back(static_cast<std::size_t>(column_ - 1),
                               cellName() + " is the error " + value_);
      return "";
    }
    if (type_ == "inlineStr" || type_ == "str") return value_;
    const xlsx::NumberFormat format =
        style_ >= 0 && static_cast<std::size_t>(style_) < formats_.size()
            ? formats_[static_cast<std::size_t>(style_)]
            : xlsx::NumberFormat{};
    if (const auto text = xlsx::numberText(value_, format, date1904_)) return *text;
    fail(cellName() + ": the number " + value_ +
         " has more than 15 significant digits, so its last ones are already lost: Excel keeps "
         "only 15 digits; format the column as Text in Excel and type the number again");
    return "";
  }

  void endCell() {
    if (column_ < 1 || column_ > 16384) return;
    std::string text = cellText();
    if (text.empty()) return;
    if (row_.cells.size() < static_cast<std::size_t>(column_))
      row_.cells.resize(static_cast<std::size_t>(column_));
    row_.cells[static_cast<std::size_t>(column_ - 1)] = std::move(text);
  }

  void fail(const std::string& message) {
    if (error.empty()) error = message;
  }

  std::string sheet_;
  const std::vector<std::string>& strings_;
  const std::vector<xlsx::NumberFormat>& formats_;
  bool date1904_;
  SheetRow row_;
  int column_ = 0;
  std::string type_;
  int style_ = -1;
  std::string value_;
  bool inValue_ = false;
  int phonetic_ = 0;
};

// "B3" -> {2, 3}
std::pair<int, int> cellAt(const std::string& ref) {
  const int column = xlsx::columnOf(ref);
  std::size_t i = 0;
  while (i < ref.size() && ref[i] >= 'A' && ref[i] <= 'Z') ++i;
  return {column, number(ref.substr(i))};
}

std::string sheetPart(Workbook& book, const std::string& path, const XlsxOptions& options,
                      std::string& name, bool& date1904) {
  WorkbookHandler workbook;
  book.parse("xl/workbook.xml", workbook);
  date1904 = workbook.date1904;
  std::string names;
  for (const SheetEntry& s : workbook.sheets) names += (names.empty() ? "" : ", ") + s.name;
  const SheetEntry* chosen = nullptr;
  if (!options.sheet.empty()) {
    for (const SheetEntry& s : workbook.sheets)
      if (s.name == options.sheet) chosen = &s;
    if (!chosen)
      throw ExportError(i18n::msg("{file}: the workbook has no sheet \"{sheet}\" (its sheets: "
                                  "{sheets}); check [directory] sheet")
                            .with("file", path)
                            .with("sheet", options.sheet)
                            .with("sheets", names));
  } else {
    const int index = options.sheetIndex > 0 ? options.sheetIndex : 1;
    if (static_cast<std::size_t>(index) > workbook.sheets.size())
      throw ExportError(i18n::msg("{file}: the workbook has {count} sheet(s) ({sheets}), not "
                                  "{index}; check [directory] sheet_index")
                            .with("file", path)
                            .with("count", static_cast<long long>(workbook.sheets.size()))
                            .with("sheets", names)
                            .with("index", index));
    chosen = &workbook.sheets[static_cast<std::size_t>(index - 1)];
  }
  name = chosen->name;
  RelsHandler rels;
  book.parse("xl/_rels/workbook.xml.rels", rels);
  const auto target = rels.targets.find(chosen->relId);
  if (target == rels.targets.end())
    throw ExportError(i18n::msg("{file}: the workbook does not say where sheet \"{sheet}\" is; "
                                "save it again from Excel as .xlsx")
                          .with("file", path)
                          .with("sheet", name));
  return target->second;
}

void refuseMergedHeader(const std::string& where, const std::vector<std::string>& merges,
                        int headerRow) {
  for (const std::string& ref : merges) {
    const auto colon = ref.find(':');
    const auto [c1, r1] = cellAt(ref.substr(0, colon));
    const auto [c2, r2] = cellAt(colon == std::string::npos ? ref : ref.substr(colon + 1));
    (void)c1;
    (void)c2;
    if (r1 <= headerRow && headerRow <= r2)
      throw ExportError(i18n::msg("{where}!{cells}: the header's cells {cells} are merged; "
                                  "unmerge them so that each column has its own name")
                            .with("where", where)
                            .with("cells", ref));
  }
}

// The header's names by column (0-based; "" for a column nothing uses); refuses an empty
// header cell over data and a name used twice, as for CSV.
std::vector<std::string> headerNames(const std::string& where, const std::vector<SheetRow>& rows) {
  const SheetRow& header = rows.front();
  std::size_t width = header.cells.size();
  for (const SheetRow& row : rows) width = std::max(width, row.cells.size());
  std::vector<std::string> names(width);
  std::map<std::string, std::string> seen;  // name -> cell
  for (std::size_t i = 0; i < width; ++i) {
    const std::string cell =
        xlsx::columnName(static_cast<int>(i + 1)) + std::to_string(header.number);
    names[i] = i < header.cells.size() ? trim(header.cells[i]) : "";
    if (names[i].empty()) {
      for (const SheetRow& row : rows)
        if (i < row.cells.size() && !trim(row.cells[i]).empty())
          throw ExportError(i18n::msg("{where}!{cell}: the header cell is empty but the column "
                                      "has data (row {row}); name the column or remove it")
                                .with("where", where)
                                .with("cell", cell)
                                .with("row", row.number));
      continue;
    }
    const auto [it, fresh] = seen.emplace(names[i], cell);
    if (!fresh)
      throw ExportError(i18n::msg("{where}!{cell}: the header names column \"{name}\" twice "
                                  "({first} and {cell}); every column needs its own name")
                            .with("where", where)
                            .with("cell", cell)
                            .with("name", names[i])
                            .with("first", it->second));
  }
  return names;
}

}  // namespace

SourceTable xlsxSource(const std::string& path, const XlsxOptions& options) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    throw ExportError(i18n::msg("{file}: cannot read the HR export; check [directory] path and the "
                                "file's permissions")
                          .with("file", path));
  return xlsxSource(in, path, options);
}

SourceTable xlsxSource(std::istream& in, const std::string& path, const XlsxOptions& options) {
  Workbook book(in, path, options.partCap);
  std::string sheet;
  bool date1904 = false;
  const std::string part = sheetPart(book, path, options, sheet, date1904);
  SharedStringsHandler shared(options.sharedStringsCap);
  book.parse("xl/sharedStrings.xml", shared, true);
  if (shared.overCap)
    throw ExportError(i18n::msg("{file}: the shared strings take more than {size}, the cap; "
                                "refusing the workbook (a damaged or hostile file?)")
                          .with("file", path)
                          .with("size", mib(options.sharedStringsCap)));
  StylesHandler styles;
  book.parse("xl/styles.xml", styles, true);
  SheetHandler handler(sheet, shared.strings, styles.formats, date1904);
  book.parse(part, handler);
  const std::string where = path + ", sheet " + sheet;
  if (!handler.error.empty()) throw ExportError(path + ": " + handler.error);
  if (handler.rows.empty())
    throw ExportError(
        i18n::msg("{where}: the sheet is empty; check [directory] sheet or sheet_index")
            .with("where",
                  i18n::msg("{file}, sheet {sheet}").with("file", path).with("sheet", sheet)));
  refuseMergedHeader(path + ": " + sheet, handler.merges, handler.rows.front().number);
  SourceTable table;
  table.kind = SourceKind::Xlsx;
  table.file = where;
  table.sheet = sheet;
  table.headerLine = handler.rows.front().number;
  const std::vector<std::string> names = headerNames(path + ": " + sheet, handler.rows);
  for (const std::string& name : names)
    if (!name.empty()) table.columns.push_back(name);
  table.rows.reserve(handler.rows.size() - 1);
  for (std::size_t r = 1; r < handler.rows.size(); ++r) {
    SheetRow& from = handler.rows[r];
    SourceRow row;
    row.line = from.number;
    for (std::size_t i = 0; i < names.size(); ++i)
      if (!names[i].empty())
        row.cells.emplace(names[i], i < from.cells.size() ? std::move(from.cells[i]) : "");
    for (const auto& [column, error] : from.errors)
      if (column < names.size() && !names[column].empty())
        row.unusable.push_back(
            {names[column], i18n::msg("\"{column}\" ({error}) has no value; fix the formula in "
                                      "Excel, or type the value")
                                .with("column", names[column])
                                .with("error", error)});
    from.cells = {};
    table.rows.push_back(std::move(row));
  }
  return table;
}

}  // namespace membersync::directory
