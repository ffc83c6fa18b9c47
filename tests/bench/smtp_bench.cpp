// Benchmark: sending mail through one SMTP sender (jobs/deliver/smtp_sender.h) to a real SMTP
// server on loopback (tests/support/smtp_process.h), once in plain SMTP and once with STARTTLS
// (one session each: the handshake is paid once). Every mail has a UTF-8 name, subject and body,
// as a password mail would. Prints mails per second, wall time, this process's CPU (the
// sender), the server's CPU and this process's peak RSS. It asserts only that every mail was
// delivered and stored: the figures are for people to read.
//
//   build/tests/bench/smtp_bench [MAILS]   (default 2000)

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "jobs/deliver/smtp_sender.h"
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

}  // namespace

int main(int argc, char** argv) {
  const int mails = argc > 1 ? std::atoi(argv[1]) : 2000;
  if (mails <= 0) {
    std::fprintf(stderr, "usage: smtp_bench [MAILS]\n");
    return 2;
  }
  const bool plain = run("plain", SmtpProcess::Tls::None, deliver::SmtpTls::None, mails);
  const bool starttls =
      run("starttls", SmtpProcess::Tls::StartTls, deliver::SmtpTls::StartTls, mails);
  return plain && starttls ? 0 : 1;
}
