#pragma once

#include <map>
#include <string>
#include <vector>

#include <mstch/mstch.hpp>

#include "config/config.h"
#include "jobs/core/clock.h"
#include "jobs/i18n/translator.h"
#include "jobs/state/store.h"

namespace membersync::console {

// What a signed-in user may do: a viewer reads every page; an approver also approves what a
// guard held (the same as `membersync allow RUN`).
enum class Role { Viewer, Approver };

struct Viewer {
  std::string name;
  Role role = Role::Viewer;
};

// One GET of a page, as the server hands it to the page's function. The store is opened for this
// request only, read-only, inside one short read transaction; a page never calls the center and
// never reads the HR source: it shows what the state knows as of the last run.
struct PageRequest {
  std::string path;                          // "/people/zhangwei", decoded
  std::vector<std::string> pathArgs;         // the route's variable parts: {"zhangwei"}
  std::map<std::string, std::string> query;  // "?q=张伟" -> {"q", "张伟"}, decoded
  Viewer viewer;
  std::string csrfToken;  // for the page's forms: <input name="csrf">
  state::StateStore& store;
  const config::Config& config;
  const Clock& clock;
  // The request's language (language.h): every word of the page goes through it, and stored
  // messages are shown with i18n::render(tr, i18n::decodeMessage(stored)).
  i18n::Translator tr{};
};

// What a page answers. The server wraps `templateName` (daemon/console/templates/NAME.mustache,
// compiled into the binary; a page body without <html>, rendered inside the layout) with the
// layout, the title and the security headers. Mustache escapes every {{value}}: a page never
// uses {{{triple}}} for data.
struct PageAnswer {
  int status = 200;          // 404 for an unknown run or person
  std::string title;         // the <title> and the page's <h1>, translated
  std::string templateName;  // "people" -> templates/people.mustache
  mstch::map data;           // the template's values
  bool personalData = true;  // Cache-Control: no-store when true
};

using PageFunction = PageAnswer (*)(const PageRequest&);

// Adds a page's words (its headings, labels and buttons, translated: templates hold no prose) to
// its values. By convention their keys start with "t_"; a sentence holding markup is
// "html_..." (html_text.h).
inline void addWords(mstch::map& data, const mstch::map& words) {
  for (const auto& [key, word] : words) data.emplace(key, word);
}

}  // namespace membersync::console
