#include "daemon/hand_out.h"

namespace membersync::cli {

std::vector<std::string> handOutPasswords(Runtime& rt, const config::Config& config,
                                          const directory::Export& hr,
                                          const std::atomic<bool>* cancel,
                                          const i18n::Translator& tr) {
  std::vector<std::string> notes = deliver::tidyHandOut(rt.store(), rt.outbox());
  if (!config.delivery.mail) return notes;
  deliver::DeliveryTools tools = rt.deliveryTools();
  tools.cancel = cancel;
  auto lines = describeDelivery(
      tr, deliver::deliverPasswords(tools, deliver::recipientsOf(hr, config.delivery.toColumn)));
  lines.insert(lines.end(), notes.begin(), notes.end());
  return lines;
}

std::vector<std::string> describeDelivery(const i18n::Translator& tr,
                                          const deliver::DeliveryReport& r) {
  std::vector<std::string> lines;
  std::string counts;
  auto add = [&](int n, const char* what) {
    if (n <= 0) return;
    const std::string count = i18n::format(tr.tr(what), {{"count", std::to_string(n)}});
    counts = counts.empty()
                 ? count
                 : i18n::format(tr.tr("{list}; {item}"), {{"list", counts}, {"item", count}});
  };
  add(r.delivered, i18n::translateLater("mailed: {count}"));
  add(r.tryLater, i18n::translateLater("not delivered, tried again later: {count}"));
  add(r.refused, i18n::translateLater("refused by the mail server: {count}"));
  add(r.inDoubt, i18n::translateLater("in doubt: {count}"));
  add(r.withoutAddress, i18n::translateLater("without an address (left in the outbox): {count}"));
  add(r.waiting,
      i18n::translateLater("waiting (a retry's delay, a refused address, in doubt): {count}"));
  if (counts.empty()) return lines;
  lines.push_back(i18n::format(
      tr.tr("passwords {counts}; `membersync passwords` lists those not handed out"),
      {{"counts", counts}}));
  lines.insert(lines.end(), r.notes.begin(), r.notes.end());
  return lines;
}

}  // namespace membersync::cli
