#pragma once

// A small driver of jobs/notify against real servers: the library's reportRun() with the real
// HTTPS client (PocoTransport, peer verified against the test CA), a real SMTP sender, a real
// state database and a manual clock set to the real time (the robots check a timestamp is
// within an hour of theirs). It stands in for the binary until `sync` and the daemon call
// reportRun(); every log line it returns and every byte of its database can be searched for a
// secret.

#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "jobs/center/poco_transport.h"
#include "jobs/core/manual_clock.h"
#include "jobs/core/scrubber.h"
#include "jobs/deliver/smtp_sender.h"
#include "jobs/notify/report_run.h"
#include "jobs/notify/webhook_url.h"
#include "jobs/state/sqlite_store.h"
#include "tests/support/robot_process.h"
#include "tests/support/temp_dir.h"

namespace membersync::notify::testing {

struct ReportDriver {
  // The clock starts at `start`: the real time, or one the robots must refuse.
  explicit ReportDriver(Clock::WallPoint start = std::chrono::system_clock::now()) : clock(start) {}

  membersync::testing::TempDir dir;
  ManualClock clock;
  std::string database = (dir.path() / "state.db").string();
  std::unique_ptr<state::SqliteStore> store = state::SqliteStore::open(database, clock);
  Scrubber scrubber;
  ReportSettings settings;
  std::unique_ptr<deliver::MailSender> mail;  // set by a mail test
  std::vector<std::string> log;               // every line reportRun() said

  // A robot at `url` in `format`, signed with `secret` when not empty, its secrets registered
  // as config::registerSecrets does.
  void robot(const std::string& url, WebhookFormat format, const std::string& secret = "") {
    settings.webhookUrl = Secret(url);
    settings.webhookFormat = format;
    settings.webhookSecret = Secret(secret);
    for (const auto& piece : webhookUrlSecrets(url)) scrubber.add(piece);
    scrubber.add(settings.webhookSecret);
  }

  ReportResult report(const RunFacts& run, const report::Attention& attention) {
    center::ClientOptions centerOptions;
    centerOptions.caFile = membersync::testing::RobotProcess::caFile();
    center::PocoTransport transport(robotTransportOptions(centerOptions, settings));
    ReportResult r = reportRun(
        settings, ReportTools{&transport, mail.get(), *store, clock, scrubber}, run, attention);
    for (const auto& c : r.channels) log.push_back(c.text(run.run));
    for (const auto& p : r.problems) log.push_back(p);
    return r;
  }
};

}  // namespace membersync::notify::testing
