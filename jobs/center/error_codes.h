#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "jobs/center/endpoint.h"
#include "jobs/center/result.h"

namespace membersync::center {

enum class Service { MemberCenter, Activity };

// One code of spec section 7: what a caller does about it and an English text, where `{0}` and
// `{1}` stand for the numbers the service sends in `data`.
struct CodeInfo {
  Service service;
  std::string_view code;
  ErrorKind kind;
  std::string_view text;
  bool success = false;  // "0000" only; 60027 is a partial success read by A1 itself
};

// Every code of spec section 7: 33 member-center codes and 7 activity codes (0000 included).
const std::vector<CodeInfo>& codeTable();

// The table's row for `code`, or nullptr when the spec does not list it.
const CodeInfo* findCode(Service service, std::string_view code);

// `text` with `{0}`, `{1}`, ... replaced by args[0], args[1], ...; a placeholder with no argument
// becomes "?".
std::string fillTemplate(std::string_view text, const std::vector<std::string>& args);

// An error the client itself determined (transport, decoding, local checks, token endpoint).
Error makeError(Endpoint endpoint, ErrorKind kind, std::string message, int httpStatus = 0,
                std::string code = {});

// The error a business answer means. Codes the spec does not list are Protocol errors (decision:
// an unknown code is not retried, since nothing says the service did not act; the message keeps
// the code and the server's text so a person can look it up).
Error serviceError(Endpoint endpoint, Service service, const std::string& code,
                   const std::string& serverMessage, const std::string& cause,
                   const std::vector<std::string>& args, int httpStatus);

}  // namespace membersync::center
