#pragma once

// A report as each group robot documents its messages, ready for the Transport. Pure: the time
// of a signature is passed in (from the injected Clock), never read here.
//
// WeCom (企业微信) group robot, "群机器人配置说明",
//   https://developer.work.weixin.qq.com/document/path/91770 :
//   POST the robot's webhook/send?key=KEY URL with {"msgtype":"markdown","markdown":{"content":C}};
//   C at most 4096 bytes of UTF-8 (a longer one is errcode 40058); 20 messages a minute. It
//   answers {"errcode":0,"errmsg":"ok"}; any other errcode is a refusal.
// DingTalk (钉钉) custom robot, "自定义机器人接入" and "自定义机器人安全设置",
//   https://open.dingtalk.com/document/robots/custom-robot-access and
//   https://open.dingtalk.com/document/robots/customize-robot-security-settings :
//   POST {"msgtype":"markdown","markdown":{"title":T,"text":X}} to robot/send?access_token=...;
//   signed: &timestamp=T&sign=S appended, T the time in milliseconds (refused when more than an
//   hour off), S = urlEncode(base64(HmacSHA256(key: secret, message: T + "\n" + secret))); a
//   keyword robot refuses a message without one of its keywords; 20 messages a minute. The body
//   must stay within 20,000 bytes (errcode 460101 says so: "请保持大小在 20000bytes 以内"); the
//   page itself states no size. It answers {"errcode":0,"errmsg":"ok"}.
// Feishu (飞书) custom bot, "自定义机器人使用指南",
//   https://open.feishu.cn/document/client-docs/bot-v3/add-custom-bot :
//   POST {"timestamp":"T","sign":S,"msg_type":"post","content":{"post":{LANG:{"title",
//   "content":[[tag...]...]}}}} to bot/v2/hook/TOKEN; T in seconds, S = base64(HmacSHA256(key:
//   T + "\n" + secret, message: empty)); rich text of `text` and `a` tags (Feishu has no markdown
//   message); the body at most 20 KB (taken as 20,000 bytes). It answers {"code":0,...}; 19021 is
//   a bad signature or a timestamp over an hour off.
// json: membersync's own object for anything else (docs/report-json.md), at most 64 KiB.

#include <cstddef>
#include <cstdint>
#include <string>

#include "jobs/center/transport.h"
#include "jobs/core/clock.h"
#include "jobs/core/secret.h"
#include "jobs/notify/report_content.h"

namespace membersync::notify {

inline constexpr std::size_t kWeComMarkdownBytes = 4096;  // markdown.content
inline constexpr std::size_t kDingTalkBodyBytes = 20000;  // the whole request body
inline constexpr std::size_t kFeishuBodyBytes = 20000;    // the whole request body ("20 KB")
inline constexpr std::size_t kJsonBodyBytes = 64 * 1024;  // ours
// Items a robot shows of each kind at most, before its size limit cuts further.
inline constexpr std::size_t kRobotItemsPerKind = 10;

// DingTalk's `sign`, URL-encoded, for a time in milliseconds.
std::string dingTalkSign(const Secret& secret, std::int64_t timestampMs);
// Feishu's `sign` for a time in seconds.
std::string feishuSign(const Secret& secret, std::int64_t timestampS);

center::HttpRequest weComRequest(const std::string& url, const ReportContent& content);
// Signed when `secret` is not empty, with `now` as its timestamp.
center::HttpRequest dingTalkRequest(const std::string& url, const ReportContent& content,
                                    const Secret& secret, Clock::WallPoint now);
center::HttpRequest feishuRequest(const std::string& url, const ReportContent& content,
                                  const Secret& secret, Clock::WallPoint now,
                                  ReportLanguage language);

// What the json format says beyond the content.
struct JsonFacts {
  const RunFacts& run;
  SendReason reason;
  Clock::WallPoint now;
};
// With a secret, X-Membersync-Signature-256: sha256=HEX(HmacSHA256(secret, body)).
center::HttpRequest jsonRequest(const std::string& url, const ReportContent& content,
                                const JsonFacts& facts, const Secret& secret);

}  // namespace membersync::notify
