#pragma once

#include <string>
#include <vector>

#include "jobs/i18n/message.h"
#include "jobs/i18n/translator.h"
#include "jobs/state/types.h"

namespace membersync::report {

// One count of a run: its name in machine output (/healthz `counts`) and its words in text.
struct RunCount {
  const char* key;    // "added", "edited", ..., "unknown"
  const char* words;  // in English: "added", "changed", ..., "in doubt"
  int n;
  i18n::Message text;  // for people: "{count} added", ..., "{count} in doubt"
};

// Every count of a run, in the order text and JSON give them: the one mapping of RunCounts to
// names, so `sync`, `status`, the daemon's log and STATUS= line and /healthz cannot drift apart.
std::vector<RunCount> runCountFields(const state::RunCounts& counts);

// What a run did, in words: "3 added, 2 changed, 1 asset changes, 1 held" (counts of 0 left
// out; "no changes" for none), in the reader's language. Shared by `sync`, `status`, the daemon's
// log and STATUS= line.
std::string runCountsText(const i18n::Translator& tr, const state::RunCounts& counts);
// In English: for logs and programs.
std::string runCountsText(const state::RunCounts& counts);

// `message` in the reader's language; "" for none (an empty message is no msgid to look up).
std::string rendered(const i18n::Translator& tr, const i18n::Message& message);

// Items of a list in the reader's language: "a, b, c" in English.
std::string joinedList(const i18n::Translator& tr, const std::vector<std::string>& items);

}  // namespace membersync::report
