// A stand-in for report::Attention's member functions (jobs/report/attention.h) while their
// definitions (the lead's attention.cpp) are not in this branch: weak, so that the real ones
// win as soon as membersync_report has them, and nothing here needs to change then. Delete this
// file (and its line in CMakeLists.txt) once attention.cpp is merged. jobs/notify uses only
// fingerprint() and toString(kind) of them.

#include "jobs/core/sha256.h"
#include "jobs/report/attention.h"

namespace membersync::report {

__attribute__((weak)) const char* toString(AttentionKind kind) {
  switch (kind) {
    case AttentionKind::Held:
      return "held";
    case AttentionKind::InvalidRow:
      return "invalid-row";
    case AttentionKind::Refused:
      return "refused";
    case AttentionKind::Failed:
      return "failed";
    case AttentionKind::InDoubt:
      return "in-doubt";
    case AttentionKind::EnrolmentInDoubt:
      return "enrolment-in-doubt";
    case AttentionKind::PasswordWaiting:
      return "password-waiting";
    case AttentionKind::PoolDry:
      return "pool-dry";
  }
  return "?";
}

__attribute__((weak)) std::string Attention::fingerprint() const {
  Sha256 digest;
  for (const auto& item : items) digest.field(toString(item.kind)).field(item.key);
  return digest.hex();
}

}  // namespace membersync::report
