#pragma once

#include <functional>
#include <set>
#include <string>

#include "jobs/directory/person.h"
#include "jobs/directory/platform/platform_api.h"

namespace membersync::directory::platform {

// Every page of one paged list, from the cursor `first` to the page that says there is no more,
// each item handed to `take`. A page that promises more without a cursor, or with one already
// used, would make the list never end: ExportError naming `source`, `what` and the cursor (the
// vendor's `cursorName`: next_cursor, page_token), and nothing is planned from a partial list.
template <typename Item>
void everyPage(const std::string& source, const std::string& what, const std::string& cursorName,
               const std::string& first,
               const std::function<Page<Item>(const std::string& cursor)>& fetch,
               const std::function<void(Item&)>& take) {
  std::string cursor = first;
  std::set<std::string> used{first};
  while (true) {
    Page<Item> page = fetch(cursor);
    for (Item& item : page.items) take(item);
    if (!page.more) return;
    if (page.next.empty() || !used.insert(page.next).second)
      throw ExportError(source + ": " + what + " promised more but sent " +
                        (page.next.empty() ? "no " + cursorName
                                           : "the " + cursorName + " " + page.next + " twice") +
                        "; the list would never end. Nothing is planned from a partial list");
    cursor = page.next;
  }
}

}  // namespace membersync::directory::platform
