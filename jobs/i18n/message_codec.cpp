#include <Poco/JSON/Array.h>
#include <Poco/JSON/Object.h>
#include <Poco/JSON/Parser.h>

#include <sstream>

#include "jobs/i18n/message.h"

// A stored message is a JSON object on one line: {"msg":ID,"plural":P,"count":N,"args":[[NAME,
// TEXT or {message}], ...]}. JSON, because the state's texts are read by `sqlite3` too, and an
// argument may hold any character.
namespace membersync::i18n {
namespace {

constexpr const char* kMarker = "{\"msg\":";
// A message nested deeper than this is refused when read back: none of ours comes near it, and
// a state edited by hand must not take the reader's stack.
constexpr int kMaxDepth = 8;

Poco::JSON::Object::Ptr toJson(const Message& m) {
  // In the order written, so that the stored text starts with kMarker.
  Poco::JSON::Object::Ptr o = new Poco::JSON::Object(Poco::JSON_PRESERVE_KEY_ORDER);
  o->set("msg", m.id);
  if (!m.plural.empty()) {
    o->set("plural", m.plural);
    o->set("count", static_cast<Poco::UInt64>(m.count));
  }
  Poco::JSON::Array::Ptr args = new Poco::JSON::Array;
  for (const MessageArgument& a : m.arguments) {
    Poco::JSON::Array::Ptr pair = new Poco::JSON::Array;
    pair->add(a.name);
    if (a.message.empty())
      pair->add(a.text);
    else
      pair->add(toJson(a.message.front()));
    args->add(pair);
  }
  if (args->size() > 0) o->set("args", args);
  return o;
}

// Poco converts a number to a string when asked for one: a stored message is read strictly.
std::string stringOf(const Poco::Dynamic::Var& value) {
  if (!value.isString()) throw Poco::DataFormatException("not a string");
  return value.extract<std::string>();
}

Message fromJson(const Poco::JSON::Object& o, int depth) {
  if (depth > kMaxDepth) throw Poco::DataFormatException("message nested too deeply");
  Message m;
  m.id = stringOf(o.get("msg"));
  if (o.has("plural")) m.plural = stringOf(o.get("plural"));
  if (!m.plural.empty()) m.count = o.getValue<Poco::UInt64>("count");  // a count without one: none
  Poco::JSON::Array::Ptr args = o.getArray("args");
  for (std::size_t i = 0; args && i < args->size(); ++i) {
    Poco::JSON::Array::Ptr pair = args->getArray(static_cast<unsigned>(i));
    if (!pair || pair->size() != 2) throw Poco::DataFormatException("argument is not a pair");
    const std::string name = stringOf(pair->get(0));
    if (Poco::JSON::Object::Ptr nested = pair->getObject(1))
      m.with(name, fromJson(*nested, depth + 1));
    else
      m.with(name, stringOf(pair->get(1)));
  }
  return m;
}

}  // namespace

std::string encodeMessage(const Message& message) {
  if (message.verbatim) return message.id;
  std::ostringstream os;
  toJson(message)->stringify(os);
  return os.str();
}

Message decodeMessage(const std::string& stored) {
  if (stored.compare(0, std::char_traits<char>::length(kMarker), kMarker) != 0)
    return verbatim(stored);
  try {
    Poco::JSON::Parser parser;
    Poco::JSON::Object::Ptr o = parser.parse(stored).extract<Poco::JSON::Object::Ptr>();
    if (o) return fromJson(*o, 0);
  } catch (const Poco::Exception&) {
  } catch (const std::exception&) {
  }
  return verbatim(stored);  // not one of ours after all: shown as it is
}

}  // namespace membersync::i18n
