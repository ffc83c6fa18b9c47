#include "daemon/console/routes.h"

#include <sstream>

#include "daemon/console/pages/passwords_page.h"
#include "daemon/console/pages/people_pages.h"
#include "daemon/console/pages/pools_page.h"
#include "daemon/console/pages/run_pages.h"

namespace membersync::console {
namespace {

std::vector<std::string> segments(const std::string& path) {
  std::vector<std::string> out;
  std::string part;
  std::istringstream in(path);
  while (std::getline(in, part, '/'))
    if (!part.empty()) out.push_back(part);
  return out;
}

}  // namespace

const std::vector<PageRoute>& pageRoutes() {
  static const std::vector<PageRoute> kRoutes{
      {"/", homePage},
      {"/runs", runsPage},
      {"/runs/{}", runPage},
      {"/people", peoplePage},
      {"/people/{}", personPage},
      {"/pools", poolsPage},
      {"/passwords", passwordsPage},
  };
  return kRoutes;
}

bool matchRoute(const std::string& pattern, const std::string& path,
                std::vector<std::string>& args) {
  const auto want = segments(pattern);
  const auto got = segments(path);
  if (want.size() != got.size()) return false;
  std::vector<std::string> found;
  for (std::size_t i = 0; i < want.size(); ++i) {
    if (want[i] == "{}")
      found.push_back(got[i]);
    else if (want[i] != got[i])
      return false;
  }
  args = std::move(found);
  return true;
}

}  // namespace membersync::console
