#include "daemon/hand_out.h"

namespace membersync::cli {

std::vector<std::string> handOutPasswords(Runtime& rt, const config::Config& config,
                                          const directory::Export& hr,
                                          const std::atomic<bool>* cancel) {
  std::vector<std::string> notes = deliver::tidyHandOut(rt.store(), rt.outbox());
  if (!config.delivery.mail) return notes;
  deliver::DeliveryTools tools = rt.deliveryTools();
  tools.cancel = cancel;
  auto lines = describeDelivery(
      deliver::deliverPasswords(tools, deliver::recipientsOf(hr, config.delivery.toColumn)));
  lines.insert(lines.end(), notes.begin(), notes.end());
  return lines;
}

std::vector<std::string> describeDelivery(const deliver::DeliveryReport& r) {
  std::vector<std::string> lines;
  std::string counts;
  auto add = [&](int n, const char* what) {
    if (n > 0) counts += (counts.empty() ? "" : "; ") + std::string(what) + ": " + std::to_string(n);
  };
  add(r.delivered, "mailed");
  add(r.tryLater, "not delivered, tried again later");
  add(r.refused, "refused by the mail server");
  add(r.inDoubt, "in doubt");
  add(r.withoutAddress, "without an address (left in the outbox)");
  add(r.waiting, "waiting (a retry's delay, a refused address, in doubt)");
  if (counts.empty()) return lines;
  lines.push_back("passwords " + counts + "; `membersync passwords` lists those not handed out");
  lines.insert(lines.end(), r.notes.begin(), r.notes.end());
  return lines;
}

}  // namespace membersync::cli
