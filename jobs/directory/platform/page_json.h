#pragma once

// Internal to the platforms' page decoders (<vendor>_pages.cpp), the only files that include
// it: what reading a vendor's JSON answer takes whatever the vendor. Poco's JSON types stay
// here and in those files.

#include <Poco/Dynamic/Var.h>
#include <Poco/JSON/Array.h>
#include <Poco/JSON/Object.h>

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "jobs/directory/platform/platform_api.h"

namespace membersync::directory::platform::json {

using Poco::JSON::Array;
using Poco::JSON::Object;

Problem problem(AnswerKind kind, std::string code, std::string message, std::string todo = {});

// A field the answer should have had: the read fails.
Problem missing(const std::string& what);

// An HTML page where JSON was expected: what a gateway in front of every vendor's API sends an
// address it blocks for a while. Decoders treat it as a rate limit.
bool looksLikeHtml(const std::string& body);

// A value as text: strings as they are, numbers and booleans as JSON writes them; "" for
// anything else or nothing.
std::string text(const Object& o, const std::string& key);

// An element of a list as an object; nullptr for anything else.
Object::Ptr objectAt(const Array& a, std::size_t i);

// A token from an answer: `valueKey` not empty, `expiresKey` a positive whole number of seconds
// (7200, every vendor's, when absent); else a failed answer naming the key.
Answer<Token> tokenOf(const Object& o, const char* valueKey, const char* expiresKey);

// A list of ids, strings and numbers as text (anything else skipped); empty when absent.
std::vector<std::string> textList(const Object& o, const std::string& key);

// How a vendor writes its result code and message ("errcode"/"errmsg", "code"/"msg") and what a
// walk does about a code other than 0.
struct Envelope {
  const char* codeKey;
  const char* messageKey;
  std::function<Problem(long long code, const std::string& message)> classify;
};

// The body as an object whose code is 0, or the problem it is: HTTP 429 or an HTML page a rate
// limit; not a JSON object, no whole code, or code 0 with a failure status a failed read; any
// other code as `envelope` classifies it.
Answer<Object::Ptr> parse(int httpStatus, const std::string& body, const Envelope& envelope);

template <typename T>
Answer<T> forward(const Answer<Object::Ptr>& a) {
  return Answer<T>::failure(a.problem);
}

}  // namespace membersync::directory::platform::json
