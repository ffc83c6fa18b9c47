// The mail's subject and body templates (jobs/deliver/mail_template.h): the first byte picks the
// part, the rest is the template. Whatever parses renders; a body always hands the password out;
// a subject never holds it, nor a line break.
#include <optional>
#include <string>

#include "jobs/deliver/mail_template.h"
#include "tests/fuzz/fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace membersync::deliver;
  if (size == 0) return 0;
  const auto part = data[0] % 2 ? MailTemplate::Part::Body : MailTemplate::Part::Subject;
  const std::string text = membersync::fuzz::text(data + 1, size - 1);
  std::optional<MailTemplate> t;
  try {
    t = MailTemplate::parse(text, part);
  } catch (const TemplateError& e) {
    FUZZ_CHECK(std::string(e.what()).find("line ") == 0 || std::string(e.what()).find("the body") == 0);
    return 0;
  }
  // The password's influence, seen by rendering with two: a body shows it, a subject never.
  const std::string one = t->render({"N", "A", "L", "pw-one"});
  const std::string two = t->render({"N", "A", "L", "pw-two"});
  if (part == MailTemplate::Part::Body) FUZZ_CHECK(one != two);
  if (part == MailTemplate::Part::Subject) {
    FUZZ_CHECK(one == two);
    FUZZ_CHECK(one.find_first_of("\r\n") == std::string::npos);
  }
  return 0;
}
