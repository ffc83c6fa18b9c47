#include "tests/emulator/huge_answer.h"

#include <algorithm>
#include <cstdio>
#include <stdexcept>

namespace membersync::emulator {
namespace {

const std::string kTail = "]}";

}  // namespace

HugeBody::HugeBody(const std::string& realBody, std::int64_t targetBytes) {
  if (realBody.size() < kTail.size() || realBody.compare(realBody.size() - 2, 2, kTail) != 0) {
    throw std::logic_error("HugeBody: the answer does not end with its data array");
  }
  head_ = realBody.substr(0, realBody.size() - kTail.size());
  emptyList_ = !head_.empty() && head_.back() == '[';
  const auto each = static_cast<std::int64_t>(record(0).size());  // with its leading comma
  const auto base = static_cast<std::int64_t>(realBody.size());
  records_ = std::max<std::int64_t>(0, (targetBytes - base) / each);
  length_ = base + records_ * each - (emptyList_ && records_ > 0 ? 1 : 0);
}

// Fixed width (nine digits), so the length is known before anything is written.
std::string HugeBody::record(std::int64_t n) const {
  char buf[200];
  std::snprintf(buf, sizeof buf,
                ",{\"assetNum\":\"AN-HUGE-%09lld\",\"assetId\":\"AID-HUGE-%09lld\","
                "\"cloudAccountGlobalId\":null,\"borrowedFlag\":false,\"onlineFlag\":false}",
                static_cast<long long>(n % 1000000000), static_cast<long long>(n % 1000000000));
  return buf;
}

std::string HugeBody::next(std::size_t pieceBytes) {
  std::string piece;
  if (stage_ == 0) {
    piece = head_;
    stage_ = 1;
  }
  while (stage_ == 1 && piece.size() < pieceBytes) {
    if (produced_ == records_) {
      stage_ = 2;
      break;
    }
    std::string r = record(produced_ + 1);
    piece += (emptyList_ && produced_ == 0) ? r.substr(1) : r;
    ++produced_;
  }
  if (stage_ == 2 && piece.size() < pieceBytes) {
    piece += kTail;
    stage_ = 3;
  }
  return piece;
}

std::string rawAnswerHead(int status, const std::string& reason, const std::string& contentType,
                          std::int64_t contentLength) {
  std::string head = "HTTP/1.1 " + std::to_string(status) + " " + reason + "\r\n";
  head += "Content-Type: " + contentType + "\r\n";
  head += contentLength >= 0 ? "Content-Length: " + std::to_string(contentLength) + "\r\n"
                             : std::string("Transfer-Encoding: chunked\r\n");
  return head + "Connection: close\r\n\r\n";
}

std::string chunkOf(const std::string& piece) {
  char size[32];
  std::snprintf(size, sizeof size, "%zx\r\n", piece.size());
  return std::string(size) + piece + "\r\n";
}

}  // namespace membersync::emulator
