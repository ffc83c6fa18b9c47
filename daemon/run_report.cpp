#include "daemon/run_report.h"

#include <memory>

#include "jobs/center/poco_transport.h"
#include "jobs/deliver/smtp_sender.h"
#include "jobs/notify/report_run.h"

namespace membersync::cli {

i18n::Translator reportTranslator(const config::Config& config) {
  const auto& chosen = config.report.language;
  const i18n::Language language = !chosen ? i18n::languageFromEnvironment()
                                  : *chosen == notify::ReportLanguage::ZhCN ? i18n::Language::ZhCN
                                                                            : i18n::Language::En;
  return i18n::Translator(language, i18n::defaultCatalogueFolders());
}

std::vector<ReportLine> reportRun(const config::Config& config, Runtime& rt,
                                  const apply::SyncReport& report, const std::string& outcome,
                                  const std::string& configArgument, const i18n::Translator& tr) {
  const notify::ReportSettings& settings = config.report;
  if (!settings.anyChannel()) return {};
  std::unique_ptr<center::Transport> robot;
  std::unique_ptr<deliver::MailSender> mail;
  std::vector<ReportLine> lines;
  try {
    if (!settings.webhookUrl.empty())
      robot = std::make_unique<center::PocoTransport>(
          notify::robotTransportOptions(config.center, settings));
    if (!settings.mailTo.empty())
      mail = deliver::makeSmtpSender(notify::reportSmtpSettings(config.delivery.smtp, settings));
  } catch (const std::exception& e) {
    // A client that cannot be made (a proxy the loader let through) fails that channel below.
    lines.push_back({true, i18n::format(tr.tr("run reports: {error}"),
                                        {{"error", rt.scrubber().scrub(e.what())}})});
  }
  notify::RunFacts facts;
  facts.enterprise = config.enterpriseCode;
  facts.run = report.run;
  facts.outcome = outcome;
  if (report.applied) facts.counts = report.applied->counts;
  // A failed run's message says why, in the report's language; otherwise the groups say
  // everything it would repeat.
  if (facts.failed()) facts.message = rt.scrubber().scrub(i18n::render(tr, report.saying()));
  facts.configPath = config.sourceFile;
  facts.defaultConfig = configArgument.empty();
  facts.link = notify::runPageLink(config.console.publicUrl, report.run);
  const auto result =
      notify::reportRun(settings, {robot.get(), mail.get(), rt.store(), rt.clock(), rt.scrubber()},
                        facts, report.attention, tr);
  for (const auto& channel : result.channels) {
    if (channel.action == notify::ChannelReport::Action::Skipped) continue;
    lines.push_back(
        {channel.action == notify::ChannelReport::Action::Failed, channel.text(report.run, tr)});
  }
  for (const auto& problem : result.problems)
    lines.push_back({true, i18n::format(tr.tr("run reports: {error}"), {{"error", problem}})});
  return lines;
}

}  // namespace membersync::cli
