#include "jobs/center/json_read.h"

#include <Poco/JSON/Array.h>
#include <Poco/JSON/JSONException.h>
#include <Poco/JSON/ParseHandler.h>
#include <Poco/JSON/Parser.h>
#include <Poco/JSON/Stringifier.h>

#include <cmath>
#include <limits>
#include <sstream>

namespace membersync::center::json {

void fail(const std::string& path, const std::string& what) {
  throw Failure{path.empty() ? what : path + ": " + what};
}

Poco::Dynamic::Var parse(const std::string& text) {
  const Poco::JSON::Handler::Ptr tree = new Poco::JSON::ParseHandler;
  parse(text, tree);
  return tree->asVar();
}

void parse(const std::string& text, const Poco::JSON::Handler::Ptr& handler) {
  try {
    Poco::JSON::Parser parser(handler);
    parser.parse(text);
  } catch (const Poco::Exception& e) {  // JSONException, SyntaxException (numbers out of range)
    fail("", "malformed JSON (" + e.message() + ", in " + std::to_string(text.size()) + " bytes)");
  }
}

bool isNull(const Poco::Dynamic::Var& v) { return v.isEmpty(); }
bool isObject(const Poco::Dynamic::Var& v) { return v.type() == typeid(Poco::JSON::Object::Ptr); }
bool isArray(const Poco::Dynamic::Var& v) { return v.type() == typeid(Poco::JSON::Array::Ptr); }

std::string typeName(const Poco::Dynamic::Var& v) {
  if (isNull(v)) return "null";
  if (isObject(v)) return "an object";
  if (isArray(v)) return "an array";
  if (v.isString()) return "a string";
  if (v.isBoolean()) return "a boolean";
  if (v.isNumeric()) return "a number";
  return "an unexpected value";
}

std::string toJsonText(const Poco::Dynamic::Var& v) {
  std::ostringstream out;
  Poco::JSON::Stringifier::stringify(v, out);
  return out.str();
}

namespace {

// A double that holds an integer exactly (|x| < 2^53).
bool exactInteger(double d) { return std::floor(d) == d && std::fabs(d) < 9007199254740992.0; }

bool decimal(const std::string& s) {
  const std::size_t start = (!s.empty() && s[0] == '-') ? 1 : 0;
  return s.size() > start && s.size() - start <= 19 &&
         s.find_first_not_of("0123456789", start) == std::string::npos;
}

// Readers of scalars without a path: nullopt when `v` is not of the kind asked for. The
// decoders read every field of every member of a page through them, and a path is text worth
// building only for a failure.
std::optional<std::string> asId(const Poco::Dynamic::Var& v) {
  if (v.isString()) return v.extract<std::string>();
  if (v.isInteger() && !v.isBoolean()) return v.convert<std::string>();
  if (v.isNumeric() && !v.isBoolean() && exactInteger(v.convert<double>()))
    return std::to_string(static_cast<long long>(v.convert<double>()));
  return std::nullopt;
}

// What asId accepts, without copying it out.
bool isId(const Poco::Dynamic::Var& v) {
  if (v.isString()) return true;
  if (v.isInteger() && !v.isBoolean()) return true;
  return v.isNumeric() && !v.isBoolean() && exactInteger(v.convert<double>());
}

std::optional<std::string> asText(const Poco::Dynamic::Var& v) {
  if (v.isString()) return v.extract<std::string>();
  if (v.isNumeric() && !v.isBoolean()) return v.convert<std::string>();
  return std::nullopt;
}

std::optional<std::int64_t> asInteger(const Poco::Dynamic::Var& v) {
  if (v.isInteger() && !v.isBoolean()) return v.convert<Poco::Int64>();
  if (v.isNumeric() && !v.isBoolean() && exactInteger(v.convert<double>()))
    return static_cast<std::int64_t>(v.convert<double>());
  if (v.isString()) {
    const std::string& s = v.extract<std::string>();
    if (decimal(s)) return std::stoll(s);
  }
  return std::nullopt;
}

std::optional<bool> asFlag(const Poco::Dynamic::Var& v) {
  if (v.isBoolean()) return v.extract<bool>();
  if (v.isInteger()) {
    const auto n = v.convert<Poco::Int64>();
    if (n == 0 || n == 1) return n == 1;
  }
  if (v.isString()) {
    const std::string& s = v.extract<std::string>();
    if (s == "true" || s == "false") return s == "true";
  }
  return std::nullopt;
}

constexpr const char* kExpectedId = "expected a string or an integer, got ";
constexpr const char* kExpectedText = "expected a string, got ";
constexpr const char* kExpectedInteger = "expected an integer, got ";
constexpr const char* kExpectedFlag = "expected a boolean, got ";

}  // namespace

std::string text(const Poco::Dynamic::Var& v, const std::string& path) {
  if (auto s = asText(v)) return std::move(*s);
  fail(path, kExpectedText + typeName(v));
}

std::int64_t integer(const Poco::Dynamic::Var& v, const std::string& path) {
  if (auto n = asInteger(v)) return *n;
  fail(path, kExpectedInteger + typeName(v));
}

std::string elementPath(const std::string& path, std::size_t index) {
  return path + "[" + std::to_string(index) + "]";
}

Obj::Obj(const Poco::Dynamic::Var& v, std::string path) : path_(std::move(path)) {
  if (!isObject(v)) fail(path_, "expected an object, got " + typeName(v));
  obj_ = v.extract<Poco::JSON::Object::Ptr>();
}

Obj::Obj(const Poco::Dynamic::Var& v, const std::string& array, std::size_t index)
    : array_(&array), index_(index) {
  if (!isObject(v)) fail(path(), "expected an object, got " + typeName(v));
  obj_ = v.extract<Poco::JSON::Object::Ptr>();
}

Poco::Dynamic::Var Obj::get(const char* key) const { return obj_->get(key); }

// Poco's Object hands a field out only as a copy (get), and a copy of a Var is a heap
// allocation and, for a string, a second one: found in place by walking the fields (a member
// has about 17; the walk compares no more characters than a map's lookup would allocate).
const Poco::Dynamic::Var* Obj::find(const char* key) const {
  for (auto it = obj_->begin(); it != obj_->end(); ++it)
    if (it->first == key) return isNull(it->second) ? nullptr : &it->second;
  return nullptr;
}

// Poco's isNull(key): absent or null, without copying the value as get() does.
bool Obj::has(const char* key) const { return !obj_->isNull(key); }

// Each accessor reads the field in place and spells its path out only to fail.
template <class T, class Read>
std::optional<T> Obj::read(const char* key, Read as, const char* expected) const {
  const Poco::Dynamic::Var* v = find(key);
  if (!v) return std::nullopt;
  if (auto value = as(*v)) return value;
  fail(at(key), expected + typeName(*v));
}

std::string Obj::requiredId(const char* key) const {
  if (auto s = read<std::string>(key, asId, kExpectedId)) return std::move(*s);
  fail(at(key), "missing");
}

std::string Obj::requiredText(const char* key) const {
  if (auto s = read<std::string>(key, asText, kExpectedText)) return std::move(*s);
  fail(at(key), "missing");
}

std::optional<std::string> Obj::optId(const char* key) const {
  return read<std::string>(key, asId, kExpectedId);
}

std::optional<std::string> Obj::optText(const char* key) const {
  return read<std::string>(key, asText, kExpectedText);
}

std::string Obj::textOr(const char* key, std::string fallback) const {
  auto s = read<std::string>(key, asText, kExpectedText);
  return s ? std::move(*s) : fallback;
}

std::optional<std::int64_t> Obj::optInteger(const char* key) const {
  return read<std::int64_t>(key, asInteger, kExpectedInteger);
}

std::int64_t Obj::integerOr(const char* key, std::int64_t fallback) const {
  return read<std::int64_t>(key, asInteger, kExpectedInteger).value_or(fallback);
}

int Obj::smallInteger(const char* key) const {
  const std::int64_t n = integerOr(key, 0);
  if (n < std::numeric_limits<int>::min() || n > std::numeric_limits<int>::max())
    fail(at(key), "integer out of range");
  return static_cast<int>(n);
}

bool Obj::flagOr(const char* key, bool fallback) const {
  return read<bool>(key, asFlag, kExpectedFlag).value_or(fallback);
}

void Obj::checkId(const char* key) const {
  const Poco::Dynamic::Var* v = find(key);
  if (v && !isId(*v)) fail(at(key), kExpectedId + typeName(*v));
}

void Obj::checkInteger(const char* key) const { optInteger(key); }

void Obj::checkFlag(const char* key) const { read<bool>(key, asFlag, kExpectedFlag); }

// As list(key, text), without spelling out a path unless an element is not text.
std::vector<std::string> Obj::texts(const char* key) const {
  std::vector<std::string> out;
  const Poco::Dynamic::Var* v = find(key);
  if (!v) return out;
  if (!isArray(*v)) fail(at(key), "expected an array, got " + typeName(*v));
  const auto& array = *v->extract<Poco::JSON::Array::Ptr>();
  out.reserve(array.size());
  for (const Poco::Dynamic::Var& element : array) {
    auto s = asText(element);
    if (!s) fail(elementPath(at(key), out.size()), kExpectedText + typeName(element));
    out.push_back(std::move(*s));
  }
  return out;
}

std::optional<std::string> Obj::rawJson(const char* key) const {
  if (!has(key)) return std::nullopt;
  return toJsonText(get(key));
}

}  // namespace membersync::center::json
