#include "jobs/apply/add_chunks.h"

#include <algorithm>
#include <unordered_map>

#include "jobs/apply/parallel.h"
#include "jobs/core/text.h"

namespace membersync::apply {
namespace {

class ChunkSender {
 public:
  ChunkSender(const std::vector<center::NewMember>& members, const std::string& suffix,
              const SendAdds& send, const AddObserver& observer)
      : members_(members), suffix_(suffix), send_(send), observer_(observer) {}

  // Sends rows `indices` as one request, splitting on a whole refusal.
  void sendChunk(const std::vector<std::size_t>& indices) {
    std::vector<center::NewMember> batch;
    batch.reserve(indices.size());
    for (std::size_t i : indices) batch.push_back(members_[i]);
    observer_.sending(indices);
    auto result = send_(batch);

    if (result.ok()) return settleAnswer(indices, result.value());
    const auto& error = result.error();
    if (result.failed() && error.kind == center::ErrorKind::BadInput && indices.size() > 1) {
      // Nothing was created: halve and re-send until the offending row stands alone.
      const auto middle = indices.begin() + static_cast<std::ptrdiff_t>(indices.size() / 2);
      sendChunk(std::vector<std::size_t>(indices.begin(), middle));
      sendChunk(std::vector<std::size_t>(middle, indices.end()));
      return;
    }
    AddOutcome outcome;
    outcome.code = error.code;
    outcome.message = error.describe();
    outcome.kind = error.kind;
    if (result.unknown()) {
      outcome.status = AddOutcome::Status::Unknown;
    } else if (error.kind == center::ErrorKind::BadInput || error.kind == center::ErrorKind::Conflict ||
               error.kind == center::ErrorKind::NotFound) {
      outcome.status = AddOutcome::Status::Refused;
    } else {
      outcome.status = AddOutcome::Status::RetryLater;
    }
    observer_.answered(indices, std::vector<AddOutcome>(indices.size(), outcome));
    for (std::size_t i : indices) observer_.finished(i, outcome);
  }

 private:
  void settleAnswer(const std::vector<std::size_t>& indices, const center::AddMembersResult& answer) {
    std::unordered_map<std::string, const center::MemberRecord*> created;
    for (const auto& m : answer.succeeded) created[lowerAscii(accountOf(m.userName, suffix_))] = &m;
    std::unordered_map<std::string, const center::FailedMember*> failed;
    for (const auto& f : answer.failed) failed[lowerAscii(accountOf(f.userName, suffix_))] = &f;

    std::vector<AddOutcome> outcomes(indices.size());
    for (std::size_t k = 0; k < indices.size(); ++k) {
      const std::size_t i = indices[k];
      const std::string key = lowerAscii(members_[i].account);
      AddOutcome& outcome = outcomes[k];
      if (auto c = created.find(key); c != created.end()) {
        outcome.status = AddOutcome::Status::Created;
        outcome.member = *c->second;
      } else if (auto f = failed.find(key); f != failed.end()) {
        outcome.status = AddOutcome::Status::Refused;
        outcome.code = "60027";
        outcome.message = f->second->message;
        outcome.kind = center::ErrorKind::Conflict;
      } else {
        // The answer names neither success nor failure for this row: do not guess.
        outcome.status = AddOutcome::Status::Unknown;
        outcome.message = "the add answer did not mention this account";
      }
    }
    observer_.answered(indices, outcomes);
    for (std::size_t k = 0; k < indices.size(); ++k) observer_.finished(indices[k], outcomes[k]);
  }

  const std::vector<center::NewMember>& members_;
  const std::string& suffix_;
  const SendAdds& send_;
  const AddObserver& observer_;
};

}  // namespace

std::vector<AddOutcome> addInChunks(const std::vector<center::NewMember>& members,
                                    std::size_t chunkSize, int workers, const std::string& suffix,
                                    const SendAdds& send, const AddObserver& observer) {
  std::vector<AddOutcome> outcomes(members.size());
  AddObserver recording = observer;
  recording.finished = [&](std::size_t i, const AddOutcome& o) {
    outcomes[i] = o;  // each index is written by exactly one thread
    observer.finished(i, o);
  };
  ChunkSender sender(members, suffix, send, recording);
  chunkSize = std::max<std::size_t>(1, chunkSize);
  const std::size_t chunks = (members.size() + chunkSize - 1) / chunkSize;
  parallelFor(chunks, workers, [&](std::size_t c) {
    std::vector<std::size_t> indices;
    for (std::size_t i = c * chunkSize; i < std::min(members.size(), (c + 1) * chunkSize); ++i) {
      indices.push_back(i);
    }
    sender.sendChunk(indices);
  });
  return outcomes;
}

}  // namespace membersync::apply
