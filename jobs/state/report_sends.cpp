// Run reports (jobs/notify): how each report went on each channel, and the newest of each, which
// the next report is judged by.

#include <Poco/Data/Statement.h>

#include <vector>

#include "jobs/state/connection.h"
#include "jobs/state/rows.h"
#include "jobs/state/sqlite_store.h"

namespace membersync::state {

using namespace Poco::Data::Keywords;
using Poco::Data::Session;

void SqliteStore::recordReportSend(const ReportSend& send) {
  db_->guarded("recording a report sent", [&](Session& s) {
    Poco::Int64 run = send.runId;
    Poco::Int64 at = send.at != 0 ? send.at : wallMillis();
    std::string state = toString(send.state);
    s << "INSERT INTO report_sends (run_id, channel, at, state, reason, situation, why)"
         " VALUES (?, ?, ?, ?, ?, ?, ?)",
        use(run), useRef(send.channel), use(at), use(state), useRef(send.reason),
        useRef(send.situation), useRef(send.why), now;
  });
}

std::vector<ReportSend> SqliteStore::lastReportSends() {
  std::vector<ReportSend> sends;
  db_->guarded("reading the last reports sent", [&](Session& s) {
    s << std::string("SELECT ") + detail::kReportSendColumns +
             " FROM report_sends WHERE id IN"
             " (SELECT max(id) FROM report_sends GROUP BY channel) ORDER BY channel",
        into(sends), now;
  });
  return sends;
}

}  // namespace membersync::state
