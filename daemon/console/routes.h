#pragma once

#include <string>
#include <vector>

#include "daemon/console/page.h"

namespace membersync::console {

// A GET page: its path pattern ("/runs/{}": each {} one path segment, handed to the page as
// PageRequest::pathArgs) and its function.
struct PageRoute {
  const char* pattern;
  PageFunction page;
};

// Every page of the console (routes.cpp): adding a page is one line there, its function and
// its template.
const std::vector<PageRoute>& pageRoutes();

// True when `path` matches `pattern`; `args` gets the {} segments.
bool matchRoute(const std::string& pattern, const std::string& path,
                std::vector<std::string>& args);

}  // namespace membersync::console
