// How mailing a password went, in Chinese with the real catalogue (po/zh_CN.po, compiled beside
// the membersync binary), as `status` and `passwords` show it; the mail server's reply as it came,
// and in English as before.

#include <catch2/catch.hpp>
#include <sstream>

#include "jobs/deliver/passwords_listing.h"
#include "jobs/report/passwords_text.h"

using namespace membersync;
using Catch::Matchers::Contains;

namespace {

i18n::Translator chinese() {
  return i18n::Translator(i18n::Language::ZhCN, {MEMBERSYNC_TEST_LOCALE_DIR});
}

state::PasswordToHandOut mailed(state::MailState mail) {
  state::PasswordToHandOut row;
  row.account = "zhaolei";
  row.mail = mail;
  row.attempts = 2;
  row.mailTo = "zhaolei@example.com";
  row.reply = "451 try later";
  return row;
}

}  // namespace

TEST_CASE("mail notes in Chinese: each state of mailing, the server's reply as it came",
          "[report][i18n]") {
  const auto tr = chinese();
  using state::MailState;
  CHECK(deliver::describeMail(tr, mailed(MailState::Retry)) ==
        "邮件未送达（已尝试 2 次，稍后重试）：451 try later");
  CHECK(deliver::describeMail(tr, mailed(MailState::Refused)) ==
        "发往 zhaolei@example.com 的邮件被拒收（等待新的邮箱地址）：451 try later");
  CHECK(deliver::describeMail(tr, mailed(MailState::InDoubt)) ==
        "邮件结果未知：已发往 zhaolei@example.com，但没有记录到答复；请先问本人，再用 "
        "--handed-out 或 --resend");
  CHECK(deliver::describeMail(tr, mailed(MailState::Manual)) == "邮件送达前已确认；请手动发放");
  CHECK(deliver::describeMail(tr, mailed(MailState::None)).empty());
  // In English, as before.
  CHECK(deliver::describeMail(mailed(MailState::Retry)) ==
        "mail not delivered (2 attempt(s), tried again later): 451 try later");
}

TEST_CASE("passwords in Chinese: the delivery column in Chinese, CSV and JSON in English",
          "[report][i18n]") {
  deliver::ListedPassword p;
  p.account = p.hrAccount = "zhaolei";
  p.login = "zhaolei@acme";
  p.password = Secret("Kq7-example-1");
  p.delivery = deliver::mailNote(mailed(state::MailState::Manual));
  std::ostringstream text;
  report::printPasswordsText(text, chinese(), {p});
  CHECK_THAT(text.str(), Contains("邮件送达前已确认；请手动发放"));
  std::ostringstream json;
  report::printPasswordsJson(json, {p});
  CHECK_THAT(json.str(), Contains("confirmed before mail delivery; hand it out"));
}
