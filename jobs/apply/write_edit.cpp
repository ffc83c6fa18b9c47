// Edits (A2): the member's fields after the edit, one journaled step each.

#include "jobs/apply/write_kinds.h"

namespace membersync::apply {

void applyEdit(const WriteTools& tools, ApplyRun& run, const plan::Item& item) {
  writeOne(tools, run, item, stepOf(item, "edit", item.globalId, item.reason), [&] {
    center::MemberEdit edit;
    edit.account = item.account;
    edit.name = item.name;
    edit.departmentId = item.departmentId;
    edit.remark = item.remark;
    edit.passwordMobile = item.mobile;
    return answerOf(run, tools.client.editMember(item.globalId, edit));
  });
}

}  // namespace membersync::apply
