#include "jobs/notify/robot_request.h"

#include <Poco/JSON/Array.h>
#include <Poco/JSON/Object.h>

#include <chrono>
#include <sstream>
#include <vector>

#include "jobs/center/url.h"
#include "jobs/core/hmac.h"
#include "jobs/core/text.h"
#include "jobs/notify/content_fit.h"
#include "jobs/notify/render_text.h"
#include "jobs/notify/utf8_text.h"
#include "jobs/notify/webhook_url.h"
#include "jobs/report/run_text.h"

namespace membersync::notify {
namespace {

using Poco::JSON::Array;
using Poco::JSON::Object;

Object::Ptr newObject() {
  return new Object(Poco::JSON_PRESERVE_KEY_ORDER);
}

std::string stringify(const Object::Ptr& o) {
  std::ostringstream out;
  o->stringify(out);
  return out.str();
}

center::HttpRequest post(std::string url, std::string body) {
  center::HttpRequest r;
  r.method = "POST";
  r.url = std::move(url);
  r.headers = {{"Content-Type", "application/json; charset=utf-8"}};
  r.body = std::move(body);
  return r;
}

std::int64_t epoch(Clock::WallPoint now, bool millis) {
  const auto since = now.time_since_epoch();
  return millis ? std::chrono::duration_cast<std::chrono::milliseconds>(since).count()
                : std::chrono::duration_cast<std::chrono::seconds>(since).count();
}

// The most of `content` whose `render` is at most `limit` bytes: the one way every format cuts.
template <class Render>
std::string fittedRender(const ReportContent& content, std::size_t perGroup, std::size_t limit,
                         Render render) {
  const Shown shown =
      fitted(content, perGroup, limit, [&](const Shown& s) { return render(s).size(); });
  return render(shown);
}

// --- Feishu's rich text ------------------------------------------------------------------

Object::Ptr tag(const char* name, const std::string& text) {
  Object::Ptr t = newObject();
  t->set("tag", name);
  t->set("text", text);
  return t;
}

class PostLines {
 public:
  void text(const std::string& line) {
    Array::Ptr a = new Array;
    a->add(tag("text", line));
    lines_->add(a);
  }
  void link(const std::string& label, const std::string& href) {
    Array::Ptr a = new Array;
    Object::Ptr t = tag("a", label);
    t->set("href", href);
    a->add(t);
    lines_->add(a);
  }
  Array::Ptr lines() const { return lines_; }

 private:
  Array::Ptr lines_ = new Array;
};

Array::Ptr postLines(const ReportContent& c, const Shown& shown) {
  PostLines p;
  p.text(c.summary.empty() ? "" : c.summary.front());
  if (shown.message)
    for (std::size_t i = 1; i < c.summary.size(); ++i) p.text(c.summary[i]);
  for (std::size_t i = 0; i < c.groups.size(); ++i) {
    const ReportGroup& g = c.groups[i];
    p.text("");
    p.text(g.heading);
    if (shown.reasons && !g.reason.empty())
      p.text(i18n::format(c.tr.tr("Why: {reason}"), {{"reason", g.reason}}));
    if (shown.commands && !g.command.empty()) p.text(doLine(g.command, g.command, c.tr));
    for (std::size_t k = 0; k < shown.items[i]; ++k) p.text("- " + g.items[k]);
    if (const std::string more = moreLine(g, shown.items[i], c.tr); !more.empty()) p.text(more);
  }
  p.text("");
  p.text(c.footer);
  if (!c.link.empty()) p.link(c.tr.tr("Details"), c.link);
  return p.lines();
}

const char* feishuLanguage(ReportLanguage language) {
  switch (language) {
    case ReportLanguage::En:
      return "en_us";
    case ReportLanguage::ZhCN:
      return "zh_cn";
  }
  return "en_us";
}

// --- json -----------------------------------------------------------------------------------

Object::Ptr countsObject(const state::RunCounts& counts) {
  Object::Ptr o = newObject();
  for (const auto& field : report::runCountFields(counts)) o->set(field.key, field.n);
  return o;
}

Object::Ptr itemObject(const report::AttentionItem& item, const RunFacts& run) {
  Object::Ptr o = newObject();
  o->set("account", item.account);
  o->set("name", item.name);
  o->set("employee_id", item.employeeId);
  o->set("source", item.source);
  o->set("reason", i18n::english(item.reason));
  o->set("command", withConfig(i18n::english(item.command), run));
  return o;
}

Array::Ptr attentionArray(const ReportContent& c, const Shown& shown, const RunFacts& run) {
  Array::Ptr groups = new Array;
  for (std::size_t i = 0; i < c.groups.size(); ++i) {
    const ReportGroup& g = c.groups[i];
    Object::Ptr o = newObject();
    o->set("kind", report::toString(g.kind));
    o->set("count", static_cast<Poco::UInt64>(g.count));
    o->set("reason", g.reason);
    o->set("command", g.command);
    Array::Ptr items = new Array;
    for (std::size_t k = 0; k < shown.items[i]; ++k) items->add(itemObject(*g.sources[k], run));
    o->set("items", items);
    o->set("more", static_cast<Poco::UInt64>(g.count - shown.items[i]));
    groups->add(o);
  }
  return groups;
}

std::string jsonBody(const ReportContent& c, const Shown& shown, const JsonFacts& f) {
  Object::Ptr o = newObject();
  o->set("format", "membersync-report");
  o->set("version", 1);
  o->set("enterprise", f.run.enterprise);
  o->set("run", f.run.run);
  o->set("outcome", f.run.outcome);
  o->set("reason", toString(f.reason));
  o->set("at", isoUtc(f.now));
  o->set("title", c.title);
  o->set("counts", countsObject(f.run.counts));
  o->set("message", f.run.message);
  o->set("attention", attentionArray(c, shown, f.run));
  o->set("status_command", c.statusCommand);
  o->set("link", c.link);
  o->set("text", plainText(c, shown));
  return stringify(o);
}

}  // namespace

std::string dingTalkSign(const Secret& secret, std::int64_t timestampMs) {
  const std::string toSign = std::to_string(timestampMs) + "\n" + secret.reveal();
  return center::percentEncode(base64(hmacSha256(secret.reveal(), toSign)));
}

std::string feishuSign(const Secret& secret, std::int64_t timestampS) {
  return base64(hmacSha256(std::to_string(timestampS) + "\n" + secret.reveal(), ""));
}

center::HttpRequest weComRequest(const std::string& url, const ReportContent& content) {
  const std::string text =
      fittedRender(content, kRobotItemsPerKind, kWeComMarkdownBytes,
                   [&](const Shown& s) { return markdownText(content, s, MarkdownFlavor::WeCom); });
  Object::Ptr markdown = newObject();
  markdown->set("content", std::string(wholeLines(text, kWeComMarkdownBytes)));
  Object::Ptr body = newObject();
  body->set("msgtype", "markdown");
  body->set("markdown", markdown);
  return post(url, stringify(body));
}

center::HttpRequest dingTalkRequest(const std::string& url, const ReportContent& content,
                                    const Secret& secret, Clock::WallPoint now) {
  auto bodyOf = [&](const Shown& s) {
    Object::Ptr markdown = newObject();
    markdown->set("title", content.title);
    markdown->set("text", markdownText(content, s, MarkdownFlavor::DingTalk));
    Object::Ptr body = newObject();
    body->set("msgtype", "markdown");
    body->set("markdown", markdown);
    return stringify(body);
  };
  std::string body = fittedRender(content, kRobotItemsPerKind, kDingTalkBodyBytes, bodyOf);
  if (secret.empty()) return post(url, std::move(body));
  const std::int64_t t = epoch(now, true);
  return post(withQuery(url, {{"timestamp", std::to_string(t)}, {"sign", dingTalkSign(secret, t)}}),
              std::move(body));
}

center::HttpRequest feishuRequest(const std::string& url, const ReportContent& content,
                                  const Secret& secret, Clock::WallPoint now,
                                  ReportLanguage language) {
  const std::int64_t t = epoch(now, false);
  auto bodyOf = [&](const Shown& s) {
    Object::Ptr post = newObject();
    post->set("title", content.title);
    post->set("content", postLines(content, s));
    Object::Ptr languages = newObject();
    languages->set(feishuLanguage(language), post);
    Object::Ptr wrapper = newObject();
    wrapper->set("post", languages);
    Object::Ptr body = newObject();
    if (!secret.empty()) {
      body->set("timestamp", std::to_string(t));
      body->set("sign", feishuSign(secret, t));
    }
    body->set("msg_type", "post");
    body->set("content", wrapper);
    return stringify(body);
  };
  return post(url, fittedRender(content, kRobotItemsPerKind, kFeishuBodyBytes, bodyOf));
}

center::HttpRequest jsonRequest(const std::string& url, const ReportContent& content,
                                const JsonFacts& facts, const Secret& secret) {
  constexpr std::size_t kJsonItemsPerKind = 50;
  std::string body = fittedRender(content, kJsonItemsPerKind, kJsonBodyBytes,
                                  [&](const Shown& s) { return jsonBody(content, s, facts); });
  center::HttpRequest r = post(url, std::move(body));
  if (!secret.empty())
    r.headers.emplace_back("X-Membersync-Signature-256",
                           "sha256=" + lowerHex(hmacSha256(secret.reveal(), r.body)));
  return r;
}

}  // namespace membersync::notify
