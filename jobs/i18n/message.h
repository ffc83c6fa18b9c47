#pragma once

#include <string>
#include <vector>

#include "jobs/i18n/translator.h"

// A message that is translated when it is shown, not when it is made: what a plan item, a run,
// a held item or a problem says is made where no reader is known (the pure planner, a run of the
// systemd service) and read later, in the reader's language (`status` in Chinese, the console in
// the language a browser asks for, a report in [report] language). So it is kept as its English
// format string (the msgid) and its named arguments, and stored in the state that way
// (encodeMessage), never as a sentence in one language.
namespace membersync::i18n {

struct Message;

// One named value of a message: text shown as it is (a name, an account, a number), or a message
// of its own, translated with the one that holds it ("{reason}; and {more}").
struct MessageArgument {
  std::string name;
  std::string text;
  std::vector<Message> message;  // empty, or the one message that is the value
};

struct Message {
  std::string id;      // the English format string, with {named} placeholders: the msgid
  std::string plural;  // with a count: the English plural form; empty: no plural
  unsigned long count = 0;
  std::vector<MessageArgument> arguments;
  bool verbatim = false;  // text that is not ours to translate (a service's own words, old state)

  bool empty() const { return id.empty(); }
  // Adds a value; returns *this, so that a message is built in one expression.
  Message& with(std::string name, std::string text);
  Message& with(std::string name, long long number);
  Message& with(std::string name, Message message);
};

// A message of ours: the id is extracted for translation (xgettext --keyword=msg).
Message msg(const char* id);
// With plural forms, chosen by `count`, which is also the value of {count}
// (xgettext --keyword=msgn:1,2).
Message msgn(const char* singular, const char* plural, unsigned long count);
// Text shown as it is, in every language.
Message verbatim(std::string text);

// `message` in the translator's language: its translation (or plural form), its placeholders
// filled, a nested message translated first.
std::string render(const Translator& tr, const Message& message);
// In English, as written in the sources: for logs, tests and machine-readable output.
std::string english(const Message& message);

// The message as one line of text to store in the state, and back. A text that was not made by
// encodeMessage (a state written before messages were stored this way, a service's words) comes
// back as verbatim text, so it still shows, as it was written.
std::string encodeMessage(const Message& message);
Message decodeMessage(const std::string& stored);

bool operator==(const MessageArgument& a, const MessageArgument& b);
bool operator==(const Message& a, const Message& b);
inline bool operator!=(const Message& a, const Message& b) {
  return !(a == b);
}

}  // namespace membersync::i18n
