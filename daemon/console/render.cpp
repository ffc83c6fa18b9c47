#include "daemon/console/render.h"

#include <stdexcept>

#include "daemon/console/resources.h"

namespace membersync::console {
namespace {

const std::string& templateText(const std::string& name) {
  const auto it = resources().find("templates/" + name + ".mustache");
  if (it == resources().end())
    throw std::out_of_range("the console has no template " + name + ".mustache");
  return it->second;
}

}  // namespace

std::string renderPage(const std::string& templateName, mstch::map data,
                       const LayoutValues& layout) {
  data["layout_title"] = layout.title;
  data["layout_user"] = layout.user;
  data["layout_role"] = layout.role;
  data["layout_csrf"] = layout.csrf;
  data["layout_signed_in"] = !layout.user.empty();
  data["layout_notice"] = layout.notice;
  data["layout_lang"] = layout.lang;
  data["layout_languages"] = layout.languages;
  for (const auto& [key, word] : layout.words) data[key] = word;
  // Every template is a partial by its name ({{> run_table}}); the page itself is `content`.
  static const std::map<std::string, std::string> kPartials = [] {
    std::map<std::string, std::string> all;
    const std::string prefix = "templates/", suffix = ".mustache";
    for (const auto& [name, text] : resources())
      if (name.rfind(prefix, 0) == 0 && name.size() > prefix.size() + suffix.size())
        all[name.substr(prefix.size(), name.size() - prefix.size() - suffix.size())] = text;
    return all;
  }();
  std::map<std::string, std::string> partials = kPartials;
  partials["content"] = templateText(templateName);
  return mstch::render(templateText("layout"), data, partials);
}

}  // namespace membersync::console
