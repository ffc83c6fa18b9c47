#include "daemon/console/pages/people_text.h"

#include "jobs/core/text.h"
#include "jobs/state/store.h"

namespace membersync::console {

std::string urlEncoded(const std::string& text) {
  static const char* const kHex = "0123456789ABCDEF";
  std::string out;
  for (const unsigned char c : text) {
    const bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                       c == '-' || c == '.' || c == '_' || c == '~';
    if (plain) {
      out += static_cast<char>(c);
    } else {
      out += '%';
      out += kHex[c >> 4];
      out += kHex[c & 0xF];
    }
  }
  return out;
}

std::string personLink(const std::string& account) {
  return "/people/" + urlEncoded(account);
}

std::string runLink(state::RunId run) {
  return "/runs/" + std::to_string(run);
}

std::string explainCommand(const config::Config& config, const std::string& account) {
  std::string command = "membersync";
  if (!config.sourceFile.empty()) command += " --config " + shellWord(config.sourceFile);
  return command + " explain " + shellWord(account);
}

std::string runAndTime(state::StateStore& store, state::RunId run, const i18n::Translator& tr) {
  const auto summary = store.findRun(run);
  const std::string number = std::to_string(run);
  if (!summary) return i18n::format(tr.tr("run {run}"), {{"run", number}});
  return i18n::format(tr.tr("run {run}, {at}"),
                      {{"run", number}, {"at", personTime(summary->startedAt)}});
}

}  // namespace membersync::console
