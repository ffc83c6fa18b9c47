#include "jobs/directory/platform/page_json.h"

#include <Poco/Exception.h>
#include <Poco/JSON/Parser.h>

#include <utility>

namespace membersync::directory::platform::json {

namespace {

// A code as a whole number; nullopt when it is none or does not fit (Poco throws for that).
std::optional<long long> whole(const Poco::Dynamic::Var& v) {
  if (!v.isInteger()) return std::nullopt;
  try {
    return v.convert<long long>();
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

// HTTP 429 is a rate limit, unless its body's code says more: Feishu answers a spent monthly
// quota (99991403) with 429 too, which no pause mends.
Answer<Object::Ptr> tooMany(const std::string& status, const Object::Ptr& object,
                            const Envelope& envelope) {
  const auto code =
      object && object->has(envelope.codeKey) ? whole(object->get(envelope.codeKey)) : std::nullopt;
  if (code && *code != 0) {
    Problem p = envelope.classify(*code, text(*object, envelope.messageKey));
    if (p.kind == AnswerKind::Quota || p.kind == AnswerKind::Permission)
      return Answer<Object::Ptr>::failure(std::move(p));
  }
  return Answer<Object::Ptr>::failure(problem(AnswerKind::RateLimited, status, "too many calls"));
}

}  // namespace

Problem problem(AnswerKind kind, std::string code, std::string message, std::string todo) {
  Problem p;
  p.kind = kind;
  p.code = std::move(code);
  p.message = std::move(message);
  p.todo = std::move(todo);
  return p;
}

Problem missing(const std::string& what) {
  return problem(AnswerKind::Failed, "0", "the answer lacks " + what);
}

bool looksLikeHtml(const std::string& body) {
  const auto first = body.find_first_not_of(" \t\r\n");
  return first != std::string::npos && body[first] == '<';
}

std::string text(const Object& o, const std::string& key) {
  if (!o.has(key)) return "";
  const Poco::Dynamic::Var v = o.get(key);
  if (v.isEmpty()) return "";
  if (v.isString()) return v.extract<std::string>();
  if (v.isNumeric() || v.isBoolean()) return v.convert<std::string>();
  return "";
}

Object::Ptr objectAt(const Array& a, std::size_t i) {
  try {
    return a.getObject(static_cast<unsigned>(i));
  } catch (const std::exception&) {
    return nullptr;
  }
}

Answer<Token> tokenOf(const Object& o, const char* valueKey, const char* expiresKey) {
  Token t;
  t.value = text(o, valueKey);
  if (t.value.empty()) return Answer<Token>::failure(missing(valueKey));
  try {
    t.expiresInS = o.has(expiresKey) ? o.getValue<int>(expiresKey) : 7200;
  } catch (const std::exception&) {
    return Answer<Token>::failure(missing(std::string("a numeric ") + expiresKey));
  }
  if (t.expiresInS <= 0)
    return Answer<Token>::failure(missing(std::string("a positive ") + expiresKey));
  return Answer<Token>::success(std::move(t));
}

std::vector<std::string> textList(const Object& o, const std::string& key) {
  std::vector<std::string> out;
  const auto list = o.getArray(key);
  if (!list) return out;
  for (std::size_t i = 0; i < list->size(); ++i) {
    const Poco::Dynamic::Var v = list->get(static_cast<unsigned>(i));
    if (v.isString())
      out.push_back(v.extract<std::string>());
    else if (v.isNumeric())
      out.push_back(v.convert<std::string>());
  }
  return out;
}

Answer<Object::Ptr> parse(int httpStatus, const std::string& body, const Envelope& envelope) {
  const std::string status = "HTTP " + std::to_string(httpStatus);
  if (looksLikeHtml(body))
    return Answer<Object::Ptr>::failure(
        problem(AnswerKind::RateLimited, status, "an HTML page where JSON was expected"));
  Object::Ptr object;
  try {
    object = Poco::JSON::Parser().parse(body).extract<Object::Ptr>();
  } catch (const Poco::Exception&) {
  } catch (const std::exception&) {  // Var throws std::exceptions for a non-object
  }
  if (httpStatus == 429) return tooMany(status, object, envelope);
  if (!object)
    return Answer<Object::Ptr>::failure(
        problem(AnswerKind::Failed, status, "the answer is not a JSON object"));
  const auto code =
      object->has(envelope.codeKey) ? whole(object->get(envelope.codeKey)) : std::nullopt;
  if (!code)
    return Answer<Object::Ptr>::failure(problem(
        AnswerKind::Failed, status, std::string("the answer has no whole ") + envelope.codeKey));
  if (*code != 0)
    return Answer<Object::Ptr>::failure(
        envelope.classify(*code, text(*object, envelope.messageKey)));
  if (httpStatus != 200)
    return Answer<Object::Ptr>::failure(problem(
        AnswerKind::Failed, status, std::string(envelope.codeKey) + " 0 with a failure status"));
  return Answer<Object::Ptr>::success(object);
}

}  // namespace membersync::directory::platform::json
