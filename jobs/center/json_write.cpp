#include "jobs/center/json_write.h"

namespace membersync::center::json {
namespace {

bool needsEscape(unsigned char c) { return c < 0x20 || c == '"' || c == '\\'; }

void appendEscape(std::string& out, unsigned char c) {
  switch (c) {
    case '"':
      out += "\\\"";
      return;
    case '\\':
      out += "\\\\";
      return;
    case '\b':
      out += "\\b";
      return;
    case '\f':
      out += "\\f";
      return;
    case '\n':
      out += "\\n";
      return;
    case '\r':
      out += "\\r";
      return;
    case '\t':
      out += "\\t";
      return;
    default: {
      const char* hex = "0123456789ABCDEF";
      const char u[] = {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 0xF]};
      out.append(u, sizeof u);
    }
  }
}

}  // namespace

void appendString(std::string& out, std::string_view value) {
  out += '"';
  std::size_t plain = 0;  // start of the run of bytes copied as they are
  for (std::size_t i = 0; i < value.size(); ++i) {
    const auto c = static_cast<unsigned char>(value[i]);
    if (!needsEscape(c)) continue;
    out.append(value, plain, i - plain);
    appendEscape(out, c);
    plain = i + 1;
  }
  out.append(value, plain, std::string_view::npos);
  out += '"';
}

ObjectWriter::ObjectWriter(std::string& out) : out_(&out) { *out_ += '{'; }

void ObjectWriter::key(const char* name) {
  if (!first_) *out_ += ',';
  first_ = false;
  appendString(*out_, name);
  *out_ += ':';
}

void ObjectWriter::text(const char* name, std::string_view value) {
  key(name);
  appendString(*out_, value);
}

void ObjectWriter::integer(const char* name, std::int64_t value) {
  key(name);
  *out_ += std::to_string(value);
}

void ObjectWriter::texts(const char* name, const std::vector<std::string>& values) {
  key(name);
  *out_ += '[';
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (i > 0) *out_ += ',';
    appendString(*out_, values[i]);
  }
  *out_ += ']';
}

ObjectWriter ObjectWriter::object(const char* name) {
  key(name);
  return ObjectWriter(*out_);
}

void ObjectWriter::close() { *out_ += '}'; }

}  // namespace membersync::center::json
