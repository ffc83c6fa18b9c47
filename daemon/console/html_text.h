#pragma once

#include <string>

#include "jobs/i18n/translator.h"

// A translated sentence that holds markup (a <code> command, a link) inside it. The sentence is
// one format string for the translator ("And {more} more: {command} lists every one.": a
// translation may move the command), so the markup cannot be in the template around pieces of
// it. Every text is escaped here, and only the markup of these functions is added: the template
// shows the result with {{{html_...}}}, the one kind of value it writes unescaped.
namespace membersync::console {

// `text` escaped for HTML text and attribute values, as mstch escapes {{value}}.
std::string htmlEscaped(const std::string& text);
// <code>text</code>, escaped.
std::string htmlCode(const std::string& text);
// <a href="href">text</a>, both escaped.
std::string htmlLink(const std::string& href, const std::string& text);

// The translated `sentence`, escaped, with each {name} replaced by its fragment (made by the
// functions above, or htmlEscaped plain text).
std::string richText(const std::string& sentence, const i18n::Arguments& fragments);

}  // namespace membersync::console
