#include "jobs/center/member_events.h"

#include <Poco/JSON/ParseHandler.h>

#include <array>
#include <cerrno>
#include <cstdlib>
#include <string_view>

namespace membersync::center {
namespace {

using Kind = MemberEvents::Kind;
using Event = MemberEvents::Event;

// The fields memberListItemAt reads or checks, by name.
enum Field : int {
  Id,
  UserId,
  GlobalId,
  EnterpriseId,
  DepartmentId,
  DepartmentName,
  UserName,
  PasswordMobile,
  Name,
  AssetNums,
  BorrowNum,
  OnlineFlag,
  Remark,
  Deleted,
  UpdateTime,
  CreateTime,
  kFields
};
constexpr std::array<std::string_view, kFields> kNames = {
    "id",       "userId",         "globalId",   "enterpriseId", "departmentId", "departmentName",
    "userName", "passwordMobile", "name",       "assetNums",    "borrowNum",    "onlineFlag",
    "remark",   "deleted",        "updateTime", "createTime"};

int fieldOf(const std::string& key) {
  for (int f = 0; f < kFields; ++f)
    if (kNames[f] == key) return f;
  return -1;
}

// Where each field's value is in the events: 0 when absent or null (0 is the element's start).
using Places = std::array<std::size_t, kFields>;

bool isStart(Kind k) {
  return k == Kind::StartObject || k == Kind::StartArray;
}
bool isEnd(Kind k) {
  return k == Kind::EndObject || k == Kind::EndArray;
}

// The index after the value that starts at `i`: a scalar, or a container up to its end.
std::size_t after(const std::vector<Event>& events, std::size_t i) {
  if (!isStart(events[i].kind)) return i + 1;
  int depth = 0;
  do {
    if (isStart(events[i].kind)) ++depth;
    if (isEnd(events[i].kind)) --depth;
    ++i;
  } while (depth > 0);
  return i;
}

// The places of the fields of the object in events[0, size); false for anything but an object,
// or for a field given twice (which value a tree keeps is left to the tree).
bool placesOf(const std::vector<Event>& events, std::size_t size, Places& at) {
  if (size < 2 || events[0].kind != Kind::StartObject) return false;
  at.fill(0);
  std::array<bool, kFields> seen{};
  std::size_t i = 1;
  while (i + 1 < size && events[i].kind == Kind::Key) {
    const int f = fieldOf(events[i].text);
    if (f >= 0) {
      if (seen[f]) return false;
      seen[f] = true;
      if (events[i + 1].kind != Kind::Null) at[f] = i + 1;  // null: absent, as Obj reads it
    }
    i = after(events, i + 1);
  }
  return i + 1 == size && events[i].kind == Kind::EndObject;
}

// The scalar readers of json_read.cpp (asId, asText, asInteger, asFlag) on the kinds of value they
// read alike here: strings, and integers that fit an Int64 (written out as Poco's Var does, in
// decimal). A double, an unsigned or a boolean where text is expected is left to the tree.
bool textOf(const Event& e, std::string& out) {
  if (e.kind == Kind::String) return out = e.text, true;
  if (e.kind == Kind::Int || e.kind == Kind::Int64) return out = std::to_string(e.integer), true;
  return false;
}

bool isInteger(const Event& e) {
  if (e.kind == Kind::Int || e.kind == Kind::Int64) return true;
  if (e.kind != Kind::String) return false;
  // json_read's decimal(), then stoll: a string out of an Int64's range is left to the tree.
  const std::string& s = e.text;
  const std::size_t start = (!s.empty() && s[0] == '-') ? 1 : 0;
  if (s.size() <= start || s.size() - start > 19 ||
      s.find_first_not_of("0123456789", start) != std::string::npos)
    return false;
  errno = 0;
  std::strtoll(s.c_str(), nullptr, 10);
  return errno == 0;
}

bool flagOf(const Event& e, bool& out) {
  if (e.kind == Kind::Bool) return out = e.flag, true;
  if ((e.kind == Kind::Int || e.kind == Kind::Int64) && (e.integer == 0 || e.integer == 1))
    return out = e.integer == 1, true;
  if (e.kind == Kind::String && (e.text == "true" || e.text == "false"))
    return out = e.text == "true", true;
  return false;
}

// The members' fields as the reader finds them: absent ones are nullopt / fallback, without fail.
class Fields {
 public:
  Fields(const std::vector<Event>& events, const Places& at) : events_(events), at_(at) {}

  bool text(Field f, std::optional<std::string>& out) const {
    if (!at_[f]) return true;
    return textOf(events_[at_[f]], out.emplace());
  }
  bool text(Field f, std::string& out) const { return !at_[f] || textOf(events_[at_[f]], out); }
  bool required(Field f, std::string& out) const { return at_[f] && text(f, out); }
  bool integer(Field f) const { return !at_[f] || isInteger(events_[at_[f]]); }
  bool flag(Field f, bool& out) const { return !at_[f] || flagOf(events_[at_[f]], out); }

  // As Obj::texts: an array of text; absent, none.
  bool texts(Field f, std::vector<std::string>& out) const {
    if (!at_[f]) return true;
    std::size_t i = at_[f];
    if (events_[i].kind != Kind::StartArray) return false;
    for (++i; events_[i].kind != Kind::EndArray; ++i)
      if (!textOf(events_[i], out.emplace_back())) return false;
    return true;
  }

 private:
  const std::vector<Event>& events_;
  const Places& at_;
};

}  // namespace

Event& MemberEvents::record(Kind kind) {
  if (size_ == events_.size()) events_.emplace_back();
  Event& e = events_[size_++];
  e.kind = kind;
  return e;
}

void MemberEvents::open(Kind kind) {
  if (depth_ == 0) size_ = 0;  // a new element
  record(kind);
  ++depth_;
}

void MemberEvents::close(Kind kind) {
  --depth_;
  record(kind);
}

Poco::Dynamic::Var MemberEvents::tree() const {
  Poco::JSON::ParseHandler h;
  for (std::size_t i = 0; i < size_; ++i) {
    const Event& e = events_[i];
    switch (e.kind) {
      case Kind::StartObject:
        h.startObject();
        break;
      case Kind::EndObject:
        h.endObject();
        break;
      case Kind::StartArray:
        h.startArray();
        break;
      case Kind::EndArray:
        h.endArray();
        break;
      case Kind::Key:
        h.key(e.text);
        break;
      case Kind::Null:
        h.null();
        break;
      case Kind::Int:
        h.value(static_cast<int>(e.integer));
        break;
      case Kind::Unsigned:
        h.value(static_cast<unsigned>(e.unsignedInteger));
        break;
      case Kind::Int64:
        h.value(e.integer);
        break;
      case Kind::UInt64:
        h.value(e.unsignedInteger);
        break;
      case Kind::String:
        h.value(e.text);
        break;
      case Kind::Double:
        h.value(e.real);
        break;
      case Kind::Bool:
        h.value(e.flag);
        break;
    }
  }
  return h.asVar();
}

// memberListItemAt's reads, field for field; any one that would not give the same value (or
// that would fail) gives up, for the tree to decode.
std::optional<MemberListItem> MemberEvents::decode(std::string& departmentName) const {
  Places at;
  if (!placesOf(events_, size_, at)) return std::nullopt;
  const Fields o(events_, at);
  MemberListItem m;
  std::string unused;
  bool deleted = false;
  bool online = false;
  const bool ok = o.text(Id, unused) && o.text(UserId, unused) &&
                  o.required(GlobalId, m.globalId) && o.text(EnterpriseId, unused) &&
                  o.text(DepartmentId, m.departmentId) && o.text(DepartmentName, departmentName) &&
                  o.required(UserName, m.userName) && o.text(PasswordMobile, m.passwordMobile) &&
                  o.text(Name, m.name) && o.texts(AssetNums, m.assetNums) &&
                  o.text(BorrowNum, m.borrowNum) && o.flag(OnlineFlag, online) &&
                  o.text(Remark, m.remark) && o.flag(Deleted, deleted) && o.integer(UpdateTime) &&
                  o.integer(CreateTime);
  if (!ok) return std::nullopt;
  m.deleted = deleted;
  return m;
}

}  // namespace membersync::center
