#pragma once

#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

// Column templates: a `[directory] column.<field>` value containing `{` computes the field from
// the record's sources: literal text and `{source|filter|filter:arg...}` parts. Pure C++: the
// CSV, JSON and LDAP readers share it, and its tests need nothing else.
namespace membersync::directory {

// A template that does not parse: an unclosed `{`, an empty source, an unknown filter, a
// `truncate:` without a count. what() says what and where (the offset in the template); the
// configuration loader adds the key.
class TemplateError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A source's value in one record, or nullopt when the record has none (a JSON record or LDAP
// entry without it: the part is then empty, and `default:` applies).
using SourceLookup = std::function<std::optional<std::string>(std::string_view source)>;

// The computed value, or why this record's value cannot be computed (`guid` of a value that is
// not 16 bytes, `uac` of one that is not a number): the record is then invalid, reported like a
// bad row.
struct Rendered {
  std::string value;
  std::optional<std::string> error;
};

class ColumnTemplate {
 public:
  // Filters: lower, upper (ASCII letters only), trim (ASCII white space), localpart (before the
  // first `@`), alnum (only ASCII letters and digits kept), truncate:N (the first N code points),
  // default:TEXT (TEXT when the value is empty), hex (bytes as lower-case hex), guid (16 bytes
  // as Get-ADUser shows an objectGUID: the first three groups little-endian), uac (Active
  // Directory's userAccountControl: `disabled` when bit 0x2 is set, else `active`). `{{` and
  // `}}` stand for literal braces. Throws TemplateError.
  static ColumnTemplate parse(std::string_view text);

  // True when `text` is a template (it contains `{`), not a plain column name.
  static bool isTemplate(std::string_view text) { return text.find('{') != std::string_view::npos; }

  // Every source the template reads, in order of first use (for a CSV header check).
  std::vector<std::string> sources() const;

  Rendered render(const SourceLookup& lookup) const;

 private:
  struct Filter {
    std::string name;
    std::string arg;
  };
  struct Part {
    std::string literal;  // a literal part when `source` is empty
    std::string source;
    std::vector<Filter> filters;
  };
  std::vector<Part> parts_;
};

}  // namespace membersync::directory
