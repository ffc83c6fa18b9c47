#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

// The HTTP exchange as the emulator's logic sees it: plain strings, so the endpoints can be
// driven in-process by tests without a socket, and only server.cpp touches Poco::Net.
namespace membersync::emulator {

struct Request {
  std::string method;                                      // "GET", "POST", ...
  std::string path;                                        // percent-decoded, without the query
  std::vector<std::pair<std::string, std::string>> query;  // decoded, in order
  std::map<std::string, std::string> headers;              // keys lower-case
  std::string body;
  std::string rawQuery{};  // the query as sent, still percent-encoded (for --echo-requests)

  // The first value of a query parameter or header; nullptr when absent.
  const std::string* queryParam(const std::string& name) const;
  const std::string* header(const std::string& name) const;  // any case
};

struct Reply {
  int status = 200;
  std::string reason = "OK";
  std::string contentType = "application/json;charset=UTF-8";
  std::string body;

  // Bookkeeping for the statistics and the drop-after-commit fault; never sent.
  std::string outcome;          // "0", "60027", "0000", "invalid_grant", ...
  bool committed = false;       // a write that changed (or confirmed) state
  bool dropConnection = false;  // close the connection instead of answering
  std::int64_t hugeBytes = 0;   // > 0: stream the body padded to about this many bytes (HugeBody)
  bool announceLength = false;  // with hugeBytes: a Content-Length instead of chunked encoding
};

}  // namespace membersync::emulator
