#include "jobs/state/types.h"

#include <array>
#include <utility>

namespace membersync::state {

// Each enum's names as stored in the database. They are part of the schema: renaming one needs
// a migration.
namespace {

template <class E, std::size_t N>
using Names = std::array<std::pair<E, const char*>, N>;

constexpr Names<RunKind, 6> kRunKinds{{{RunKind::Sync, "sync"},
                                       {RunKind::Plan, "plan"},
                                       {RunKind::Apply, "apply"},
                                       {RunKind::Daemon, "daemon"},
                                       {RunKind::ResetPassword, "reset-password"},
                                       {RunKind::Revert, "revert"}}};

constexpr Names<StepState, 5> kStepStates{{{StepState::Planned, "planned"},
                                           {StepState::Sent, "sent"},
                                           {StepState::Succeeded, "succeeded"},
                                           {StepState::Failed, "failed"},
                                           {StepState::Unknown, "unknown"}}};

constexpr Names<Settlement, 3> kSettlements{{{Settlement::Done, "done"},
                                             {Settlement::NotDone, "not-done"},
                                             {Settlement::Unresolved, "unresolved"}}};

constexpr Names<ItemStatus, 4> kItemStatuses{{{ItemStatus::Succeeded, "succeeded"},
                                              {ItemStatus::RetryLater, "retry-later"},
                                              {ItemStatus::Refused, "refused"},
                                              {ItemStatus::Unknown, "unknown"}}};

constexpr Names<EnrolmentStatus, 5> kEnrolmentStatuses{
    {{EnrolmentStatus::Enrolled, "enrolled"},
     {EnrolmentStatus::NotQualified, "not-qualified"},
     {EnrolmentStatus::Refused, "refused"},
     {EnrolmentStatus::RetryLater, "retry-later"},
     {EnrolmentStatus::Unknown, "unknown"}}};

constexpr Names<MailState, 7> kMailStates{{{MailState::None, ""},
                                           {MailState::Retry, "retry"},
                                           {MailState::Refused, "refused"},
                                           {MailState::Sending, "sending"},
                                           {MailState::InDoubt, "in-doubt"},
                                           {MailState::Delivered, "delivered"},
                                           {MailState::Manual, "manual"}}};

constexpr Names<ReportSendState, 2> kReportSendStates{
    {{ReportSendState::Sent, "sent"}, {ReportSendState::Failed, "failed"}}};

template <class E, std::size_t N>
const char* nameOf(const Names<E, N>& names, E value) {
  for (const auto& [v, name] : names)
    if (v == value) return name;
  return "?";
}

template <class E, std::size_t N>
std::optional<E> valueOf(const Names<E, N>& names, std::string_view text) {
  for (const auto& [v, name] : names)
    if (text == name) return v;
  return std::nullopt;
}

}  // namespace

const char* toString(RunKind kind) {
  return nameOf(kRunKinds, kind);
}
std::optional<RunKind> parseRunKind(std::string_view text) {
  return valueOf(kRunKinds, text);
}

const char* toString(StepState state) {
  return nameOf(kStepStates, state);
}
std::optional<StepState> parseStepState(std::string_view text) {
  return valueOf(kStepStates, text);
}

const char* toString(Settlement settlement) {
  return nameOf(kSettlements, settlement);
}
std::optional<Settlement> parseSettlement(std::string_view text) {
  return valueOf(kSettlements, text);
}

const char* toString(ItemStatus status) {
  return nameOf(kItemStatuses, status);
}
std::optional<ItemStatus> parseItemStatus(std::string_view text) {
  return valueOf(kItemStatuses, text);
}

const char* toString(EnrolmentStatus status) {
  return nameOf(kEnrolmentStatuses, status);
}
std::optional<EnrolmentStatus> parseEnrolmentStatus(std::string_view text) {
  return valueOf(kEnrolmentStatuses, text);
}

const char* toString(MailState state) {
  return nameOf(kMailStates, state);
}
std::optional<MailState> parseMailState(std::string_view text) {
  return valueOf(kMailStates, text);
}

const char* toString(ReportSendState state) {
  return nameOf(kReportSendStates, state);
}
std::optional<ReportSendState> parseReportSendState(std::string_view text) {
  return valueOf(kReportSendStates, text);
}

}  // namespace membersync::state
