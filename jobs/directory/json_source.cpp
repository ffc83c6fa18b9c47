#include "jobs/directory/json_source.h"

#include <Poco/Dynamic/Var.h>
#include <Poco/Exception.h>
#include <Poco/JSON/Array.h>
#include <Poco/JSON/Object.h>
#include <Poco/JSON/Parser.h>

#include <cstdio>
#include <set>

#include "jobs/core/json_syntax.h"
#include "jobs/core/text.h"
#include "jobs/directory/json_lines.h"
#include "jobs/directory/person.h"
#include "jobs/directory/utf8.h"

namespace membersync::directory {

namespace {

using Poco::Dynamic::Var;

bool isObject(const Var& v) {
  return v.type() == typeid(Poco::JSON::Object::Ptr);
}
bool isArray(const Var& v) {
  return v.type() == typeid(Poco::JSON::Array::Ptr);
}

i18n::Message kindOf(const Var& v) {
  if (v.isEmpty()) return i18n::verbatim("null");
  if (isObject(v)) return i18n::msg("an object");
  if (isArray(v)) return i18n::msg("an array");
  if (v.isBoolean()) return i18n::msg("a boolean");
  if (v.isString()) return i18n::msg("a string");
  return i18n::msg("a number");
}

Var parse(const std::string& text, const std::string& file) {
  try {
    Poco::JSON::Parser parser;
    return parser.parse(text);
  } catch (const Poco::Exception& e) {
    if (auto at = findJsonSyntaxError(text))
      throw ExportError(
          i18n::msg("{file}:{line}: malformed JSON ({error}); fix the export or export it again")
              .with("file", file)
              .with("line", static_cast<long long>(at->line))
              .with("error", at->message));
    throw ExportError(
        i18n::msg("{file}: malformed JSON ({error}); fix the export or export it again")
            .with("file", file)
            .with("error", e.message()));
  }
}

// JSON is UTF-8 (RFC 8259), so there is no encoding to set: the file is converted, or exported
// again. The command is for the likeliest case, a GB18030 (GBK) file.
void checkUtf8(std::string_view text, const std::string& file) {
  const auto bad = firstInvalidUtf8(text);
  if (!bad) return;
  const TextPosition at = positionOf(text, *bad);
  char byte[8];
  std::snprintf(byte, sizeof byte, "0x%02X", static_cast<unsigned char>(text[*bad]));
  throw ExportError(i18n::msg("{file}:{line}: not valid UTF-8 (byte {byte} at column {column}); "
                              "JSON must be UTF-8: export it as UTF-8, or convert it: {command}")
                        .with("file", file)
                        .with("line", static_cast<long long>(at.line))
                        .with("byte", byte)
                        .with("column", static_cast<long long>(at.column))
                        .with("command", "iconv -f GB18030 -t UTF-8 " + shellWord(file) + " > " +
                                             shellWord(file + ".utf8")));
}

SourceRow rowOf(const Poco::JSON::Object& object, int item, int line) {
  SourceRow row;
  row.item = item;
  row.line = line;
  for (const auto& [key, value] : object) {
    if (value.isEmpty()) {
      row.cells[key] = "";
    } else if (value.isString() || (value.isNumeric() && !value.isBoolean())) {
      row.cells[key] = value.convert<std::string>();
    } else {
      row.unusable.push_back({key, i18n::msg("\"{column}\" is {kind}; write it as a string")
                                       .with("column", key)
                                       .with("kind", kindOf(value))});
    }
  }
  return row;
}

}  // namespace

SourceTable jsonSource(std::string_view bytes, const std::string& fileName) {
  const std::string text(withoutBom(bytes));
  checkUtf8(text, fileName);
  const Var root = parse(text, fileName);
  if (!isArray(root))
    throw ExportError(i18n::msg("{file}: the top level is {kind}; a JSON export must be an array "
                                "of objects, one per person")
                          .with("file", fileName)
                          .with("kind", kindOf(root)));
  const auto& array = *root.extract<Poco::JSON::Array::Ptr>();
  const std::vector<int> lines = arrayElementLines(text);

  SourceTable table;
  table.kind = SourceKind::Json;
  table.file = fileName;
  std::set<std::string> columns;
  for (std::size_t i = 0; i < array.size(); ++i) {
    const int item = static_cast<int>(i) + 1;
    const int line = i < lines.size() ? lines[i] : 0;
    const Var element = array.get(static_cast<unsigned>(i));
    if (!isObject(element))
      throw ExportError(i18n::msg("{file}:{line}: item {item} is {kind}, not an object; every "
                                  "element must be one person's object")
                            .with("file", fileName)
                            .with("line", static_cast<long long>(line))
                            .with("item", static_cast<long long>(item))
                            .with("kind", kindOf(element)));
    const auto& object = *element.extract<Poco::JSON::Object::Ptr>();
    for (const auto& member : object) columns.insert(member.first);
    SourceRow row = rowOf(object, item, line);
    table.rows.push_back(std::move(row));
  }
  table.columns.assign(columns.begin(), columns.end());
  return table;
}

}  // namespace membersync::directory
