#include "daemon/console/pages/run_rows.h"

#include "daemon/console/html_text.h"
#include "jobs/report/machine_words.h"
#include "jobs/core/text.h"
#include "jobs/i18n/message.h"
#include "jobs/report/run_text.h"

namespace membersync::console {
namespace {

// The outcome words the state holds (runs, steps, settlements), marked for the catalogue.
[[maybe_unused]] constexpr const char* kOutcomeWords[] = {
    i18n::translateLater("done"),      i18n::translateLater("failed"),
    i18n::translateLater("held"),      i18n::translateLater("error"),
    i18n::translateLater("cancelled"), i18n::translateLater("skipped"),
    i18n::translateLater("planned"),   i18n::translateLater("sent"),
    i18n::translateLater("succeeded"), i18n::translateLater("unknown"),
    i18n::translateLater("not-done"),  i18n::translateLater("unresolved"),
    i18n::translateLater("refused"),   i18n::translateLater("retry-later"),
};

}  // namespace

std::string outcomeWord(const i18n::Translator& tr, const std::string& word) {
  return tr.tr(word.c_str());
}

mstch::map runRow(const state::RunSummary& run, const i18n::Translator& tr) {
  return mstch::map{
      {"id", std::to_string(run.id)},
      {"kind", report::machineWord(tr, state::toString(run.kind))},
      {"started", personTime(run.startedAt)},
      {"outcome", run.finishedAt ? outcomeWord(tr, run.outcome) : tr.tr("running or cut off")},
      {"counts", report::runCountsText(tr, run.counts)},
      {"message", i18n::render(tr, i18n::decodeMessage(run.message))},
      {"scope", run.scope.empty() ? std::string()
                                  : i18n::format(tr.tr("(only {scope})"), {{"scope", run.scope}})},
  };
}

mstch::map runTableWords(const i18n::Translator& tr) {
  return mstch::map{{"t_run", tr.tr("Run")},
                    {"t_kind", tr.tr("Kind")},
                    {"t_started", tr.tr("Started")},
                    {"t_outcome", tr.tr("Outcome")},
                    {"t_changes", tr.tr("Changes")}};
}

mstch::map notFoundData(const i18n::Translator& tr, const std::string& path) {
  return mstch::map{{"path", path},
                    {"t_nothing_here", tr.tr("Nothing is here:")},
                    {"html_links", richText(tr.tr("The {home} and the {runs} link to every page."),
                                            {{"home", htmlLink("/", tr.tr("home page"))},
                                             {"runs", htmlLink("/runs", tr.tr("runs"))}})}};
}

std::string commandPrefix(const config::Config& config) {
  return "membersync --config " + shellWord(config.sourceFile);
}

}  // namespace membersync::console
