#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

// --huge-answer-mb: an A6 answer of about N MiB that is still valid JSON and still the spec's
// shape, produced in pieces so the emulator never holds it whole. Pure; unit-tested.
namespace membersync::emulator {

class HugeBody {
 public:
  // `realBody` is the A6 answer as the emulator would send it ({"code":0,...,"data":[...]}, with
  // `data` last); generated unassigned assets follow its own until the body is about
  // `targetBytes` long (never shorter than the real answer).
  HugeBody(const std::string& realBody, std::int64_t targetBytes);

  std::int64_t length() const { return length_; }  // exact, for a Content-Length
  std::int64_t generated() const { return records_; }
  // The next piece, about `pieceBytes` long (a record is never split); empty at the end.
  std::string next(std::size_t pieceBytes);

 private:
  std::string record(std::int64_t n) const;

  std::string head_;  // the real body without its closing "]}"
  bool emptyList_ = false;
  std::int64_t records_ = 0;
  std::int64_t length_ = 0;
  std::int64_t produced_ = 0;  // records handed out so far
  int stage_ = 0;              // 0 head, 1 records, 2 tail, 3 done
};

// The raw bytes of an HTTP/1.1 answer's status line and headers; the connection closes after it.
// `contentLength` < 0: chunked transfer encoding.
std::string rawAnswerHead(int status, const std::string& reason, const std::string& contentType,
                          std::int64_t contentLength);
// One chunk of a chunked body (an empty piece is the last chunk).
std::string chunkOf(const std::string& piece);

}  // namespace membersync::emulator
