// A5's answer read in one pass (spec 2.3-2.4). An unchanged re-sync of 400,000 people reads 4,000
// pages, and building each as a tree of Poco objects took about a fifth of membersync's CPU.
// Each element of the page's `list` is kept as the parser's events (MemberEvents) and decoded
// from them, without a Poco object: building one per member cost as much as the whole tree. An
// element that is not a well-formed member is built from its events and decoded by the tree
// decoder's own code (memberListItemAt), for the same error. The rest of the page object is built
// as a tree and read by decodeMemberPage, which takes the decoded list in place of `list`.
#include "jobs/center/decode.h"
#include "jobs/center/decode_parts.h"
#include "jobs/center/json_read.h"
#include "jobs/center/member_events.h"
#include "jobs/center/stream_answer.h"

namespace membersync::center {
namespace {

using Var = Poco::Dynamic::Var;

const std::string kList = "data.list";  // the list's path, as the tree decoder spells it

class MembersAnswer : public StreamedAnswer {
 public:
  MembersAnswer() : StreamedAnswer({"data", "list"}) { buildElementsWith(events_); }
  StreamedMembers list;

 private:
  void arrayStarts() override { list = StreamedMembers{}; }

  // A scalar element: memberListItemAt says why it is not a member.
  void element(const Var& v, std::size_t i) override {
    keep([this, &v, i] { return memberListItemAt(v, kList, i, list.departmentNames); });
  }

  // An object (or array) element, in events_: decoded from its events when it is a well-formed
  // member, else built as a tree and decoded as the tree decoder does, for its error's text.
  void elementBuilt(std::size_t i) override {
    keep([this, i] {
      std::string departmentName;
      if (auto m = events_->decode(departmentName)) {
        list.departmentNames.push_back(std::move(departmentName));
        return std::move(*m);
      }
      return memberListItemAt(events_->tree(), kList, i, list.departmentNames);
    });
  }

  // The member `decode` gives, or the list's failure.
  template <class Decode>
  void keep(Decode decode) {
    if (list.failure) return;  // the tree decoder stops at the first failure too
    auto one = json::guarded<MemberListItem>(Endpoint::ListMembers, decode);
    if (one.ok()) {
      list.items.push_back(std::move(one).value());
    } else {
      list.failure = one.error().message;
      list.items = {};
      list.departmentNames = {};
    }
  }

  const Poco::SharedPtr<MemberEvents> events_ = new MemberEvents;
};

}  // namespace

Result<Envelope> readMemberPageEnvelope(const std::string& body) {
  return json::guarded<Envelope>(Endpoint::ListMembers, [&body] {
    auto* handler = new MembersAnswer;
    const Poco::JSON::Handler::Ptr owner(handler);
    json::parse(body, owner);
    Envelope env = envelopeOf(json::Obj(handler->answer(), "answer"));
    if (handler->streamed() && env.data) {  // data is the page object the list was in
      auto value = std::make_shared<JsonValue>();
      value->var = env.data->var;
      value->memberList = std::move(handler->list);
      env.data = std::move(value);
    }
    return env;
  });
}

}  // namespace membersync::center
