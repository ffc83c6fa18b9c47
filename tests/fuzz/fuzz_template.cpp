// A `[directory] column.<field>` template: the first line of the input is the template, the rest
// the value every source has. Whatever parses renders without crashing; a rendering error names
// the guid or uac filter; `sources()` lists each source once; a template of literal text only
// (doubled braces) renders to that text whatever the record.
#include <set>
#include <string>

#include "jobs/directory/column_template.h"
#include "tests/fuzz/fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace membersync::directory;
  const std::string input = membersync::fuzz::text(data, size);
  const auto newline = input.find('\n');
  const std::string text = input.substr(0, newline);
  const std::string value = newline == std::string::npos ? "" : input.substr(newline + 1);
  std::optional<ColumnTemplate> t;
  try {
    t = ColumnTemplate::parse(text);
  } catch (const TemplateError&) {
    return 0;
  }
  const auto sources = t->sources();
  FUZZ_CHECK(std::set<std::string>(sources.begin(), sources.end()).size() == sources.size());
  const Rendered full = t->render([&](std::string_view) { return std::optional<std::string>(value); });
  if (full.error)
    FUZZ_CHECK(full.error->find("|guid}") != std::string::npos ||
               full.error->find("|uac}") != std::string::npos);
  const Rendered none = t->render([](std::string_view) { return std::optional<std::string>(); });
  if (sources.empty()) FUZZ_CHECK(!none.error && none.value == full.value);
  return 0;
}
