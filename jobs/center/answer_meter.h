#pragma once

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

namespace membersync::center {

// Counts the bytes of one answer as they arrive and says when to stop: the size limit of
// [center] max_answer_mb, pure (no I/O), so a transport only has to read what it is told.
// - An answer that announces more than the limit (Content-Length) is refused before its body is
//   read; one that does not (chunked) is refused once one byte more than the limit has arrived:
//   at most limit + 1 bytes are ever read.
// - An answer that announces, or reaches, more than `largeBytes` becomes large: the transport
//   then takes the large-answer permit (LargeAnswerGate) before reading on.
// Nothing is sized by the announced length: it is only compared.
class AnswerMeter {
 public:
  enum class Verdict {
    Read,         // read on
    BecameLarge,  // read on, after taking the large-answer permit (said once per answer)
    Refuse,       // stop: refused, see refusal()
  };

  AnswerMeter(int maxAnswerMb, std::uint64_t largeBytes);

  // Before the body: the length the answer announced, if it did.
  Verdict announced(std::optional<std::uint64_t> contentLength);
  // How many bytes to ask for next: at most `chunk`, and never past limit + 1 in all.
  std::size_t nextRead(std::size_t chunk) const;
  // After a read that returned `n` bytes.
  Verdict received(std::size_t n);

  std::uint64_t bytesRead() const { return read_; }
  std::uint64_t limitBytes() const { return limit_; }
  // Why the answer was refused, naming the key and what to do.
  std::string refusal() const;

 private:
  Verdict grow();

  int maxAnswerMb_;
  std::uint64_t limit_;
  std::uint64_t largeBytes_;
  std::uint64_t read_ = 0;
  std::optional<std::uint64_t> announced_;
  bool large_ = false;
};

// Lets one large answer at a time be read and decoded across the threads of one transport, so
// the memory answers take stays bounded in total (about max_concurrency x kLargeAnswerBytes plus
// one max_answer_mb answer and its decoding), not per call. A permit is released when its last
// copy goes (it travels with the answer into the decoded envelope).
class LargeAnswerGate {
 public:
  using Permit = std::shared_ptr<void>;

  // Blocks until no other large answer holds the permit.
  Permit acquire();
  // The same without blocking; null when another answer holds it.
  Permit tryAcquire();

 private:
  Permit make();
  void release();

  std::mutex mutex_;
  std::condition_variable free_;
  bool held_ = false;
};

// The error texts of a call that ran out of time, naming the key.
std::string noCompleteAnswerMessage(std::chrono::seconds timeout);
std::string notSentInTimeMessage(std::chrono::seconds timeout);

}  // namespace membersync::center
