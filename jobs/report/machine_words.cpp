#include "jobs/report/machine_words.h"

#include "jobs/i18n/message.h"

namespace membersync::report {
namespace {

// The words the state and jobs/report hold that no other file marks for the catalogue: the item
// kinds are marked by plan_text.cpp, the outcome words by the console's pages/run_rows.cpp.
[[maybe_unused]] constexpr const char* kMachineWords[] = {
    // A step's kind besides the item kinds.
    i18n::translateLater("reset-password"),
    // What an item of what needs a person is about, besides the item kinds.
    i18n::translateLater("row skipped"),
    i18n::translateLater("password"),
    // Run kinds (state::RunKind).
    i18n::translateLater("sync"),
    i18n::translateLater("plan"),
    i18n::translateLater("apply"),
    i18n::translateLater("daemon"),
    i18n::translateLater("revert"),
    // What needs a person (report::AttentionKind), besides held, refused and failed.
    i18n::translateLater("invalid-row"),
    i18n::translateLater("in-doubt"),
    i18n::translateLater("enrolment-in-doubt"),
    i18n::translateLater("password-waiting"),
    i18n::translateLater("pool-dry"),
};

bool startsWith(const std::string& text, const std::string& prefix) {
  return text.compare(0, prefix.size(), prefix) == 0;
}

}  // namespace

std::string machineWord(const i18n::Translator& tr, const std::string& word) {
  return word.empty() ? word : tr.tr(word.c_str());
}

std::string actionWord(const i18n::Translator& tr, const std::string& action) {
  if (startsWith(action, "pool "))
    return i18n::format(tr.tr("pool {rule}"), {{"rule", action.substr(5)}});
  if (startsWith(action, "enrol "))
    return i18n::format(tr.tr("enrol {activity}"), {{"activity", action.substr(6)}});
  return machineWord(tr, action);
}

std::string attentionWhat(const i18n::Translator& tr, const std::string& kind,
                          const std::string& action) {
  return i18n::format(tr.tr("{kind} {action}"),
                      {{"kind", machineWord(tr, kind)}, {"action", actionWord(tr, action)}});
}

std::string itemKeyWords(const i18n::Translator& tr, const std::string& key) {
  const auto colon = key.find(':');
  if (colon == std::string::npos) return key;
  return i18n::format(tr.tr("{kind}:{rest}"), {{"kind", machineWord(tr, key.substr(0, colon))},
                                               {"rest", key.substr(colon + 1)}});
}

}  // namespace membersync::report
