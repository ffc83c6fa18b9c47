#pragma once

#include <string>

#include "jobs/i18n/translator.h"

// The state's machine words ("edit", "reset-password", "sync", "invalid-row") as a person reads
// them, on a console page or in `status`: in the reader's language. JSON, metrics and the state
// keep the words themselves.
namespace membersync::report {

// A step's or an item's kind ("add", "edit", "withdraw", "reset-password"), a run's kind ("sync",
// "daemon") or a word of what needs a person ("invalid-row", "in-doubt"), translated; a word the
// catalogue does not know shows as it is.
std::string machineWord(const i18n::Translator& tr, const std::string& word);

// What a held or unfinished item is about (report::AttentionItem::action): a kind ("edit"),
// "row skipped", "password", "pool RULE" or "enrol LABEL", the rule and the label kept as they
// are.
std::string actionWord(const i18n::Translator& tr, const std::string& action);

// The home page's "What" of one item: its kind's word and its action, "held edit" in English.
std::string attentionWhat(const i18n::Translator& tr, const std::string& kind,
                          const std::string& action);

// A held item's release key ("edit:E1@<digest>") with its kind in words, "修改：E1@<digest>" in
// Chinese; the rest, which names the item, as it is.
std::string itemKeyWords(const i18n::Translator& tr, const std::string& key);

}  // namespace membersync::report
