#pragma once

#include <string>

#include <mstch/mstch.hpp>

namespace membersync::console {

// What the layout shows around every page: the title, who is signed in (with the sign-out form
// and its token), and a message left by the previous request (an approval's outcome).
struct LayoutValues {
  std::string title;
  std::string user;         // "" on the sign-in page
  std::string role;         // "viewer", "approver"
  std::string csrf;         // the session's token, for the sign-out form
  std::string notice;       // "" for none
  std::string lang = "en";  // <html lang>: "zh-CN", "en"
  // The layout's words in the request's language ("layout_sign_out" ...) and the language
  // links ({name, href, id, current}), made by the console (console_app.cpp).
  mstch::map words{};
  mstch::array languages{};
};

// templates/NAME.mustache rendered inside templates/layout.mustache (as its `content` partial),
// with `data` and the layout's values (keys starting with "layout_"). Mustache escapes every
// {{value}}. Throws std::out_of_range for a template the binary does not hold.
std::string renderPage(const std::string& templateName, mstch::map data,
                       const LayoutValues& layout);

}  // namespace membersync::console
