#include "tests/emulator/list_edits.h"

#include <algorithm>
#include <string>

namespace membersync::emulator {
namespace {

// The first live member in A5's order, or null.
Member* firstLive(State& st) {
  Member* first = nullptr;
  for (Member& m : st.members())
    if (!m.deleted && (!first || listedBefore(m, *first))) first = &m;
  return first;
}

// A member an administrator adds by hand: `byhand1`, `byhand2`, ... at the end of the list.
void addByHand(Service& svc) {
  Member m;
  do {
    m.globalId = svc.newGlobalId();
  } while (svc.state.memberByGlobalId(m.globalId) != nullptr);
  m.userName = "byhand" + std::to_string(++svc.membersAddedByHand) + svc.expandedSuffix();
  m.name = "Added By Hand";
  m.trial = false;
  m.createTime = svc.state.nextCreateTime(svc.nowMs());
  m.updateTime = m.createTime;
  svc.state.addMember(std::move(m));
}

}  // namespace

void editListBeforePage(Service& svc, std::int64_t pageNum) {
  if (svc.options.addMemberAtPage > 0 && pageNum == svc.options.addMemberAtPage) addByHand(svc);
  if (svc.options.moveMemberAtPage < 2 || pageNum != svc.options.moveMemberAtPage ||
      svc.memberMoved) {
    return;
  }
  Member* first = firstLive(svc.state);
  if (first == nullptr) return;
  // Deleted as A4 deletes, then one added at the end: `total` holds, and every member after
  // the first moves up one place, the one that opened page N onto page N-1.
  svc.state.releaseEverythingOf(*first);
  svc.state.markDeleted(*first);
  first->updateTime = std::max(svc.nowMs(), first->updateTime);
  addByHand(svc);
  svc.memberMoved = true;
}

}  // namespace membersync::emulator
