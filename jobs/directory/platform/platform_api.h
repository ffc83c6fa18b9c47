#pragma once

// What membersync needs of an organisation platform (DingTalk, WeCom, Feishu/Lark), as plain
// values: each vendor's decoders (dingtalk_pages.h, wecom_pages.h, feishu_pages.h) turn one
// answer's bytes into these, and the one walk (platform_walk.h) turns a whole walk of them into
// the rows every source ends in (source_table.h). Pure: no HTTP, no Poco, no clock.
//
// Why typed answers: a walk must tell apart an answer to retry after a pause (a rate limit, an
// HTML page where JSON was expected), a token to fetch again once (expired), a configuration
// problem to stop on without retrying (a monthly quota spent, a permission the app lacks, an
// address not trusted) and everything else, which fails the read whole: nothing is planned from
// a partial list.

#include <optional>
#include <string>
#include <vector>

namespace membersync::directory::platform {

enum class AnswerKind {
  Ok,
  TokenExpired,  // fetch a token again, once, and repeat the call
  RateLimited,   // pause and repeat the call, within the run's time-out
  Quota,         // the monthly call quota is spent: a configuration problem, no retry
  Permission,    // the app lacks a scope or permission, or the address is not trusted: no retry
  Failed,        // anything else: the read fails whole
};

// Why an answer was not Ok, for the message a person reads: the vendor's code and text, and
// what to do (the permission to grant, the IP to add), already worded by the decoder.
struct Problem {
  AnswerKind kind = AnswerKind::Ok;
  std::string code;     // the vendor's errcode or HTTP status, as text ("90018", "HTTP 429")
  std::string message;  // the vendor's errmsg (never a token or secret)
  std::string todo;     // what an administrator does about it; may be empty
  int retryAfterS = 0;  // RateLimited: what the vendor asked for, 0 when it did not say
};

// One decoded answer: a value when Ok, else the problem.
template <typename T>
struct Answer {
  std::optional<T> value;
  Problem problem;

  bool ok() const { return value.has_value(); }
  static Answer success(T v) { return Answer{std::move(v), Problem{}}; }
  static Answer failure(Problem p) { return Answer{std::nullopt, std::move(p)}; }
};

struct Token {
  std::string value;   // a secret: goes to the scrubber as soon as it is decoded
  int expiresInS = 0;  // as the vendor said (DingTalk and WeCom 7200)
};

struct Department {
  std::string id;        // as the vendor writes it ("1", "od-5f3c..."), compared as text
  std::string parentId;  // "" for the root
  std::string name;
};

// A person as the platform lists them. `fields` hold every value the source offers under the
// platform's own names (userid, unionid, name, mobile, email, org_email, job_number, title,
// active; WeCom's and Feishu's equivalents), as text; booleans as "true"/"false".
struct User {
  std::string userId;  // the platform's stable id: DingTalk and WeCom userid, Feishu user_id
  std::vector<std::pair<std::string, std::string>> fields;
  std::vector<std::string> departmentIds;  // every department the person is in
  std::string mainDepartmentId;            // WeCom's main_department; "" where there is none
};

// A page of a paged list and where the next one starts ("" with more == false: the last).
template <typename T>
struct Page {
  std::vector<T> items;
  std::string next;  // DingTalk next_cursor, WeCom next_cursor, Feishu page_token
  bool more = false;
};

}  // namespace membersync::directory::platform
