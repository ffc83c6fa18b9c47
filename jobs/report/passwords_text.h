#pragma once

// `membersync passwords` for people (a table), for spreadsheets (CSV) and for programs (JSON).
// These are the only renderings that print passwords: the listing exists to hand them out.

#include <iosfwd>
#include <vector>

#include "jobs/deliver/passwords_listing.h"
#include "jobs/i18n/translator.h"
#include "jobs/state/types.h"

namespace membersync::report {

// In the reader's language (`tr`); without one, English.
void printPasswordsText(std::ostream& os, const i18n::Translator& tr,
                        const std::vector<deliver::ListedPassword>& rows);
void printPasswordsText(std::ostream& os, const std::vector<deliver::ListedPassword>& rows);
// Who opens the CSV: a program gets plain UTF-8; Excel gets the UTF-8 byte order mark first,
// without which it reads the file in the machine's code page (GBK on Chinese Windows) and the
// names come out garbled.
enum class CsvReader { Program, Excel };
void printPasswordsCsv(std::ostream& os, const std::vector<deliver::ListedPassword>& rows,
                       CsvReader reader = CsvReader::Program);
void printPasswordsJson(std::ostream& os, const std::vector<deliver::ListedPassword>& rows);
// The passwords in doubt (generated, their add or reset not confirmed): not listed for handing
// out, named with what to do. Nothing when there are none. Never a password.
void printPasswordsInDoubt(std::ostream& os, const i18n::Translator& tr,
                           const std::vector<state::PendingPassword>& owed);
void printPasswordsInDoubt(std::ostream& os, const std::vector<state::PendingPassword>& owed);

}  // namespace membersync::report
