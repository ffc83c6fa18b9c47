#pragma once

#include <cstdint>

#include "tests/emulator/service.h"

// --move-member-at-page N and --add-member-at-page N: an administrator's edits landing while a
// client reads the member list page by page, at a page fixed in advance, so that a test waits on
// the list being read instead of timing the edit. Each changes the data for good, as the edit
// would, before page N of the unfiltered list is answered. Filtered lists never trigger them.
namespace membersync::emulator {

// Makes the edits due before page `pageNum` of the unfiltered list is answered: the move once
// (until /_emulator/reset), when the list has a live member; an add every time.
void editListBeforePage(Service& svc, std::int64_t pageNum);

}  // namespace membersync::emulator
