// Edits (A2): the member's fields after the edit, one journaled step each; the journal keeps
// each changed field's value before and after (StepDetail::changes). A revert's edit also
// remembers the fields it set back (state::RevertedField).

#include "jobs/apply/step_detail.h"
#include "jobs/apply/write_kinds.h"

namespace membersync::apply {

namespace {

// A revert's edit: each field set back stays so while HR gives the reverted run's value (that
// value is c.before here); setting a field back to what an earlier revert held (reverting the
// revert) ends that hold instead.
void rememberReverted(state::StateStore& store, const ApplyRun& run, const plan::Item& item) {
  for (const auto& c : item.changes) {
    auto held = run.snapshot.revertedFields.find(state::revertedFieldKey(item.employeeId, c.field));
    if (held != run.snapshot.revertedFields.end() && held->second.value == c.after) {
      store.dropRevertedField(item.employeeId, c.field);
    } else {
      store.saveRevertedField({item.employeeId, c.field, c.before, item.revertsRun, run.now});
    }
  }
}

}  // namespace

std::optional<PreparedWrite> prepareEdit(const WriteTools& tools, ApplyRun& run,
                                         const plan::Item& item) {
  StepDetail detail;
  detail.reason = i18n::english(item.reason);
  for (const auto& c : item.changes) detail.changes.push_back({c.field, c.before, c.after});
  PreparedWrite write;
  write.step = {stepOf(item, "edit", item.globalId, encodeDetail(detail)), &item};
  write.send = [&tools, &run, &item] {
    center::MemberEdit edit;
    edit.account = item.account;
    edit.name = item.name;
    edit.departmentId = item.departmentId;
    edit.remark = item.remark;
    edit.passwordMobile = item.mobile;
    return answerOf(run, tools.client.editMember(item.globalId, edit));
  };
  // Remembered with the journal, before the call: a revert's edit left in doubt that took effect
  // must not be undone by the next sync; one that did not leaves a hold that changes nothing
  // (the center still has what HR gives).
  if (item.revertsRun != 0)
    write.hooks.journaled = [&tools, &run, &item](std::size_t) {
      rememberReverted(tools.store, run, item);
    };
  return write;
}

}  // namespace membersync::apply
