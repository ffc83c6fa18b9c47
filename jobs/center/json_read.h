#pragma once

// Internal to jobs/center's decoders: the only header here that includes Poco. Include it from
// .cpp files only.

#include <Poco/Dynamic/Var.h>
#include <Poco/Exception.h>
#include <Poco/JSON/Array.h>
#include <Poco/JSON/Handler.h>
#include <Poco/JSON/Object.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "jobs/center/decode.h"
#include "jobs/center/error_codes.h"

namespace membersync::center {

// A5's page list as its streaming reader decoded it (readMemberPageEnvelope).
struct StreamedMembers {
  std::vector<MemberListItem> items;
  std::vector<std::string> departmentNames;  // one per item, as MemberPage keeps them
  std::optional<std::string> failure;        // the first element that could not be decoded
};

struct JsonValue {
  Poco::Dynamic::Var var;
  // A6's data when its answer was streamed (readAssetNumbersEnvelope): decoded already, and
  // handed over once by decodeAssetNumbers, moved rather than copied (it may hold 400,000 assets).
  mutable std::optional<Result<std::vector<AssetNumber>>> assetNumbers;
  // A5's page object when its answer was streamed (readMemberPageEnvelope): `var` holds all its
  // fields but the list, decoded already here and handed over once by decodeMemberPage.
  mutable std::optional<StreamedMembers> memberList;
};

namespace json {

// A decoding problem, thrown inside the decoders and turned into a Protocol error at their
// boundary (guarded()). Its text names the field's path and the types, never a value.
struct Failure {
  std::string what;
};

[[noreturn]] void fail(const std::string& path, const std::string& what);

// Parses `text`; Failure "malformed JSON (...)" on bad input.
Poco::Dynamic::Var parse(const std::string& text);
// The same, feeding `handler` (a streaming reader) instead of building a tree.
void parse(const std::string& text, const Poco::JSON::Handler::Ptr& handler);

bool isNull(const Poco::Dynamic::Var& v);
bool isObject(const Poco::Dynamic::Var& v);
bool isArray(const Poco::Dynamic::Var& v);
std::string typeName(const Poco::Dynamic::Var& v);
std::string toJsonText(const Poco::Dynamic::Var& v);

// Scalars outside an object (Obj reads its fields itself): `text` a string (numbers are written
// out); `integer` an integer or a decimal string.
std::string text(const Poco::Dynamic::Var& v, const std::string& path);
std::int64_t integer(const Poco::Dynamic::Var& v, const std::string& path);

// path[index]
std::string elementPath(const std::string& path, std::size_t index);

// Decodes each element of an array (null: none) with decode(element, path, index), where the
// element's path is path[index]: spelled out only by a decoder that fails (Obj's element
// constructor), not for each element of a page of thousands.
template <class F>
auto eachElement(const Poco::Dynamic::Var& v, const std::string& path, F decode)
    -> std::vector<decltype(decode(v, path, std::size_t{}))> {
  std::vector<decltype(decode(v, path, std::size_t{}))> out;
  if (isNull(v)) return out;
  if (!isArray(v)) fail(path, "expected an array, got " + typeName(v));
  const auto& array = *v.extract<Poco::JSON::Array::Ptr>();
  out.reserve(array.size());
  std::size_t i = 0;
  for (const Poco::Dynamic::Var& element : array)  // by reference: get(i) would copy each one
    out.push_back(decode(element, path, i++));
  return out;
}

// Decodes each element of an array (null: none) with decode(element, path).
template <class F>
auto eachOf(const Poco::Dynamic::Var& v, const std::string& path, F decode)
    -> std::vector<decltype(decode(v, path))> {
  return eachElement(v, path,
                     [&decode](const Poco::Dynamic::Var& e, const std::string& p, std::size_t i) {
                       return decode(e, elementPath(p, i));
                     });
}

// An object's fields. A missing field and a null one are the same: absent.
class Obj {
 public:
  Obj(const Poco::Dynamic::Var& v, std::string path);  // Failure unless an object
  // Element `index` of the array at `array` (which must outlive the Obj): its path is spelled
  // out only to fail.
  Obj(const Poco::Dynamic::Var& v, const std::string& array, std::size_t index);

  std::string path() const { return array_ ? elementPath(*array_, index_) : path_; }
  std::string at(const char* key) const { return path() + "." + key; }
  Poco::Dynamic::Var get(const char* key) const;  // empty when absent
  bool has(const char* key) const;

  std::string requiredId(const char* key) const;  // absent: Failure
  std::string requiredText(const char* key) const;
  std::optional<std::string> optId(const char* key) const;
  std::optional<std::string> optText(const char* key) const;
  std::string textOr(const char* key, std::string fallback = {}) const;
  std::optional<std::int64_t> optInteger(const char* key) const;
  std::int64_t integerOr(const char* key, std::int64_t fallback = 0) const;
  int smallInteger(const char* key) const;  // absent: 0; Failure outside int's range
  bool flagOr(const char* key, bool fallback = false) const;
  std::vector<std::string> texts(const char* key) const;  // array of strings; absent: empty
  std::optional<std::string> rawJson(const char* key) const;

  // A field checked as optId / optInteger / flagOr would read it (the same Failure), not kept:
  // for the fields a decoder validates but nobody reads.
  void checkId(const char* key) const;
  void checkInteger(const char* key) const;
  void checkFlag(const char* key) const;

  template <class F>
  auto list(const char* key, F decode) const {
    return eachOf(get(key), at(key), decode);
  }
  // As list, through eachElement: decode(element, path of the array, index).
  template <class F>
  auto elements(const char* key, F decode) const {
    return eachElement(get(key), at(key), decode);
  }

 private:
  // The field in place, without copying it as get() does; nullptr when absent or null.
  const Poco::Dynamic::Var* find(const char* key) const;
  // The field as T through `as`; nullopt when absent; Failure "expected ..." when `as` refuses it.
  template <class T, class Read>
  std::optional<T> read(const char* key, Read as, const char* expected) const;

  Poco::JSON::Object::Ptr obj_;
  std::string path_;                    // when not an array's element
  const std::string* array_ = nullptr;  // when an array's element: the array's path
  std::size_t index_ = 0;
};

// Runs `body`, turning a Failure or a Poco exception into a Protocol error of `endpoint`.
template <class T, class F>
Result<T> guarded(Endpoint endpoint, F body) {
  std::string what;
  try {
    return Result<T>::success(body());
  } catch (const Failure& f) {
    what = f.what;
  } catch (const Poco::Exception& e) {
    what = e.displayText();
  } catch (const std::exception& e) {
    what = e.what();
  }
  return Result<T>::failure(makeError(endpoint, ErrorKind::Protocol, what));
}

}  // namespace json
}  // namespace membersync::center
