#pragma once

// What a run report says, before any format: a title, what happened, and what needs a person
// grouped by kind with the command that resolves it. Pure: built from the run's facts and the
// one notion of what needs a person (report::Attention), never from the HR source. Each format
// (markdown for WeCom and DingTalk, Feishu's rich text, JSON, the mail's text) renders it and
// chooses how many items it can show (content_fit.h).

#include <cstddef>
#include <string>
#include <vector>

#include "jobs/i18n/translator.h"
#include "jobs/notify/report_settings.h"
#include "jobs/report/attention.h"
#include "jobs/state/types.h"

namespace membersync::notify {

// What the caller knows of the run just recorded.
struct RunFacts {
  std::string enterprise;     // as people know it (the enterprise code)
  state::RunId run = 0;       // 0: the run failed before it was recorded
  std::string outcome;        // the recorded outcome word: "done", "held", "partly-failed", ...
  state::RunCounts counts;    // what it did
  std::string message;        // one line for people (why it failed), scrubbed; may be empty
  std::string configPath;     // the configuration file the run read
  bool defaultConfig = true;  // it is the default path: commands need no --config
  std::string link;           // a page a person can open about the run (the console's); empty: none

  // The run failed as a whole ("failed", or "error" for a local problem before it started).
  bool failed() const { return outcome == "failed" || outcome == "error"; }
};

// Why a report goes out (report_rules.h decides).
enum class SendReason {
  New,       // the first report of this situation on this channel
  Changed,   // what needs a person changed since the last report
  Reminder,  // unchanged, but the last report is remind_hours old
  Retry,     // the last report on this channel could not be sent
  Resolved,  // a reported situation has cleared: said once
  Always,    // on = always
};
const char* toString(SendReason reason);  // "new", "changed", "reminder", "retry", ...

// One kind of what needs a person, as a report shows it.
struct ReportGroup {
  report::AttentionKind kind = report::AttentionKind::Held;
  std::size_t count = 0;
  std::string heading;  // "2 held by a safety guard"
  std::string reason;   // said once when every item shares it; else "" (each item says its own)
  std::string command;  // the same, with --config when needed
  std::vector<std::string> items;                     // every item, one line each, without markup
  std::vector<const report::AttentionItem*> sources;  // the items, same order (for JSON)
};

struct ReportContent {
  std::string title;                 // one line, the keyword first when there is one
  std::vector<std::string> summary;  // the outcome, the counts, the run's message
  std::vector<ReportGroup> groups;   // kAttentionKinds' order; kinds with no item left out
  std::string footer;                // where to see everything
  std::string statusCommand;         // "membersync status" (with --config when needed)
  std::string link;                  // RunFacts::link: a robot shows it as a link
  i18n::Translator tr;               // the language it is in: each format's own words use it
};

// The report of `run`, in `tr`'s language ([report] language, made once by the caller).
// `attention` must outlive the content (groups point at its items).
ReportContent reportContent(const RunFacts& run, const report::Attention& attention,
                            SendReason reason, const std::string& keyword,
                            const i18n::Translator& tr);
// The same with a Translator of `language` from the default catalogue folders.
ReportContent reportContent(const RunFacts& run, const report::Attention& attention,
                            SendReason reason, const std::string& keyword, ReportLanguage language);

// How a report introduces what resolves an item: "Run: COMMAND" for one of membersync's
// commands, "To do: WHAT" for anything else ("fix line 14 of hr-export.csv"). `shown` is the
// command as the format writes it (escaped, or as code).
std::string doLine(const std::string& command, const std::string& shown,
                   const i18n::Translator& tr);
// "Everything, and what to do: membersync status", the command as the format writes it.
std::string footerLine(const std::string& shownCommand, const i18n::Translator& tr);
bool isCommand(const std::string& command);  // it is membersync's: a robot shows it as code

// `command` with `--config FILE` after "membersync" when the run's configuration is not the
// default one (and the command has none); anything else ("fix line 14 of hr-export.csv") as it
// is.
std::string withConfig(const std::string& command, const RunFacts& run);

// The console's page of `run` under `[console] public_url` ("https://host/console/" gives
// "https://host/console/runs/21"); "" when there is no public_url or no recorded run.
std::string runPageLink(const std::string& publicUrl, state::RunId run);

}  // namespace membersync::notify
