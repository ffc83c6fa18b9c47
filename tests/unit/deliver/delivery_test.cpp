// Mailing confirmed passwords: the journal before the data, and what each outcome leaves behind.
// A fake MailSender stands in for the SMTP server; the state database and the outbox are real.

#include <catch2/catch.hpp>
#include <deque>

#include "jobs/core/manual_clock.h"
#include "jobs/deliver/delivery.h"
#include "jobs/deliver/mail_template.h"
#include "jobs/state/sqlite_store.h"
#include "tests/support/temp_dir.h"

using namespace membersync;
using namespace membersync::deliver;
using namespace std::chrono_literals;
using state::MailState;
using Outcome = MailResult::Outcome;

namespace {

// Answers with the results queued (Delivered once they run out); records what it was given and
// the mail state the journal held when the data was about to go out.
class FakeSender final : public MailSender {
 public:
  explicit FakeSender(state::StateStore& store) : store_(store) {}
  MailResult send(const Mail& mail, const std::function<void()>& sending) override {
    sent.push_back(mail);
    MailResult r = results.empty() ? MailResult{Outcome::Delivered, false, "250 ok"} : results.front();
    if (!results.empty()) results.pop_front();
    if (r.outcome == Outcome::Refused || (r.outcome == Outcome::TryLater && r.systemic)) return r;
    sending();
    for (const auto& row : store_.passwordsToHandOut())
      if (row.mailTo == mail.to) journaled.push_back(row.mail);
    if (dieWhileSending) throw std::runtime_error("killed");
    return r;
  }
  std::deque<MailResult> results;
  std::vector<Mail> sent;
  std::vector<MailState> journaled;  // the recipient's mail state as the data went out
  bool dieWhileSending = false;

 private:
  state::StateStore& store_;
};

struct Rig {
  testing::TempDir dir;
  ManualClock clock;
  std::unique_ptr<state::SqliteStore> store =
      state::SqliteStore::open((dir.path() / "state.db").string(), clock);
  FileOutbox outbox{(dir.path() / "new-passwords.csv").string()};
  Scrubber scrubber;
  DeliverySettings settings;
  FakeSender sender{*store};
  std::map<std::string, Recipient> people;

  Rig() {
    settings.mail = true;
    settings.from = "it@acme.example";
    settings.body = MailTemplate::builtInBody();
  }
  DeliveryTools tools() { return {*store, outbox, sender, clock, scrubber, settings}; }
  // A password the center confirmed for `account`, and its person.
  void confirmed(const std::string& account, const std::string& password,
                 const std::string& address) {
    const auto run = store->beginRun({state::RunKind::Sync, "", 0, "", ""});
    outbox.append({account, Secret(password), "t", account + "@acme", account, "名" + account});
    store->passwordGenerated(account, run);
    outbox.mark({account}, OutboxMark::Set, "t");
    store->passwordConfirmed(account);
    people[account] = {"名" + account, address};
  }
  DeliveryReport deliver() { return deliverPasswords(tools(), people); }
  const state::PasswordToHandOut* row(const std::string& account) {
    static std::vector<state::PasswordToHandOut> rows;
    rows = store->passwordsToHandOut();
    for (const auto& r : rows)
      if (r.account == account) return &r;
    return nullptr;
  }
};

}  // namespace

TEST_CASE("delivery: a delivered mail hands the password out and removes it from the outbox",
          "[deliver]") {
  Rig rig;
  rig.confirmed("zhangsan", "Pw1234567890", "zhang@acme.example");
  const auto report = rig.deliver();
  CHECK(report.delivered == 1);
  REQUIRE(rig.sender.sent.size() == 1);
  const Mail& mail = rig.sender.sent[0];
  CHECK(mail.to == "zhang@acme.example");
  CHECK(mail.toName == "名zhangsan");
  CHECK(mail.subject == "Your account zhangsan@acme");
  CHECK(mail.body.find("Pw1234567890") != std::string::npos);
  CHECK(rig.sender.journaled == std::vector<MailState>{MailState::Sending});
  CHECK(rig.store->passwordsToHandOut().empty());
  CHECK(rig.store->handedOutAccounts() == std::vector<std::string>{"zhangsan"});
  CHECK(rig.outbox.current().count("zhangsan") == 0);
  CHECK(rig.scrubber.scrub("x Pw1234567890 y") == "x [redacted] y");
  CHECK(rig.deliver().delivered == 0);  // never mailed twice
}

TEST_CASE("delivery: a mail not delivered is tried again after a delay that grows",
          "[deliver]") {
  Rig rig;
  rig.confirmed("lisi", "Pw1234567890", "li@acme.example");
  rig.sender.results = {{Outcome::TryLater, false, "451 try later"},
                        {Outcome::TryLater, false, "451 try later"}};
  CHECK(rig.deliver().tryLater == 1);
  REQUIRE(rig.row("lisi"));
  CHECK(rig.row("lisi")->mail == MailState::Retry);
  CHECK(rig.row("lisi")->attempts == 1);
  CHECK(rig.deliver().waiting == 1);  // not due yet
  CHECK(rig.sender.sent.size() == 1);
  rig.clock.advance(900s);
  CHECK(rig.deliver().tryLater == 1);
  CHECK(rig.row("lisi")->attempts == 2);
  rig.clock.advance(1799s);
  CHECK(rig.deliver().waiting == 1);  // the second delay is twice the first
  rig.clock.advance(1s);
  CHECK(rig.deliver().delivered == 1);
  CHECK(rig.sender.sent.size() == 3);
  CHECK(rig.outbox.current().count("lisi") == 0);
}

TEST_CASE("delivery: a refused address waits until HR gives a new one", "[deliver]") {
  Rig rig;
  rig.confirmed("wangwu", "Pw1234567890", "bad@acme.example");
  rig.sender.results = {{Outcome::Refused, false, "550 no such user"}};
  CHECK(rig.deliver().refused == 1);
  rig.clock.advance(48h);
  CHECK(rig.deliver().waiting == 1);
  CHECK(rig.sender.sent.size() == 1);
  CHECK(rig.outbox.current().at("wangwu").confirmed);  // the password stays
  rig.people["wangwu"].address = "good@acme.example";
  CHECK(rig.deliver().delivered == 1);
  CHECK(rig.sender.sent.back().to == "good@acme.example");
}

TEST_CASE("delivery: a mail in doubt is never mailed again on its own, only resent by request",
          "[deliver]") {
  Rig rig;
  rig.confirmed("zhaoliu", "Pw1234567890", "zhao@acme.example");
  rig.sender.results = {{Outcome::InDoubt, true, "connection lost after the data"}};
  CHECK(rig.deliver().inDoubt == 1);
  rig.clock.advance(72h);
  CHECK(rig.deliver().waiting == 1);
  CHECK(rig.sender.sent.size() == 1);
  CHECK(rig.outbox.current().count("zhaoliu") == 1);
  const auto again = resendPassword(rig.tools(), "zhaoliu", rig.people);
  CHECK(again.delivered);
  CHECK(rig.sender.sent.size() == 2);
  CHECK(rig.outbox.current().count("zhaoliu") == 0);
}

TEST_CASE("delivery: a run that died while sending leaves the mail in doubt, not sent again",
          "[deliver]") {
  Rig rig;
  rig.confirmed("sunqi", "Pw1234567890", "sun@acme.example");
  rig.sender.dieWhileSending = true;
  CHECK_THROWS(rig.deliver());
  rig.sender.dieWhileSending = false;
  const auto report = rig.deliver();  // the next run
  CHECK(report.inDoubt == 1);
  CHECK(report.delivered == 0);
  CHECK(rig.sender.sent.size() == 1);
  REQUIRE(rig.row("sunqi"));
  CHECK(rig.row("sunqi")->mail == MailState::InDoubt);
  CHECK(rig.row("sunqi")->mailTo == "sun@acme.example");
}

TEST_CASE("delivery: a server that is down stops mailing for the run, every mail tried later",
          "[deliver]") {
  Rig rig;
  rig.confirmed("a1", "Pw1234567890", "a1@acme.example");
  rig.confirmed("a2", "Pw2234567890", "a2@acme.example");
  rig.confirmed("a3", "Pw3234567890", "a3@acme.example");
  rig.sender.results = {{Outcome::TryLater, true, "connection refused"}};
  const auto report = rig.deliver();
  CHECK(report.tryLater == 3);
  CHECK(rig.sender.sent.size() == 1);
  for (const char* a : {"a1", "a2", "a3"}) {
    REQUIRE(rig.row(a));
    CHECK(rig.row(a)->mail == MailState::Retry);
    CHECK(rig.row(a)->attempts == (std::string(a) == "a1" ? 1 : 0));  // a2, a3 were not tried
  }
  rig.clock.advance(900s);
  CHECK(rig.deliver().delivered == 3);
}

TEST_CASE("delivery: a person without a usable address keeps the password in the outbox",
          "[deliver]") {
  Rig rig;
  rig.confirmed("noaddr", "Pw1234567890", "");
  rig.confirmed("inject", "Pw2234567890", "x@acme.example\r\nBcc: all@acme.example");
  rig.confirmed("gone", "Pw3234567890", "gone@acme.example");
  rig.people.erase("gone");
  CHECK(rig.deliver().withoutAddress == 3);
  CHECK(rig.sender.sent.empty());
  CHECK(rig.outbox.current().size() == 3);
}

TEST_CASE("delivery: the retry delay doubles from retry_after_s up to a day", "[deliver]") {
  DeliverySettings s;
  s.retryAfterS = 900;
  CHECK(retryDelay(s, 1) == std::chrono::seconds(900));
  CHECK(retryDelay(s, 3) == std::chrono::seconds(3600));
  CHECK(retryDelay(s, 40) == std::chrono::seconds(DeliverySettings::kMaxRetryDelayS));
  s.retryAfterS = 0;
  CHECK(retryDelay(s, 5) == std::chrono::seconds(0));
}

TEST_CASE("delivery: addresses that could add a header are not addresses", "[deliver]") {
  CHECK(isMailAddress("zhang.san+it@acme.example"));
  CHECK_FALSE(isMailAddress("zhang@acme.example\r\nBcc: x@y"));
  CHECK_FALSE(isMailAddress("Zhang <zhang@acme.example>"));
  CHECK_FALSE(isMailAddress("a@b@c"));
  CHECK_FALSE(isMailAddress("@acme.example"));
  CHECK_FALSE(isMailAddress("zhang@"));
}

TEST_CASE("delivery: a stopping membersync starts no new mail", "[deliver]") {
  Rig rig;
  rig.confirmed("a1", "Pw1234567890", "a1@acme.example");
  std::atomic<bool> cancel{true};
  auto tools = rig.tools();
  tools.cancel = &cancel;
  deliverPasswords(tools, rig.people);
  CHECK(rig.sender.sent.empty());
  REQUIRE(rig.row("a1"));
  CHECK(rig.row("a1")->mail == MailState::None);  // the next run mails it
}

TEST_CASE("delivery: names lose control characters before they reach a header", "[deliver]") {
  Rig rig;
  rig.confirmed("ctl", "Pw1234567890", "ctl@acme.example");
  rig.people["ctl"].name = std::string("Evil\0Name\x0b", 10);
  rig.deliver();
  REQUIRE(rig.sender.sent.size() == 1);
  CHECK(rig.sender.sent[0].toName == "Evil Name ");
}

TEST_CASE("delivery: tidying drops handed-out lines and forgets old rows the outbox lacks",
          "[deliver]") {
  Rig rig;
  rig.confirmed("kept", "Pw1234567890", "");
  rig.confirmed("given", "Pw2234567890", "");
  rig.store->passwordHandedOut("given");  // its rewrite never happened (a crash)
  // A row from before schema 6 whose password was in fact never set.
  const auto run = rig.store->beginRun({state::RunKind::Sync, "", 0, "", ""});
  rig.store->passwordGenerated("ghost", run);
  rig.store->passwordConfirmed("ghost");
  rig.store->mailEnded("ghost", {MailState::Manual, "", "", 0, {}});
  const auto notes = tidyHandOut(*rig.store, rig.outbox);
  CHECK(notes.empty());
  CHECK(rig.outbox.current().count("given") == 0);
  CHECK(rig.outbox.current().count("kept") == 1);
  const auto rows = rig.store->passwordsToHandOut();
  REQUIRE(rows.size() == 1);
  CHECK(rows[0].account == "kept");
}
