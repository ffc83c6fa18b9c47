#pragma once

#include <string>

// Which endpoint a method and path name, with the path variables. Pure; unit-tested.
namespace membersync::emulator {

enum class Endpoint {
  kToken,
  kA1,
  kA2,
  kA3,
  kA4,
  kA5,
  kA6,
  kA7,
  kA8,
  kA9,
  kA10,
  kB1,
  kState,
  kStats,
  kReset,
  kExpireTokens,
  kEmptyLists,
};

struct Route {
  Endpoint endpoint = Endpoint::kToken;
  std::string enterpriseGlobalId;  // A1-A6, A8
  std::string memberGlobalId;      // A2-A4, A9, A10
  std::string assetId;             // A7
};

struct RouteMatch {
  int status = 200;  // 200 matched, 404 unknown path, 405 known path with another method
  Route route;
};

RouteMatch matchRoute(const std::string& method, const std::string& path);

// "token", "A1".."A10", "B1" for the counted endpoints; "" for the inspection ones.
const char* statsName(Endpoint endpoint);
bool isMemberCenter(Endpoint endpoint);  // A1-A10
bool isWrite(Endpoint endpoint);         // A1-A4, A9, A10, B1

}  // namespace membersync::emulator
