#pragma once

// The text of a password mail: the subject and the body, with the placeholders {name},
// {account}, {login} and {password}. `{{` and `}}` stand for a literal brace. Parsed once, when
// the configuration is read, so a mistake is a configuration error naming the line, never a
// half-written mail.

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace membersync::deliver {

class TemplateError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct MailFields {
  std::string name;
  std::string account;  // as HR spells it
  std::string login;    // what the person types
  std::string password;
};

class MailTemplate {
 public:
  enum class Part { Subject, Body };
  // Throws TemplateError "line N: ..." for: text that is not UTF-8, an unknown or unclosed
  // placeholder, a body without {password} (it would hand nothing out), a subject with
  // {password} (subjects are logged by mail servers) or with a line break.
  static MailTemplate parse(std::string_view text, Part part);
  // The built-in body: Chinese, then English.
  static const char* builtInBody();

  std::string render(const MailFields& fields) const;

 private:
  struct Piece {
    bool field = false;
    std::string text;  // literal text, or the placeholder's name
  };
  std::vector<Piece> pieces_;
};

}  // namespace membersync::deliver
