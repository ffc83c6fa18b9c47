#pragma once

#include <string>

#include <mstch/mstch.hpp>

namespace membersync::console {

// What the layout shows around every page: the title, who is signed in (with the sign-out form
// and its token), and a message left by the previous request (an approval's outcome).
struct LayoutValues {
  std::string title;
  std::string user;    // "" on the sign-in page
  std::string role;    // "viewer", "approver"
  std::string csrf;    // the session's token, for the sign-out form
  std::string notice;  // "" for none
};

// templates/NAME.mustache rendered inside templates/layout.mustache (as its `content` partial),
// with `data` and the layout's values (keys starting with "layout_"). Mustache escapes every
// {{value}}. Throws std::out_of_range for a template the binary does not hold.
std::string renderPage(const std::string& templateName, mstch::map data,
                       const LayoutValues& layout);

}  // namespace membersync::console
