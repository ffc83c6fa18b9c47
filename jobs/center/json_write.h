#pragma once

// jobs/center's encoders (and the platform walks' request bodies): JSON text written straight
// into a string, without a DOM.
// An A1 call carries 100 rows; building Poco objects for them and stringifying cost more CPU
// than the rest of the request. The bytes are those Poco 1.11's stringify wrote for the same
// body (keys in the order written, no spaces), so what goes on the wire is unchanged.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace membersync::center::json {

// Appends `value` as a JSON string literal, quotes included. Escapes what JSON requires and no
// more, as Poco does: `"` and `\`, \b \f \n \r \t, any other byte below 0x20 as \u00XX (upper-case
// hex). Every other byte, DEL and UTF-8 sequences included, is copied as it is.
void appendString(std::string& out, std::string_view value);

// One JSON object being written into `out`: '{' when made, '}' by close(). Fields go in the
// order they are added. Not a validator: each key must be added once.
class ObjectWriter {
 public:
  explicit ObjectWriter(std::string& out);

  void text(const char* key, std::string_view value);
  void integer(const char* key, std::int64_t value);
  void texts(const char* key, const std::vector<std::string>& values);  // an array of strings
  ObjectWriter object(const char* key);  // a nested object: close it before the next field
  void close();

 private:
  void key(const char* name);

  std::string* out_;
  bool first_ = true;
};

}  // namespace membersync::center::json
