#include "jobs/report/passwords_text.h"

#include <Poco/JSON/Array.h>
#include <Poco/JSON/Object.h>

#include <ostream>

#include "jobs/core/text.h"
#include "jobs/deliver/outbox_lines.h"
#include "jobs/report/run_text.h"
#include "jobs/report/text_table.h"

namespace membersync::report {
namespace {

// The outbox keeps UTC for programs; people read the local time, as every verb writes it.
std::string createdText(const std::string& isoUtcText) {
  const auto at = fromIsoUtc(isoUtcText);
  return at ? personTime(*at) : isoUtcText;
}

}  // namespace

void printPasswordsText(std::ostream& os, const std::vector<deliver::ListedPassword>& rows) {
  printPasswordsText(os, i18n::Translator(), rows);
}

void printPasswordsText(std::ostream& os, const i18n::Translator& tr,
                        const std::vector<deliver::ListedPassword>& rows) {
  if (rows.empty()) {
    os << tr.tr("No password waits to be handed out.") << "\n";
    return;
  }
  TextTable table({tr.tr("ACCOUNT"), tr.tr("LOGIN"), tr.tr("NAME"), tr.tr("PASSWORD"),
                   tr.tr("CREATED"), tr.tr("DELIVERY")});
  for (const auto& r : rows)
    table.addRow({r.hrAccount, r.login, r.name, r.password.reveal(), createdText(r.created),
                  rendered(tr, r.delivery)});
  table.print(os, "");
  os << i18n::format(tr.trn("{count} password(s) to hand out; `membersync passwords --handed-out "
                            "ACCOUNT...` removes them from the outbox once given.",
                            "{count} password(s) to hand out; `membersync passwords --handed-out "
                            "ACCOUNT...` removes them from the outbox once given.",
                            rows.size()),
                     {{"count", std::to_string(rows.size())}})
     << "\n";
}

void printPasswordsInDoubt(std::ostream& os, const std::vector<state::PendingPassword>& owed) {
  printPasswordsInDoubt(os, i18n::Translator(), owed);
}

void printPasswordsInDoubt(std::ostream& os, const i18n::Translator& tr,
                           const std::vector<state::PendingPassword>& owed) {
  if (owed.empty()) return;
  os << i18n::format(
            tr.trn("{count} password(s) in doubt, not listed: their add or reset was not "
                   "confirmed, so the center may hold the one pending in the outbox. The next "
                   "`membersync sync` sends each again; if one keeps failing, `membersync "
                   "reset-password ACCOUNT` sets a new one.",
                   "{count} password(s) in doubt, not listed: their add or reset was not "
                   "confirmed, so the center may hold the one pending in the outbox. The next "
                   "`membersync sync` sends each again; if one keeps failing, `membersync "
                   "reset-password ACCOUNT` sets a new one.",
                   owed.size()),
            {{"count", std::to_string(owed.size())}})
     << "\n";
  for (const auto& p : owed)
    os << "  "
       << i18n::format(tr.tr("{account} (run {run})"),
                       {{"account", p.account}, {"run", std::to_string(p.runId)}})
       << "\n";
}

void printPasswordsCsv(std::ostream& os, const std::vector<deliver::ListedPassword>& rows,
                       CsvReader reader) {
  if (reader == CsvReader::Excel) os << "\xEF\xBB\xBF";
  os << "account,login,name,password,created,delivery\n";
  for (const auto& r : rows) {
    os << deliver::csvField(r.hrAccount) << "," << deliver::csvField(r.login) << ","
       << deliver::csvField(r.name) << "," << deliver::csvField(r.password.reveal()) << ","
       << deliver::csvField(r.created) << ","
       << deliver::csvField(rendered(i18n::Translator(), r.delivery)) << "\n";
  }
}

void printPasswordsJson(std::ostream& os, const std::vector<deliver::ListedPassword>& rows) {
  Poco::JSON::Array list;
  for (const auto& r : rows) {
    Poco::JSON::Object o(Poco::JSON_PRESERVE_KEY_ORDER);
    o.set("account", r.hrAccount);
    o.set("login", r.login);
    o.set("name", r.name);
    o.set("password", r.password.reveal());
    o.set("created", r.created);
    o.set("mail", state::toString(r.mail));
    o.set("delivery", rendered(i18n::Translator(), r.delivery));  // English, for programs
    list.add(o);
  }
  list.stringify(os, 2);
  os << "\n";
}

}  // namespace membersync::report
