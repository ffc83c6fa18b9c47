// Benchmark: sending mail through one SMTP sender (jobs/deliver/smtp_sender.h) to a real SMTP
// server on loopback (tests/support/smtp_process.h), once in plain SMTP and once with STARTTLS
// (one session each: the handshake is paid once). Every mail has a UTF-8 name, subject and body,
// as a password mail would. Prints mails per second, wall time, this process's CPU (the
// sender), the server's CPU and this process's peak RSS. It asserts only that every mail was
// delivered and stored: the figures are for people to read.
//
// A third run mails MAILS confirmed passwords the way a sync does (jobs/deliver/delivery.h): each
// journaled as sending in a real state database before its data, its end recorded after, the
// outbox rewritten once at the end; the difference to "plain" is what the journal costs.
//
//   build/tests/bench/smtp_bench [MAILS]   (default 2000)

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "jobs/core/clock.h"
#include "jobs/core/scrubber.h"
#include "jobs/deliver/delivery.h"
#include "jobs/deliver/mail_template.h"
#include "jobs/deliver/smtp_sender.h"
#include "jobs/state/sqlite_store.h"
#include "tests/bench/bench_support.h"
#include "tests/support/smtp_process.h"

namespace {

using namespace membersync;
using deliver::MailResult;
using testing::SmtpProcess;

deliver::Mail mailFor(int n) {
  deliver::Mail m;
  m.from = "membersync@example.com";
  m.to = "user" + std::to_string(n) + "@example.com";
  m.toName = "员工" + std::to_string(n);
  m.subject = "您的 membersync 新密码";
  m.body = "你好，员工" + std::to_string(n) +
           "：\n\n您的新密码是 Xy7-kq4-Pz9m。请登录后立即修改。\n\n-- \nmembersync\n";
  return m;
}

// Sends `mails` mails through one sender; false when one was not delivered.
bool run(const char* label, SmtpProcess::Tls serverTls, deliver::SmtpTls tls, int mails) {
  SmtpProcess::Options options;
  options.tls = serverTls;
  SmtpProcess server(options);
  deliver::SmtpSettings settings;
  settings.host = "127.0.0.1";
  settings.port = server.port();
  settings.tls = tls;
  if (tls != deliver::SmtpTls::None) settings.caFile = SmtpProcess::caFile();
  const bool peakReset = bench::resetPeakRss();
  const double cpu0 = bench::cpuSeconds();
  const double serverCpu0 = bench::childrenCpuSeconds();
  const auto t0 = std::chrono::steady_clock::now();
  {
    auto sender = deliver::makeSmtpSender(settings);
    for (int n = 0; n < mails; ++n) {
      const MailResult r = sender->send(mailFor(n), [] {});
      if (r.outcome != MailResult::Outcome::Delivered) {
        std::fprintf(stderr, "%s: mail %d not delivered: %s\n", label, n, r.reply.c_str());
        return false;
      }
    }
  }  // QUIT
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const double cpu = bench::cpuSeconds() - cpu0;
  const double serverCpu = bench::childrenCpuSeconds() - serverCpu0;
  const long peak = bench::peakRssKb();
  const auto stored = server.mails().size();
  std::printf("%-9s %6d mails  %7.2f s  %8.0f mails/s  sender CPU %6.2f s  server CPU %6.2f s  "
              "peak RSS %6.1f MiB%s  stored %zu\n",
              label, mails, seconds, mails / seconds, cpu, serverCpu, peak / 1024.0,
              peakReset ? "" : " (whole process)", stored);
  return stored == static_cast<std::size_t>(mails);
}

// MAILS confirmed passwords mailed by deliverPasswords, journal and outbox included.
bool journaled(int mails) {
  SmtpProcess server;
  testing::TempDir dir;
  SystemClock clock;
  auto store = state::SqliteStore::open((dir.path() / "state.db").string(), clock);
  deliver::FileOutbox outbox((dir.path() / "new-passwords.csv").string());
  std::map<std::string, deliver::Recipient> people;
  const auto run = store->beginRun({state::RunKind::Sync, "", 0, "", ""});
  std::vector<deliver::OutboxEntry> entries;
  for (int n = 0; n < mails; ++n) {
    const std::string account = "user" + std::to_string(n);
    entries.push_back({account, Secret("Pw" + std::to_string(100000000 + n)), "t",
                       account + "@acme", account, "员工" + std::to_string(n)});
    people[account] = {"员工" + std::to_string(n), account + "@example.com"};
  }
  outbox.append(entries);
  std::vector<std::string> accounts;
  for (const auto& e : entries) accounts.push_back(e.account);
  outbox.mark(accounts, deliver::OutboxMark::Set, "t");
  store->transaction([&] {
    for (const auto& a : accounts) {
      store->passwordGenerated(a, run);
      store->passwordConfirmed(a);
    }
  });
  deliver::DeliverySettings settings;
  settings.mail = true;
  settings.from = "membersync@example.com";
  settings.body = deliver::MailTemplate::builtInBody();
  settings.smtp.host = "127.0.0.1";
  settings.smtp.port = server.port();
  settings.smtp.tls = deliver::SmtpTls::None;
  auto sender = deliver::makeSmtpSender(settings.smtp);
  Scrubber scrubber;
  const bool peakReset = bench::resetPeakRss();
  const double cpu0 = bench::cpuSeconds();
  const double serverCpu0 = bench::childrenCpuSeconds();
  const auto t0 = std::chrono::steady_clock::now();
  const auto report =
      deliver::deliverPasswords({*store, outbox, *sender, clock, scrubber, settings}, people);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf("%-9s %6d mails  %7.2f s  %8.0f mails/s  sender CPU %6.2f s  server CPU %6.2f s  "
              "peak RSS %6.1f MiB%s  stored %zu  outbox left %zu\n",
              "journaled", mails, seconds, mails / seconds, bench::cpuSeconds() - cpu0,
              bench::childrenCpuSeconds() - serverCpu0, bench::peakRssKb() / 1024.0,
              peakReset ? "" : " (whole process)", server.mails().size(), outbox.current().size());
  return report.delivered == mails && outbox.current().empty();
}

}  // namespace

int main(int argc, char** argv) {
  bench::printMachine();
  const int mails = argc > 1 ? std::atoi(argv[1]) : 2000;
  if (mails <= 0) {
    std::fprintf(stderr, "usage: smtp_bench [MAILS]\n");
    return 2;
  }
  const bool plain = run("plain", SmtpProcess::Tls::None, deliver::SmtpTls::None, mails);
  const bool starttls =
      run("starttls", SmtpProcess::Tls::StartTls, deliver::SmtpTls::StartTls, mails);
  const bool withJournal = journaled(mails);
  return plain && starttls && withJournal ? 0 : 1;
}
