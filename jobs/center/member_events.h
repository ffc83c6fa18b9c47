#pragma once

// Internal to jobs/center's decoders (includes Poco: .cpp files only): one element of A5's page
// list kept as the parser's events, and decoded from them without a Poco object. Building each
// member as a Poco::JSON::Object (about 20 heap allocations) and looking its fields up by name
// was most of a page's CPU, tree or streamed. The fast decoding takes only a well-formed member;
// anything else (a wrong type, a missing or repeated field, a value it does not read exactly
// as the tree decoder does) is replayed into a tree and decoded by memberListItemAt, so a
// failure's text is the tree decoder's, word for word.

#include <Poco/Dynamic/Var.h>
#include <Poco/JSON/Handler.h>

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "jobs/center/decode.h"

namespace membersync::center {

class MemberEvents : public Poco::JSON::Handler {
 public:
  void reset() override {}  // each element starts afresh (record) when its first event comes
  void startObject() override { open(Kind::StartObject); }
  void endObject() override { close(Kind::EndObject); }
  void startArray() override { open(Kind::StartArray); }
  void endArray() override { close(Kind::EndArray); }
  void key(const std::string& k) override { record(Kind::Key).text = k; }
  void null() override { record(Kind::Null); }
  void value(int v) override { record(Kind::Int).integer = v; }
  void value(unsigned v) override { record(Kind::Unsigned).unsignedInteger = v; }
  void value(Poco::Int64 v) override { record(Kind::Int64).integer = v; }
  void value(Poco::UInt64 v) override { record(Kind::UInt64).unsignedInteger = v; }
  void value(const std::string& v) override { record(Kind::String).text = v; }
  void value(double v) override { record(Kind::Double).real = v; }
  void value(bool v) override { record(Kind::Bool).flag = v; }

  // The element as a tree builder would have made it (for memberListItemAt).
  Poco::Dynamic::Var tree() const;
  // The element decoded, its departmentName ("" when absent) in `departmentName`; nullopt when
  // it is not a member the fast way reads exactly as memberListItemAt would (then use tree()).
  std::optional<MemberListItem> decode(std::string& departmentName) const;

  enum class Kind : unsigned char {
    StartObject,
    EndObject,
    StartArray,
    EndArray,
    Key,
    Null,
    Int,
    Unsigned,
    Int64,
    UInt64,
    String,
    Double,
    Bool
  };
  struct Event {
    Kind kind = Kind::Null;
    std::string text;                  // Key, String
    Poco::Int64 integer = 0;           // Int, Int64
    Poco::UInt64 unsignedInteger = 0;  // Unsigned, UInt64
    double real = 0;
    bool flag = false;
  };

 private:
  Event& record(Kind kind);
  void open(Kind kind);
  void close(Kind kind);

  // The events of the element, in events_[0, size_): the slots are reused from one element to
  // the next, so that their strings keep their buffers.
  std::vector<Event> events_;
  std::size_t size_ = 0;
  int depth_ = 0;
};

}  // namespace membersync::center
