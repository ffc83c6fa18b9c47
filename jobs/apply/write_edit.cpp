// Edits (A2): the member's fields after the edit, one journaled step each; the journal keeps
// each changed field's value before and after (StepDetail::changes).

#include "jobs/apply/step_detail.h"
#include "jobs/apply/write_kinds.h"

namespace membersync::apply {

void applyEdit(const WriteTools& tools, ApplyRun& run, const plan::Item& item) {
  StepDetail detail;
  detail.reason = item.reason;
  for (const auto& c : item.changes) detail.changes.push_back({c.field, c.before, c.after});
  writeOne(tools, run, item, stepOf(item, "edit", item.globalId, encodeDetail(detail)), [&] {
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
