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
  const std::string password = "\x01pw\x02";  // bytes no valid template text renders by itself
  const std::string out = t->render({"N", "A", "L", password});
  if (part == MailTemplate::Part::Body) FUZZ_CHECK(out.find(password) != std::string::npos);
  if (part == MailTemplate::Part::Subject) {
    FUZZ_CHECK(out.find(password) == std::string::npos);
    FUZZ_CHECK(out.find_first_of("\r\n") == std::string::npos);
  }
  return 0;
}
