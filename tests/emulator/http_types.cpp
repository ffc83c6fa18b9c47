#include "tests/emulator/http_types.h"

#include "tests/emulator/text_rules.h"

namespace membersync::emulator {

const std::string* Request::queryParam(const std::string& name) const {
  for (const auto& [key, value] : query) {
    if (key == name) return &value;
  }
  return nullptr;
}

const std::string* Request::header(const std::string& name) const {
  auto it = headers.find(toLowerAscii(name));
  return it == headers.end() ? nullptr : &it->second;
}

}  // namespace membersync::emulator
