#include "tests/emulator/router.h"

#include <vector>

namespace membersync::emulator {
namespace {

struct Pattern {
  const char* method;
  Endpoint endpoint;
  std::vector<const char*> segments;  // "{e}" enterprise, "{m}" member, "{a}" asset id
};

// Literal segments are tried before variables of the same length: "enterprise/asset/{a}/..."
// comes before "enterprise/{e}/asset/...", so an enterprise called "asset" cannot shadow A7.
const std::vector<Pattern>& patterns() {
  // clang-format off
  static const std::vector<Pattern> table = {
      {"POST", Endpoint::kToken, {"uc", "oauth", "token"}},
      {"GET", Endpoint::kA7, {"me", "api", "v1", "enterprise", "asset", "{a}", "merchandiseProducts"}},
      {"POST", Endpoint::kA9, {"me", "api", "v1", "enterprise", "member", "{m}", "privileges"}},
      {"POST", Endpoint::kA10, {"me", "api", "v1", "enterprise", "member", "{m}", "borrow"}},
      {"POST", Endpoint::kA1, {"me", "api", "v1", "enterprise", "{e}", "member"}},
      {"PUT", Endpoint::kA2, {"me", "api", "v1", "enterprise", "{e}", "member", "{m}"}},
      {"DELETE", Endpoint::kA4, {"me", "api", "v1", "enterprise", "{e}", "member", "{m}"}},
      {"PUT", Endpoint::kA3, {"me", "api", "v1", "enterprise", "{e}", "member", "{m}", "resetPassword"}},
      {"GET", Endpoint::kA5, {"me", "api", "v1", "enterprise", "{e}", "members"}},
      {"GET", Endpoint::kA6, {"me", "api", "v1", "enterprise", "{e}", "asset", "assetNums"}},
      {"GET", Endpoint::kA8, {"me", "api", "v1", "enterprise", "{e}", "asset", "borrowUsbKeys"}},
      {"POST", Endpoint::kB1, {"activity", "services", "activity"}},
      {"GET", Endpoint::kState, {"_emulator", "state"}},
      {"GET", Endpoint::kStats, {"_emulator", "stats"}},
      {"POST", Endpoint::kReset, {"_emulator", "reset"}},
      {"POST", Endpoint::kExpireTokens, {"_emulator", "expire-tokens"}},
      {"POST", Endpoint::kEmptyLists, {"_emulator", "empty-lists"}},
  };
  // clang-format on
  return table;
}

// "/a/b/c" -> {"a","b","c"}; a leading slash is required, empty segments are kept (and so
// never match), so "//x" or a trailing "/" is a 404 rather than a guess.
std::vector<std::string> split(const std::string& path) {
  std::vector<std::string> out;
  if (path.empty() || path[0] != '/') return out;
  std::size_t start = 1;
  for (;;) {
    std::size_t slash = path.find('/', start);
    out.push_back(path.substr(start, slash - start));
    if (slash == std::string::npos) break;
    start = slash + 1;
  }
  return out;
}

bool bind(const Pattern& p, const std::vector<std::string>& segs, Route& route) {
  if (p.segments.size() != segs.size()) return false;
  Route r;
  r.endpoint = p.endpoint;
  for (std::size_t i = 0; i < segs.size(); ++i) {
    const std::string want = p.segments[i];
    const bool variable = want.front() == '{';
    if (variable && segs[i].empty()) return false;
    if (want == "{e}") {
      r.enterpriseGlobalId = segs[i];
    } else if (want == "{m}") {
      r.memberGlobalId = segs[i];
    } else if (want == "{a}") {
      r.assetId = segs[i];
    } else if (want != segs[i]) {
      return false;
    }
  }
  route = r;
  return true;
}

}  // namespace

RouteMatch matchRoute(const std::string& method, const std::string& path) {
  const auto segs = split(path);
  RouteMatch result;
  result.status = 404;
  for (const Pattern& p : patterns()) {
    Route route;
    if (!bind(p, segs, route)) continue;
    if (method == p.method) {
      result.status = 200;
      result.route = route;
      return result;
    }
    result.status = 405;
  }
  return result;
}

const char* statsName(Endpoint e) {
  switch (e) {
    case Endpoint::kToken:
      return "token";
    case Endpoint::kA1:
      return "A1";
    case Endpoint::kA2:
      return "A2";
    case Endpoint::kA3:
      return "A3";
    case Endpoint::kA4:
      return "A4";
    case Endpoint::kA5:
      return "A5";
    case Endpoint::kA6:
      return "A6";
    case Endpoint::kA7:
      return "A7";
    case Endpoint::kA8:
      return "A8";
    case Endpoint::kA9:
      return "A9";
    case Endpoint::kA10:
      return "A10";
    case Endpoint::kB1:
      return "B1";
    default:
      return "";
  }
}

bool isMemberCenter(Endpoint e) {
  return e >= Endpoint::kA1 && e <= Endpoint::kA10;
}

bool isWrite(Endpoint e) {
  switch (e) {
    case Endpoint::kA1:
    case Endpoint::kA2:
    case Endpoint::kA3:
    case Endpoint::kA4:
    case Endpoint::kA9:
    case Endpoint::kA10:
    case Endpoint::kB1:
      return true;
    default:
      return false;
  }
}

}  // namespace membersync::emulator
