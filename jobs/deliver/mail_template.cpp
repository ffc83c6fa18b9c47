#include "jobs/deliver/mail_template.h"

#include <algorithm>
#include <set>

#include "jobs/directory/utf8.h"

namespace membersync::deliver {
namespace {

const std::set<std::string>& placeholders() {
  static const std::set<std::string> kNames{"name", "account", "login", "password"};
  return kNames;
}

[[noreturn]] void fail(std::string_view text, std::size_t at, const std::string& what) {
  const auto line = 1 + std::count(text.begin(), text.begin() + static_cast<long>(at), '\n');
  throw TemplateError("line " + std::to_string(line) + ": " + what);
}

}  // namespace

const char* MailTemplate::builtInBody() {
  return "{name}，您好：\n"
         "\n"
         "您的账号已开通。\n"
         "登录名：{login}\n"
         "初始密码：{password}\n"
         "\n"
         "请在首次登录后立即修改密码。本邮件由系统自动发送，请勿回复。\n"
         "\n"
         "Hello {name},\n"
         "\n"
         "Your account is ready.\n"
         "Login: {login}\n"
         "Initial password: {password}\n"
         "\n"
         "Please change the password when you first sign in. This message was sent\n"
         "automatically; please do not reply to it.\n";
}

MailTemplate MailTemplate::parse(std::string_view text, Part part) {
  if (const auto bad = directory::firstInvalidUtf8(text))
    fail(text, *bad, "not valid UTF-8; save the template as UTF-8");
  MailTemplate t;
  std::string literal;
  bool hasPassword = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if ((c == '{' || c == '}') && i + 1 < text.size() && text[i + 1] == c) {
      literal += c;  // {{ or }}: a literal brace
      ++i;
      continue;
    }
    if (c == '}') fail(text, i, "a '}' that closes nothing; write }} for a literal brace");
    if (part == Part::Subject && (c == '\n' || c == '\r'))
      fail(text, i, "the subject must be one line");
    if (c != '{') {
      literal += c;
      continue;
    }
    const std::size_t close = text.find('}', i);
    const std::string name(text.substr(i + 1, close == std::string_view::npos ? 0 : close - i - 1));
    if (close == std::string_view::npos || !placeholders().count(name))
      fail(text, i, "unknown or unclosed placeholder; the placeholders are {name}, {account}, "
                    "{login} and {password} (write {{ for a literal brace)");
    if (name == "password" && part == Part::Subject)
      fail(text, i, "the subject must not hold {password}: mail servers log subjects");
    hasPassword = hasPassword || name == "password";
    if (!literal.empty()) t.pieces_.push_back({false, std::move(literal)});
    literal.clear();
    t.pieces_.push_back({true, name});
    i = close;
  }
  if (!literal.empty()) t.pieces_.push_back({false, std::move(literal)});
  if (part == Part::Body && !hasPassword)
    throw TemplateError("the body has no {password}: the mail would hand nothing out");
  return t;
}

std::string MailTemplate::render(const MailFields& f) const {
  std::string out;
  for (const Piece& p : pieces_) {
    if (!p.field) out += p.text;
    else if (p.text == "name") out += f.name;
    else if (p.text == "account") out += f.account;
    else if (p.text == "login") out += f.login;
    else out += f.password;
  }
  return out;
}

}  // namespace membersync::deliver
