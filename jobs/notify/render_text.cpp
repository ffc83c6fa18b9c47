#include "jobs/notify/render_text.h"

#include <string_view>
#include <vector>

namespace membersync::notify {
namespace {

// Backslash before every character markdown may read as markup: emphasis, code, links, HTML
// (WeCom's <font>), headings and lists at the start of a line.
std::string escaped(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    if (std::string_view("\\`*_[]<>#|~").find(c) != std::string_view::npos) out += '\\';
    out += c;
  }
  if (!out.empty() && (out[0] == '-' || out[0] == '+')) out.insert(0, "\\");
  return out;
}

// Lines of one paragraph, broken as the flavor breaks lines; paragraphs apart by an empty line.
class MarkdownWriter {
 public:
  explicit MarkdownWriter(MarkdownFlavor flavor) : flavor_(flavor) {}

  void line(const std::string& text) { paragraph_.push_back(text); }
  // A command as code where the robot knows code (WeCom); other text as text.
  std::string command(const std::string& command) const {
    const bool asCode = flavor_ == MarkdownFlavor::WeCom && isCommand(command);
    return asCode ? "`" + command + "`" : escaped(command);
  }
  void endParagraph() {
    if (paragraph_.empty()) return;
    if (!out_.empty()) out_ += "\n\n";
    const char* breakLine = flavor_ == MarkdownFlavor::DingTalk ? "  \n" : "\n";
    for (std::size_t i = 0; i < paragraph_.size(); ++i)
      out_ += (i ? breakLine : "") + paragraph_[i];
    paragraph_.clear();
  }
  std::string text() {
    endParagraph();
    return out_;
  }

 private:
  MarkdownFlavor flavor_;
  std::vector<std::string> paragraph_;
  std::string out_;
};

std::string whyLine(const std::string& reason, const i18n::Translator& tr) {
  return i18n::format(tr.tr("Why: {reason}"), {{"reason", reason}});
}

void writeGroup(MarkdownWriter& w, const ReportGroup& g, std::size_t items, const Shown& shown,
                const i18n::Translator& tr) {
  w.line("**" + escaped(g.heading) + "**");
  if (shown.reasons && !g.reason.empty()) w.line(whyLine(escaped(g.reason), tr));
  if (shown.commands && !g.command.empty()) w.line(doLine(g.command, w.command(g.command), tr));
  for (std::size_t i = 0; i < items; ++i) w.line("- " + escaped(g.items[i]));
  if (const std::string more = moreLine(g, items, tr); !more.empty()) w.line(more);
  w.endParagraph();
}

// The summary lines shown: the first always, the rest (the message) when `shown` says so.
std::vector<std::string> summaryShown(const ReportContent& c, const Shown& shown) {
  if (shown.message || c.summary.empty()) return c.summary;
  return {c.summary.front()};
}

}  // namespace

std::string markdownText(const ReportContent& c, const Shown& shown, MarkdownFlavor flavor) {
  MarkdownWriter w(flavor);
  w.line("### " + c.title);
  w.endParagraph();
  for (const auto& line : summaryShown(c, shown)) w.line(escaped(line));
  w.endParagraph();
  for (std::size_t i = 0; i < c.groups.size(); ++i)
    writeGroup(w, c.groups[i], shown.items[i], shown, c.tr);
  w.line(footerLine(w.command(c.statusCommand), c.tr));
  if (!c.link.empty()) w.line("[" + c.tr.tr("Details") + "](" + c.link + ")");
  return w.text();
}

std::string plainText(const ReportContent& c, const Shown& shown) {
  std::string out = c.title + "\n\n";
  for (const auto& line : summaryShown(c, shown)) out += line + "\n";
  for (std::size_t i = 0; i < c.groups.size(); ++i) {
    const ReportGroup& g = c.groups[i];
    out += "\n" + g.heading + "\n";
    if (shown.reasons && !g.reason.empty()) out += "  " + whyLine(g.reason, c.tr) + "\n";
    if (shown.commands && !g.command.empty())
      out += "  " + doLine(g.command, g.command, c.tr) + "\n";
    for (std::size_t k = 0; k < shown.items[i]; ++k) out += "  - " + g.items[k] + "\n";
    if (const std::string more = moreLine(g, shown.items[i], c.tr); !more.empty())
      out += "  " +
             i18n::format(c.tr.tr("{more} ({command} lists them all)"),
                          {{"more", more}, {"command", c.statusCommand}}) +
             "\n";
  }
  out += "\n" + c.footer + "\n";
  if (!c.link.empty()) out += i18n::format(c.tr.tr("Details: {link}"), {{"link", c.link}}) + "\n";
  return out;
}

}  // namespace membersync::notify
