#pragma once

#include <stdexcept>
#include <string>

namespace membersync {

// Why readWholeFile could not read a file. what() is the reason alone ("it is a folder", or the
// system's words such as "Permission denied"): each caller's own message names the file and says
// what to check, so the reason is all this adds to it.
class FileReadError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Every byte of the file at `path`, unchanged (no newline or encoding conversion: hashes and
// line numbers are of the file as it is). Throws FileReadError when it cannot be opened, and
// for a folder, which Linux would otherwise open and read as empty.
std::string readWholeFile(const std::string& path);

}  // namespace membersync
