// CallSpec::slots: a call holds a slot only while its request is on the wire, and a caller can
// withhold a request once it has the slot.

#include <catch2/catch.hpp>

#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "tests/unit/center/rig.h"

using namespace membersync::center;
using namespace membersync::center::testing;
using membersync::Secret;

namespace {

const char* kAddResult = R"({"succeeded":[{"id":1,"userId":2,"globalId":"G-1","enterpriseId":3,
  "userName":"zhangsan@acme","name":"张三","deleted":false,"updateTime":1,"createTime":1}],"failed":[]})";

NewMember newMember(const std::string& account) {
  return NewMember{account, Secret("Passw0rd1234"), std::string("1001"), "Name", std::nullopt,
                   std::nullopt};
}

// Slots that count what happens to them, and withhold every take from the `withholdFrom`th on.
class CountingSlots final : public CallSlots {
 public:
  std::optional<Error> take() override {
    std::lock_guard<std::mutex> lock(mutex_);
    ++takes;
    if (withholdFrom > 0 && takes >= withholdFrom) {
      Error e;
      e.endpoint = "test";
      e.code = "stopping";
      e.kind = ErrorKind::RetryLater;
      e.message = "not sent: the run is stopping";
      return e;
    }
    ++held;
    return std::nullopt;
  }
  void give() override {
    std::lock_guard<std::mutex> lock(mutex_);
    --held;
    ++gives;
  }
  int heldNow() {
    std::lock_guard<std::mutex> lock(mutex_);
    return held;
  }

  int withholdFrom = 0;  // 0: never
  int takes = 0;
  int gives = 0;
  int held = 0;

 private:
  std::mutex mutex_;
};

}  // namespace

TEST_CASE("call slots: a request goes holding a slot, and its answer is decoded after the slot "
          "was given back",
          "[center]") {
  Rig rig;
  CountingSlots slots;
  std::vector<int> heldWhileSent;
  rig.service.handler = [&](const HttpRequest&) {
    heldWhileSent.push_back(slots.heldNow());
    return okAnswer(kAddResult);
  };
  CallSpec spec;
  spec.endpoint = Endpoint::AddMembers;
  spec.method = "POST";
  spec.path = "/me/api/v1/enterprise/E/member";
  spec.body = "[]";
  spec.acceptPartial = true;
  spec.slots = &slots;
  int heldWhileDecoded = -1;
  auto r = rig.session.callMemberCenter<int>(spec, [&](const Envelope&) {
    heldWhileDecoded = slots.heldNow();
    return Result<int>::success(1);
  });
  REQUIRE(r.ok());
  CHECK(heldWhileSent == std::vector<int>{1});
  CHECK(heldWhileDecoded == 0);
  CHECK(slots.takes == 1);
  CHECK(slots.gives == 1);
}

TEST_CASE("call slots: an add the slots withhold sends nothing and fails with their error",
          "[center]") {
  Rig rig;
  CountingSlots slots;
  slots.withholdFrom = 1;
  rig.service.handler = [](const HttpRequest&) { return okAnswer(kAddResult); };
  auto r = rig.members.addMembers({newMember("zhangsan")}, &slots);
  REQUIRE(r.failed());
  CHECK(r.error().code == "stopping");
  CHECK(r.error().kind == ErrorKind::RetryLater);
  CHECK(rig.service.apiRequests().empty());
  CHECK(slots.gives == 0);
  CHECK(rig.session.stats().of(Endpoint::AddMembers).calls == 0);  // it never went
}

TEST_CASE("call slots: a retry takes a slot again, and is not sent when the slots withhold it",
          "[center]") {
  Rig rig;
  CountingSlots slots;
  slots.withholdFrom = 2;
  rig.service.push(TransportResult::answered(503, "busy"));
  rig.service.handler = [](const HttpRequest&) { return okAnswer(kAddResult); };
  auto r = rig.members.addMembers({newMember("zhangsan")}, &slots);
  REQUIRE(r.failed());  // the 503 said the add was not carried out: nothing is in doubt
  CHECK(r.error().code == "stopping");
  CHECK(rig.service.apiRequests().size() == 1);
  CHECK(slots.takes == 2);
  CHECK(slots.gives == 1);
  CHECK(slots.heldNow() == 0);
}

TEST_CASE("call slots: a safe write whose lost answer is followed by a withheld retry is in doubt",
          "[center]") {
  Rig rig;
  CountingSlots slots;
  slots.withholdFrom = 2;
  rig.service.push(TransportResult::noAnswer("read time-out"));
  rig.service.handler = [](const HttpRequest&) { return okAnswer(); };
  CallSpec spec;
  spec.endpoint = Endpoint::EditMember;
  spec.method = "PUT";
  spec.path = "/me/api/v1/enterprise/E/member/G-1";
  spec.body = "{}";
  spec.slots = &slots;
  auto r = rig.session.callMemberCenter<int>(
      spec, [](const Envelope&) { return Result<int>::success(1); });
  REQUIRE(r.unknown());  // the first attempt may have edited the member
  CHECK(r.error().code == "stopping");
  CHECK(rig.service.apiRequests().size() == 1);
}
