#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "jobs/center/members.h"
#include "jobs/center/result.h"

namespace membersync::apply {

// How one add ended.
struct AddOutcome {
  enum class Status {
    Created,     // the center created it; `member` holds the record
    Refused,     // the center refused this row (alone, or as the row a refused chunk split down to)
    RetryLater,  // transient, or the whole add was refused for a reason no row can fix (quota)
    Unknown,     // the request may have reached the center and no answer came
  };
  Status status = Status::Unknown;
  std::optional<center::MemberRecord> member;
  std::string code;
  std::string message;
  center::ErrorKind kind = center::ErrorKind::RetryLater;  // for RetryLater: why (Configuration..)
};

using SendAdds =
    std::function<center::Result<center::AddMembersResult>(const std::vector<center::NewMember>&)>;

// Called before each request with the indices (into `members`) it carries, so the caller can
// journal them as sent first; once a request's answer has decided rows (a chunk refused whole
// and split is decided by its halves' requests), with those rows and their outcomes, before any
// of them reaches `finished`; and then with each index's outcome. All may be called from several
// threads at once.
struct AddObserver {
  std::function<void(const std::vector<std::size_t>&)> sending = [](const auto&) {};
  std::function<void(const std::vector<std::size_t>&, const std::vector<AddOutcome>&)> answered =
      [](const auto&, const auto&) {};
  std::function<void(std::size_t, const AddOutcome&)> finished = [](std::size_t, const auto&) {};
};

// Adds `members` in chunks of at most `chunkSize` (100 for A1), `workers` chunks at a time.
// - 60027 (partial): each row is Created or Refused as the answer says.
// - A chunk refused as a whole for a row's fault (BadInput: 10003, 30002, 50003, ...) is split in
//   halves and re-sent until the bad row is isolated; every other row still lands.
// - Any other failure applies to every row of that request: RetryLater (transient or a
//   Configuration refusal such as the trial-member quota) or Unknown (answer lost: settle by
//   listing members; never re-sent here).
// `suffix` (e.g. "@acme") maps the answer's userNames back to accounts. Returns one outcome per
// member, in order.
std::vector<AddOutcome> addInChunks(const std::vector<center::NewMember>& members,
                                    std::size_t chunkSize, int workers, const std::string& suffix,
                                    const SendAdds& send, const AddObserver& observer = {});

}  // namespace membersync::apply
