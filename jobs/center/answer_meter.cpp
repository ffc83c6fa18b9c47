#include "jobs/center/answer_meter.h"

#include <algorithm>

namespace membersync::center {

AnswerMeter::AnswerMeter(int maxAnswerMb, std::uint64_t largeBytes)
    : maxAnswerMb_(maxAnswerMb),
      limit_(static_cast<std::uint64_t>(std::max(1, maxAnswerMb)) << 20),
      largeBytes_(largeBytes) {}

AnswerMeter::Verdict AnswerMeter::announced(std::optional<std::uint64_t> contentLength) {
  announced_ = contentLength;
  if (!contentLength) return Verdict::Read;
  if (*contentLength > limit_) return Verdict::Refuse;
  if (*contentLength > largeBytes_) {
    large_ = true;
    return Verdict::BecameLarge;
  }
  return Verdict::Read;
}

std::size_t AnswerMeter::nextRead(std::size_t chunk) const {
  const std::uint64_t left = limit_ + 1 - std::min(read_, limit_ + 1);
  return static_cast<std::size_t>(std::min<std::uint64_t>(chunk, left));
}

AnswerMeter::Verdict AnswerMeter::received(std::size_t n) {
  read_ += n;
  return grow();
}

AnswerMeter::Verdict AnswerMeter::grow() {
  if (read_ > limit_) return Verdict::Refuse;
  if (!large_ && read_ > largeBytes_) {
    large_ = true;
    return Verdict::BecameLarge;
  }
  return Verdict::Read;
}

std::string AnswerMeter::refusal() const {
  const std::string what =
      announced_ && *announced_ > limit_
          ? "it announced " + std::to_string(*announced_) + " bytes and was not read"
          : "refused after reading " + std::to_string(read_) + " bytes";
  return "answer larger than [center] max_answer_mb = " + std::to_string(maxAnswerMb_) + " MB (" +
         what + "); raise max_answer_mb if the service's answers are really this large";
}

LargeAnswerGate::Permit LargeAnswerGate::acquire() {
  std::unique_lock<std::mutex> lock(mutex_);
  free_.wait(lock, [this] { return !held_; });
  held_ = true;
  return make();
}

LargeAnswerGate::Permit LargeAnswerGate::tryAcquire() {
  std::lock_guard<std::mutex> lock(mutex_);
  if (held_) return nullptr;
  held_ = true;
  return make();
}

// A shared_ptr only for its deleter: the permit goes back when the last copy does.
LargeAnswerGate::Permit LargeAnswerGate::make() {
  return Permit(static_cast<void*>(this), [this](void*) { release(); });
}

void LargeAnswerGate::release() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    held_ = false;
  }
  free_.notify_one();
}

std::string noCompleteAnswerMessage(std::chrono::seconds timeout) {
  return "no complete answer within [center] timeout_s = " + std::to_string(timeout.count()) +
         " s; raise it if the link is slow";
}

std::string notSentInTimeMessage(std::chrono::seconds timeout) {
  return "the request could not be sent within [center] timeout_s = " +
         std::to_string(timeout.count()) + " s; raise it if the link is slow";
}

}  // namespace membersync::center
