#pragma once

// A report as text: markdown for the WeCom and DingTalk robots, plain text for mail. Pure.

#include <string>

#include "jobs/notify/content_fit.h"
#include "jobs/notify/report_content.h"

namespace membersync::notify {

// The two robots' markdown differ: WeCom breaks a line at "\n" and knows `code`; DingTalk's
// markdown joins lines unless they end in two spaces, and shows backticks as they are.
enum class MarkdownFlavor { WeCom, DingTalk };

// The report in the robot's markdown, showing what `shown` says. What came from outside (names,
// reasons, messages) is escaped so that it cannot make markup; the title (with the keyword a
// DingTalk robot looks for) is written as it is.
std::string markdownText(const ReportContent& content, const Shown& shown, MarkdownFlavor flavor);

// The report as a plain-text mail body (lines end in \n), showing what `shown` says.
std::string plainText(const ReportContent& content, const Shown& shown);

}  // namespace membersync::notify
