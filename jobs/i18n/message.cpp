#include "jobs/i18n/message.h"

#include <utility>

namespace membersync::i18n {

Message& Message::with(std::string name, std::string text) {
  arguments.push_back({std::move(name), std::move(text), {}});
  return *this;
}

Message& Message::with(std::string name, long long number) {
  return with(std::move(name), std::to_string(number));
}

Message& Message::with(std::string name, Message message) {
  // Verbatim text is a plain value: the same when shown, stored and compared.
  if (message.verbatim) return with(std::move(name), std::move(message.id));
  arguments.push_back({std::move(name), {}, {std::move(message)}});
  return *this;
}

Message msg(const char* id) {
  Message m;
  m.id = id;
  return m;
}

Message msgn(const char* singular, const char* plural, unsigned long count) {
  Message m;
  m.id = singular;
  m.plural = plural;
  m.count = count;
  return m.with("count", static_cast<long long>(count));
}

Message verbatim(std::string text) {
  Message m;
  m.id = std::move(text);
  m.verbatim = true;
  return m;
}

std::string render(const Translator& tr, const Message& message) {
  if (message.verbatim) return message.id;
  const std::string text = message.plural.empty()
                               ? tr.tr(message.id.c_str())
                               : tr.trn(message.id.c_str(), message.plural.c_str(), message.count);
  Arguments values;
  values.reserve(message.arguments.size());
  for (const MessageArgument& a : message.arguments)
    values.emplace_back(a.name, a.message.empty() ? a.text : render(tr, a.message.front()));
  return format(text, values);
}

std::string english(const Message& message) {
  static const Translator kEnglish;
  return render(kEnglish, message);
}

bool operator==(const MessageArgument& a, const MessageArgument& b) {
  return a.name == b.name && a.text == b.text && a.message == b.message;
}

bool operator==(const Message& a, const Message& b) {
  return a.id == b.id && a.plural == b.plural && a.count == b.count && a.verbatim == b.verbatim &&
         a.arguments == b.arguments;
}

}  // namespace membersync::i18n
