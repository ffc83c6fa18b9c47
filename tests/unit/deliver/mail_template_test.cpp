// The mail's subject and body templates.

#include <catch2/catch.hpp>

#include "jobs/deliver/mail_template.h"

using namespace membersync::deliver;
using Part = MailTemplate::Part;

namespace {
const MailFields kFields{"张三", "ZhangSan", "ZhangSan@acme", "Pw1234567890"};

std::string errorOf(const std::string& text, Part part) {
  try {
    MailTemplate::parse(text, part);
  } catch (const TemplateError& e) {
    return e.what();
  }
  return "";
}
}  // namespace

TEST_CASE("mail template: placeholders are filled and doubled braces are literal", "[deliver]") {
  const auto t = MailTemplate::parse("Hi {name} ({account}),\n{{login}} = {login}\n{password}\n",
                                     Part::Body);
  CHECK(t.render(kFields) == "Hi 张三 (ZhangSan),\n{login} = ZhangSan@acme\nPw1234567890\n");
}

TEST_CASE("mail template: the built-in body is Chinese and English and holds the password",
          "[deliver]") {
  const auto body = MailTemplate::parse(MailTemplate::builtInBody(), Part::Body).render(kFields);
  CHECK(body.find("初始密码：Pw1234567890") != std::string::npos);
  CHECK(body.find("Initial password: Pw1234567890") != std::string::npos);
  CHECK(body.find("Login: ZhangSan@acme") != std::string::npos);
}

TEST_CASE("mail template: mistakes name the line", "[deliver]") {
  CHECK(errorOf("ok {password}\nthen {nmae}\n", Part::Body).rfind("line 2: unknown", 0) == 0);
  CHECK(errorOf("{password} {name", Part::Body).find("unclosed") != std::string::npos);
  CHECK(errorOf("a } b {password}", Part::Body).find("closes nothing") != std::string::npos);
  CHECK(errorOf("Hello {name}", Part::Body).find("no {password}") != std::string::npos);
  CHECK(errorOf("Your {password}", Part::Subject).find("must not hold") != std::string::npos);
  CHECK(errorOf("one\ntwo", Part::Subject).find("one line") != std::string::npos);
  CHECK(errorOf("\xff {password}", Part::Body).find("UTF-8") != std::string::npos);
}
