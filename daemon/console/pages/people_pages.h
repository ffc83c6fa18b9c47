#pragma once

#include "daemon/console/page.h"

namespace membersync::console {

// `/people?q=`: finds people by account or employee id (at their start) or name (anywhere in
// it, Chinese too) among those the last applying run read from HR: up to 50, and how many more.
// Without q: the search form and how many people are known.
PageAnswer peoplePage(const PageRequest& request);

// `/people/ACCOUNT`: what the state knows of one person: HR fields as last read (with that
// run), their member, matching rules, assets, lock, enrolments, password state (never the
// password), what membersync did to them run by run, and the `explain` command for a live look.
// An account nobody recorded: 404 pointing at the search.
PageAnswer personPage(const PageRequest& request);

}  // namespace membersync::console
