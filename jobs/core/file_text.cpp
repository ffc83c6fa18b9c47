#include "jobs/core/file_text.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace membersync {

std::string readWholeFile(const std::string& path) {
  std::error_code ec;  // a path whose kind cannot be told is left to the open below
  if (std::filesystem::is_directory(path, ec)) throw FileReadError("it is a folder");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw FileReadError(std::strerror(errno));
  std::ostringstream bytes;
  bytes << in.rdbuf();
  if (in.bad()) throw FileReadError(std::strerror(errno));
  return bytes.str();
}

}  // namespace membersync
