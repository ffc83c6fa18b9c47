#include "jobs/apply/refusal_hints.h"

#include <map>
#include <vector>

#include "jobs/core/text.h"

namespace membersync::apply {
namespace {

using Hints = std::map<std::string, std::string>;

// What a person can do about each A9 / A10 refusal (spec 7.1; the emulator README says how each
// is provoked). The client's describe() already gives the code and its English meaning.
const Hints& refusalHints() {
  static const Hints kHints = {
      {"60023",
       "the member matches several employees on the center; ask the vendor to fix the account; "
       "membersync tries again once the member or the policy changes"},
      {"60024", "the asset number does not exist: remove it from the policy's pool"},
      {"60025", "the asset belongs to another customer: remove it from the policy's pool"},
      {"60026",
       "the center does not know the member (deleted meanwhile?); the next sync reads the members "
       "again"},
      {"60028",
       "an asset is already assigned (by hand, or to another member) or named twice; the next "
       "sync reads the assets (A6) again and plans around it"},
      {"33003",
       "the member does not hold every asset to lend; the next sync reads the assets again"},
      {"33006",
       "the lock cannot take that many assets: give the person a lock with more nodes in the HR "
       "column, or lend fewer assets"},
      {"33007", "an asset is lent into another lock: return it from that lock first"},
      {"33008",
       "the lock's state is abnormal: have it checked by the vendor, or give the person another "
       "lock in the HR column"},
      {"33018",
       "the lock is lent to another employee: return it, or correct the lock number in the HR "
       "column"},
      {"33009",
       "the lending failed (an unknown lock number?): check the lock number in the HR column"},
  };
  return kHints;
}

// The settings to fix when the service refuses membersync's configuration.
const Hints& configurationHints() {
  static const Hints kHints = {
      {"50003", "set [sync] password_length within those bounds"},
      {"40006",
       "the enterprise has no code on the member center: have it set there, and [center] "
       "enterprise_code to match"},
      {"60017",
       "the admin account ([center] admin_user) is not bound to an authorized customer: bind it "
       "on the member center, or use another admin"},
      {"40009",
       "the member center requires a department for every member: map the HR departments to "
       "department ids in the policy file's \"departments\""},
  };
  return kHints;
}

// What a refusal's words point at, first match wins: (words, setting).
struct Topic {
  std::vector<std::string> words;  // lower case; UTF-8 for the Chinese ones
  std::string setting;
};

const std::vector<Topic>& topics() {
  static const std::vector<Topic> kTopics = {
      {{"password", "\u5bc6\u7801"},
       "set [sync] password_length within the bounds the center accepts"},
      {{"department", "group", "\u90e8\u95e8"}, configurationHints().at("40009")},
      {{"suffix", "enterprise code", "\u540e\u7f00"},
       "check [center] account_suffix and [center] enterprise_code against the enterprise's code "
       "on the member center"},
  };
  return kTopics;
}

std::string lookup(const Hints& hints, const std::string& code) {
  const auto found = hints.find(code);
  return found != hints.end() ? found->second : std::string();
}

}  // namespace

std::string configurationHint(const std::string& code) {
  return lookup(configurationHints(), code);
}

std::string settingNamedBy(const std::string& message) {
  const std::string text = lowerAscii(message);
  for (const Topic& topic : topics()) {
    for (const std::string& word : topic.words) {
      if (text.find(word) != std::string::npos) return topic.setting;
    }
  }
  return "check the settings that shape an add: [sync] password_length, the policy's "
         "\"departments\" and [center] account_suffix";
}

std::string withHint(const std::string& what, const center::Error& e) {
  std::string message = what + ": " + e.describe();
  const std::string hint = lookup(refusalHints(), e.code);
  if (!hint.empty()) message += " -- " + hint;
  return message;
}

}  // namespace membersync::apply
