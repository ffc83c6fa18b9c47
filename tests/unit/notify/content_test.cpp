// The content of a run report: what it says, grouped by kind with the commands, the first items
// and "and N more", and how it is cut to a size in UTF-8 bytes.

#include <catch2/catch.hpp>

#include "jobs/notify/content_fit.h"
#include "jobs/notify/render_text.h"
#include "jobs/notify/report_content.h"
#include "jobs/notify/utf8_text.h"
#include "tests/unit/notify/notify_fixture.h"

using namespace membersync::notify;
using namespace membersync::notify::testing;

namespace {

bool validUtf8(const std::string& text) {
  std::size_t i = 0;
  while (i < text.size()) {
    const auto c = static_cast<unsigned char>(text[i]);
    const std::size_t n = c < 0x80           ? 1
                          : (c >> 5) == 0x6  ? 2
                          : (c >> 4) == 0xE  ? 3
                          : (c >> 3) == 0x1E ? 4
                                             : 0;
    if (n == 0 || i + n > text.size()) return false;
    for (std::size_t k = 1; k < n; ++k)
      if ((static_cast<unsigned char>(text[i + k]) & 0xC0) != 0x80) return false;
    i += n;
  }
  return true;
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

}  // namespace

TEST_CASE("report content: the title names the enterprise, the run and what needs a person",
          "[notify]") {
  const auto attention = heldAndInvalid();
  const ReportContent c =
      reportContent(facts(), attention, SendReason::New, "", ReportLanguage::En);
  CHECK(c.title == "membersync acme: run 21 needs a person (2 held, 1 invalid row)");
  REQUIRE(c.summary.size() == 1);
  CHECK(c.summary[0] == "Outcome: partly-failed. What it did: 3 added, 2 held.");
  REQUIRE(c.groups.size() == 2);
  CHECK(c.groups[0].heading == "2 held by a safety guard");
  CHECK(c.groups[1].heading == "1 HR row skipped as invalid");
  CHECK(c.footer == "Everything, and what to do: membersync status");
}

TEST_CASE("report content: a group's shared reason and command are said once, items by name",
          "[notify]") {
  const auto attention = heldAndInvalid();
  const ReportContent c =
      reportContent(facts(), attention, SendReason::New, "", ReportLanguage::En);
  const ReportGroup& held = c.groups[0];
  CHECK(held.reason == "the guard held 2 of 40 withdrawals");
  CHECK(held.command == "membersync allow 21");
  CHECK(held.items == std::vector<std::string>{"zhangsan 张三", "lisi 李四"});
  // A row without an account is named by its name and where it came from.
  CHECK(c.groups[1].items[0] == "王五 (hr-export.csv:14)");
  CHECK(c.groups[1].command == "fix line 14 of hr-export.csv");
}

TEST_CASE("report content: items that differ say their own reason and command", "[notify]") {
  const auto attention = many(AttentionKind::Refused, 2);
  const ReportContent c =
      reportContent(facts(), attention, SendReason::New, "", ReportLanguage::En);
  CHECK(c.groups[0].reason.empty());
  CHECK(c.groups[0].command.empty());
  CHECK(c.groups[0].items[1] ==
        "user1 欧阳明月1: 中心拒绝了这一行：部门不存在 1. Run: membersync explain user1");
}

TEST_CASE(
    "report content: commands carry --config FILE when the configuration is not the "
    "default one",
    "[notify]") {
  RunFacts f = facts();
  f.defaultConfig = false;
  f.configPath = "/etc/membersync/acme.ini";
  const auto attention = heldAndInvalid();
  const ReportContent c = reportContent(f, attention, SendReason::New, "", ReportLanguage::En);
  CHECK(c.groups[0].command == "membersync --config /etc/membersync/acme.ini allow 21");
  CHECK(c.groups[1].command == "fix line 14 of hr-export.csv");  // not membersync's: as it is
  CHECK(c.statusCommand == "membersync --config /etc/membersync/acme.ini status");
  f.configPath = "/srv/my configs/acme.ini";
  CHECK(withConfig("membersync passwords", f) ==
        "membersync --config '/srv/my configs/acme.ini' passwords");
  CHECK(withConfig("membersync --config x.ini allow 3", f) == "membersync --config x.ini allow 3");
}

TEST_CASE("report content: a failed run says so, its message on one line", "[notify]") {
  RunFacts f = facts("failed");
  f.message = "the member center answered 60000:\ninvalid token";
  const ReportContent c = reportContent(f, {}, SendReason::New, "", ReportLanguage::En);
  CHECK(c.title == "membersync acme: run 21 failed");
  REQUIRE(c.summary.size() == 2);
  CHECK(c.summary[1] == "Message: the member center answered 60000: invalid token");
  CHECK(c.groups.empty());
}

TEST_CASE(
    "report content: the keyword of a DingTalk robot opens the title, and a reminder says "
    "it is one",
    "[notify]") {
  const auto attention = heldAndInvalid();
  const ReportContent c = reportContent(facts(), attention, SendReason::Reminder,
                                        "membersync-alert", ReportLanguage::En);
  CHECK(c.title.rfind("[membersync-alert] Reminder: membersync acme: run 21", 0) == 0);
  CHECK(contains(markdownText(c, showFirst(c, 10), MarkdownFlavor::DingTalk), "membersync-alert"));
}

TEST_CASE("report content: a situation that cleared says so", "[notify]") {
  const ReportContent c =
      reportContent(facts("done"), {}, SendReason::Resolved, "", ReportLanguage::En);
  CHECK(c.title == "membersync acme: run 21 done, nothing needs a person");
  CHECK(c.summary.back() == "What was reported before has been dealt with.");
}

TEST_CASE("report fit: the first items of each kind, then 'and N more'", "[notify]") {
  const auto attention = many(AttentionKind::Refused, 25);
  const ReportContent c =
      reportContent(facts(), attention, SendReason::New, "", ReportLanguage::En);
  const Shown shown = showFirst(c, 10);
  CHECK(shown.items == std::vector<std::size_t>{10});
  const std::string text = plainText(c, shown);
  CHECK(contains(text, "  - user9 "));
  CHECK_FALSE(contains(text, "user10 "));
  CHECK(contains(text, "  and 15 more (membersync status lists them all)"));
}

TEST_CASE(
    "report fit: a limit in UTF-8 bytes is met by cutting whole items, Chinese names "
    "never cut in the middle",
    "[notify]") {
  const auto attention = many(AttentionKind::Refused, 200);
  const ReportContent c =
      reportContent(facts(), attention, SendReason::New, "", ReportLanguage::En);
  const auto size = [&](const Shown& s) {
    return markdownText(c, s, MarkdownFlavor::WeCom).size();
  };
  const Shown shown = fitted(c, 200, 4096, size);
  const std::string text = markdownText(c, shown, MarkdownFlavor::WeCom);
  CHECK(text.size() <= 4096);
  CHECK(validUtf8(text));
  REQUIRE(shown.items[0] > 0);
  CHECK(shown.items[0] < 200);
  // Whole items: the last one shown is there to its end, then the count of the rest.
  const std::string last = "user" + std::to_string(shown.items[0] - 1) + " 欧阳明月";
  CHECK(contains(text, last));
  CHECK(contains(text, "and " + std::to_string(200 - shown.items[0]) + " more"));
  // One item more would not have fitted.
  Shown more = shown;
  ++more.items[0];
  CHECK(size(more) > 4096);
}

TEST_CASE("report fit: with no item left, reasons, then commands, then the message go",
          "[notify]") {
  const auto attention = heldAndInvalid();
  RunFacts f = facts();
  f.message = std::string(250, 'm');
  const ReportContent c = reportContent(f, attention, SendReason::New, "", ReportLanguage::En);
  const auto size = [&](const Shown& s) { return plainText(c, s).size(); };
  const Shown none = fitted(c, 10, 1, size);  // nothing fits: everything optional goes
  CHECK(none.items == std::vector<std::size_t>{0, 0});
  CHECK_FALSE(none.reasons);
  CHECK_FALSE(none.commands);
  CHECK_FALSE(none.message);
  const std::string text = plainText(c, none);
  CHECK(contains(text, "2 held by a safety guard\n  and 2 more"));
}

TEST_CASE("utf8: a prefix and a clipped text end between characters", "[notify]") {
  const std::string name = "欧阳明月";  // 4 characters of 3 bytes
  CHECK(utf8Prefix(name, 7) == "欧阳");
  CHECK(utf8Prefix(name, 6) == "欧阳");
  CHECK(utf8Prefix(name, 12) == name);
  CHECK(clipped(name, 9) == "欧阳…");  // 6 bytes and the 3 of the ellipsis
  CHECK(validUtf8(clipped(name, 8)));
  CHECK(oneLine("a\r\n\tb  c ") == "a b c");
  CHECK(wholeLines("ab\ncd\nef", 6) == "ab\ncd");
}

TEST_CASE("report markdown: names and reasons from outside cannot make markup", "[notify]") {
  membersync::report::Attention a;
  a.items.push_back(item(AttentionKind::Refused, "k", "bob", "*Bob* <font color=\"warning\">",
                         "[click](http://evil.example)", "membersync explain bob"));
  const ReportContent c = reportContent(facts(), a, SendReason::New, "", ReportLanguage::En);
  const std::string wecom = markdownText(c, showFirst(c, 10), MarkdownFlavor::WeCom);
  CHECK(contains(wecom, "\\*Bob\\* \\<font color=\"warning\"\\>"));
  CHECK(contains(wecom, "\\[click\\](http://evil.example)"));
  CHECK(contains(wecom, "Run: `membersync explain bob`"));  // WeCom knows inline code
  const std::string ding = markdownText(c, showFirst(c, 10), MarkdownFlavor::DingTalk);
  CHECK(contains(ding, "  \nRun: membersync explain bob"));  // DingTalk: two spaces break a line
}

TEST_CASE("content: a report links the run's console page under public_url, if there is one",
          "[notify]") {
  CHECK(runPageLink("https://console.acme.example", 21) == "https://console.acme.example/runs/21");
  CHECK(runPageLink("https://acme.example/membersync//", 7) ==
        "https://acme.example/membersync/runs/7");
  CHECK(runPageLink("", 21).empty());
  CHECK(runPageLink("https://console.acme.example", 0).empty());  // failed before it was recorded
}
