#include "jobs/apply/refusal_hints.h"

namespace membersync::apply {
namespace {

// What a person can do about each A9 / A10 refusal (spec 7.1; the emulator README says how each
// is provoked). The client's describe() already gives the code and its English meaning.
const char* hintFor(const std::string& code) {
  if (code == "60023")
    return "the member matches several employees on the center; ask the vendor to fix the "
           "account; membersync tries again once the member or the policy changes";
  if (code == "60024") return "the asset number does not exist: remove it from the policy's pool";
  if (code == "60025")
    return "the asset belongs to another customer: remove it from the policy's pool";
  if (code == "60026")
    return "the center does not know the member (deleted meanwhile?); the next sync reads the "
           "members again";
  if (code == "60028")
    return "an asset is already assigned (by hand, or to another member) or named twice; the "
           "next sync reads the assets (A6) again and plans around it";
  if (code == "33003")
    return "the member does not hold every asset to lend; the next sync reads the assets again";
  if (code == "33006")
    return "the lock cannot take that many assets: give the person a lock with more nodes in "
           "the HR column, or lend fewer assets";
  if (code == "33007") return "an asset is lent into another lock: return it from that lock first";
  if (code == "33008")
    return "the lock's state is abnormal: have it checked by the vendor, or give the person "
           "another lock in the HR column";
  if (code == "33018")
    return "the lock is lent to another employee: return it, or correct the lock number in the "
           "HR column";
  if (code == "33009")
    return "the lending failed (an unknown lock number?): check the lock number in the HR column";
  return "";
}

}  // namespace

std::string configurationHint(const std::string& code) {
  if (code == "50003") return "set [sync] password_length within those bounds";
  if (code == "40006")
    return "the enterprise has no code on the member center: have it set there, and "
           "[center] enterprise_code to match";
  if (code == "60017")
    return "the admin account ([center] admin_user) is not bound to an authorized customer: "
           "bind it on the member center, or use another admin";
  if (code == "40009")
    return "the member center requires a department for every member: map the HR departments "
           "to department ids in the policy file's \"departments\"";
  return "";
}

std::string joined(const std::vector<std::string>& items) {
  std::string out;
  for (const auto& i : items) out += (out.empty() ? "" : ", ") + i;
  return out;
}

std::string withHint(const std::string& what, const center::Error& e) {
  std::string message = what + ": " + e.describe();
  const std::string hint = hintFor(e.code);
  if (!hint.empty()) message += " -- " + hint;
  return message;
}

}  // namespace membersync::apply
