#include "daemon/health/run_board.h"

#include "jobs/report/attention.h"

#include <sstream>

#include <Poco/JSON/Object.h>
#include <Poco/JSON/Stringifier.h>

#include "daemon/schedule.h"
#include "jobs/core/scrubber.h"
#include "jobs/core/text.h"
#include "jobs/plan/plan.h"
#include "jobs/report/run_text.h"

namespace membersync::daemon {
namespace {

Clock::WallPoint fromMillis(state::Millis ms) {
  return Clock::WallPoint(
      std::chrono::duration_cast<Clock::WallPoint::duration>(std::chrono::milliseconds(ms)));
}

double seconds(Clock::Duration d) {
  return std::chrono::duration<double>(d).count();
}

double epochSeconds(Clock::WallPoint t) {
  return std::chrono::duration<double>(t.time_since_epoch()).count();
}

Poco::JSON::Object::Ptr countsJson(const state::RunCounts& c) {
  Poco::JSON::Object::Ptr o(new Poco::JSON::Object(Poco::JSON_PRESERVE_KEY_ORDER));
  for (const report::RunCount& count : report::runCountFields(c)) o->set(count.key, count.n);
  return o;
}

// A Prometheus label value: backslash, quote and newline escaped.
std::string label(const std::string& v) {
  std::string out;
  for (char c : v) {
    if (c == '\\' || c == '"') out += '\\';
    if (c == '\n') {
      out += "\\n";
      continue;
    }
    out += c;
  }
  return out;
}

void header(std::ostringstream& os, const char* name, const char* type, const char* help) {
  os << "# HELP " << name << " " << help << "\n# TYPE " << name << " " << type << "\n";
}

}  // namespace

RunBoard::RunBoard(const Scrubber& scrubber, int unhealthyAfter)
    : scrubber_(scrubber), unhealthyAfter_(unhealthyAfter) {
  for (const char* o : {"done", "held", "partly-failed", "failed", "error"}) runsByOutcome_[o] = 0;
  // Series an alert watches for an increase start at zero, so that their first change shows.
  using plan::ItemKind;
  for (ItemKind kind : {ItemKind::Add, ItemKind::Edit, ItemKind::Withdraw, ItemKind::Delete,
                        ItemKind::Assign, ItemKind::Lend, ItemKind::Enrol})
    items_[{plan::toString(kind), "unknown"}] = 0;
}

void RunBoard::seed(const state::RunSummary& s) {
  std::lock_guard<std::mutex> lock(mutex_);
  LastRun r;
  r.id = s.id;
  r.kind = state::toString(s.kind);
  r.outcome = s.outcome.empty() ? "unfinished" : s.outcome;
  r.started = fromMillis(s.startedAt);
  if (s.finishedAt) r.finished = fromMillis(*s.finishedAt);
  r.counts = s.counts;
  r.message = scrubber_.scrub(i18n::english(i18n::decodeMessage(s.message)));
  last_ = r;
}

void RunBoard::runStarted(Clock::WallPoint at) {
  std::lock_guard<std::mutex> lock(mutex_);
  running_ = true;
  runStarted_ = at;
  progress_ = Progress{"reading the HR export and the members", 0, 0};
  ++ticks_;
}

void RunBoard::phase(const std::string& name, std::size_t total) {
  std::lock_guard<std::mutex> lock(mutex_);
  progress_ = Progress{name, total, 0};
  ++ticks_;
}

void RunBoard::advance(std::size_t n) {
  std::lock_guard<std::mutex> lock(mutex_);
  progress_.done += n;
  ++ticks_;
}

void RunBoard::runFinished(const FinishedRun& run) {
  std::lock_guard<std::mutex> lock(mutex_);
  running_ = false;
  ++ticks_;
  LastRun r;
  r.id = run.id;
  r.kind = "daemon";
  r.outcome = run.outcome;
  r.started = run.started;
  r.finished = run.finished;
  r.counts = run.counts;
  r.message = scrubber_.scrub(run.message);
  for (const auto& [key, n] : run.items)
    if (key.second == "held") r.held[key.first] += n;
  last_ = r;
  lastDuration_ = std::chrono::duration_cast<Clock::Duration>(run.finished - run.started);
  ++runsByOutcome_[run.outcome];
  for (const auto& [key, n] : run.items) items_[key] += n;
  poolShortages_ = run.poolShortages;
  if (run.passwordsWaiting) passwordsWaiting_ = *run.passwordsWaiting;
  if (run.attention) attention_ = *run.attention;
  if (run.failed) {
    ++failuresInARow_;
  } else {
    failuresInARow_ = 0;
    lastSuccess_ = run.finished;
  }
}

void RunBoard::seedAttention(const std::map<std::string, int>& byKind) {
  std::lock_guard<std::mutex> lock(mutex_);
  attention_ = byKind;
}

void RunBoard::setSchedule(const std::string& schedule, Clock::WallPoint nextRun,
                           Clock::Duration backoff, int systemicInARow) {
  std::lock_guard<std::mutex> lock(mutex_);
  schedule_ = schedule;
  nextRun_ = nextRun;
  backoff_ = backoff;
  systemicInARow_ = systemicInARow;
}

void RunBoard::setStopping() {
  std::lock_guard<std::mutex> lock(mutex_);
  stopping_ = true;
}

bool RunBoard::running() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return running_;
}

std::uint64_t RunBoard::progressTicks() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return ticks_;
}

int RunBoard::healthStatus() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return !running_ && failuresInARow_ >= unhealthyAfter_ ? 503 : 200;
}

std::string RunBoard::healthJson() const {
  std::lock_guard<std::mutex> lock(mutex_);
  Poco::JSON::Object body(Poco::JSON_PRESERVE_KEY_ORDER);
  const bool unhealthy = !running_ && failuresInARow_ >= unhealthyAfter_;
  body.set("status", stopping_             ? "stopping"
                     : running_            ? "running"
                     : unhealthy           ? "failing"
                     : failuresInARow_ > 0 ? "degraded"
                                           : "ok");
  body.set("running", running_);
  if (running_) {
    Poco::JSON::Object::Ptr run(new Poco::JSON::Object(Poco::JSON_PRESERVE_KEY_ORDER));
    run->set("started", isoUtc(runStarted_));
    run->set("phase", progress_.phase);
    run->set("done", static_cast<std::uint64_t>(progress_.done));
    run->set("total", static_cast<std::uint64_t>(progress_.total));
    body.set("currentRun", run);
  }
  body.set("failuresInARow", failuresInARow_);
  if (last_) {
    Poco::JSON::Object::Ptr run(new Poco::JSON::Object(Poco::JSON_PRESERVE_KEY_ORDER));
    run->set("id", last_->id);
    run->set("kind", last_->kind);
    run->set("outcome", last_->outcome);
    run->set("started", isoUtc(last_->started));
    if (last_->finished) {
      run->set("finished", isoUtc(*last_->finished));
      run->set("durationSeconds", seconds(*last_->finished - last_->started));
    } else {
      run->set("finished", Poco::Dynamic::Var());
    }
    run->set("counts", countsJson(last_->counts));
    run->set("message", last_->message);
    Poco::JSON::Object::Ptr held(new Poco::JSON::Object(Poco::JSON_PRESERVE_KEY_ORDER));
    for (const auto& [kind, n] : last_->held) held->set(kind, n);
    run->set("held", held);  // e.g. {"edit": 60}: what `allow` would release
    body.set("lastRun", run);
  } else {
    body.set("lastRun", Poco::Dynamic::Var());
  }
  // What needs a person, by kind (every kind, 0 included), and in all: as `status` counts it.
  Poco::JSON::Object::Ptr attention(new Poco::JSON::Object(Poco::JSON_PRESERVE_KEY_ORDER));
  int total = 0;
  for (report::AttentionKind kind : report::kAttentionKinds) {
    const auto n = attention_.find(report::toString(kind));
    const int count = n == attention_.end() ? 0 : n->second;
    attention->set(report::toString(kind), count);
    total += count;
  }
  body.set("attention", attention);
  body.set("attentionTotal", total);
  body.set("lastSuccess",
           lastSuccess_ ? Poco::Dynamic::Var(isoUtc(*lastSuccess_)) : Poco::Dynamic::Var());
  body.set("schedule", schedule_);
  body.set("nextRun", nextRun_ ? Poco::Dynamic::Var(isoUtc(*nextRun_)) : Poco::Dynamic::Var());
  body.set("backoffSeconds", seconds(backoff_));
  std::ostringstream os;
  Poco::JSON::Stringifier::stringify(body, os);
  return os.str();
}

std::string RunBoard::metricsText(const std::vector<center::CallStats::Row>& calls) const {
  std::lock_guard<std::mutex> lock(mutex_);
  std::ostringstream os;
  os.precision(15);
  header(os, "membersync_runs_total", "counter", "Runs of this daemon, by outcome.");
  for (const auto& [outcome, n] : runsByOutcome_) {
    os << "membersync_runs_total{outcome=\"" << label(outcome) << "\"} " << n << "\n";
  }
  header(os, "membersync_items_total", "counter",
         "Plan items of this daemon's runs, by kind and outcome.");
  for (const auto& [key, n] : items_) {
    os << "membersync_items_total{kind=\"" << label(key.first) << "\",outcome=\""
       << label(key.second) << "\"} " << n << "\n";
  }
  header(os, "membersync_api_calls_total", "counter",
         "Calls to the member center and the activity service, by endpoint and outcome.");
  for (const auto& row : calls) {
    const std::string e = label(row.label);
    os << "membersync_api_calls_total{endpoint=\"" << e << "\",outcome=\"ok\"} " << row.stats.ok
       << "\n";
    os << "membersync_api_calls_total{endpoint=\"" << e << "\",outcome=\"failed\"} "
       << row.stats.failed << "\n";
    os << "membersync_api_calls_total{endpoint=\"" << e << "\",outcome=\"unknown\"} "
       << row.stats.unknown << "\n";
  }
  header(os, "membersync_api_call_retries_total", "counter",
         "Requests repeated after a transient failure, by endpoint.");
  for (const auto& row : calls) {
    os << "membersync_api_call_retries_total{endpoint=\"" << label(row.label) << "\"} "
       << row.stats.retries << "\n";
  }
  header(os, "membersync_last_success_timestamp_seconds", "gauge",
         "When the last run that did not fail ended (0: none yet).");
  os << "membersync_last_success_timestamp_seconds "
     << (lastSuccess_ ? epochSeconds(*lastSuccess_) : 0.0) << "\n";
  header(os, "membersync_last_run_duration_seconds", "gauge", "How long the last run took.");
  os << "membersync_last_run_duration_seconds " << (lastDuration_ ? seconds(*lastDuration_) : 0.0)
     << "\n";
  header(os, "membersync_run_in_progress", "gauge", "1 while a run is going.");
  os << "membersync_run_in_progress " << (running_ ? 1 : 0) << "\n";
  header(os, "membersync_failed_runs_in_a_row", "gauge",
         "Runs that failed since the last one that did not.");
  os << "membersync_failed_runs_in_a_row " << failuresInARow_ << "\n";
  header(os, "membersync_backoff_seconds", "gauge",
         "How long runs are held back after systemic failures (0: not backing off).");
  os << "membersync_backoff_seconds " << seconds(backoff_) << "\n";
  header(os, "membersync_next_run_timestamp_seconds", "gauge", "When the next run is due.");
  os << "membersync_next_run_timestamp_seconds " << (nextRun_ ? epochSeconds(*nextRun_) : 0.0)
     << "\n";
  header(os, "membersync_pool_shortages", "gauge",
         "Asset rules whose pool (or product) ran dry in the last run, leaving people without.");
  os << "membersync_pool_shortages " << poolShortages_ << "\n";
  header(os, "membersync_passwords_waiting", "gauge",
         "Confirmed passwords not handed out yet, by how mailing them stands (none: not mailed "
         "or no mail delivery; retry: not delivered, tried again later; refused: waits for a "
         "new address; in_doubt: never mailed again on its own; manual: to hand out by hand).");
  static const std::pair<const char*, const char*> kLabels[] = {
      {"none", ""}, {"retry", "retry"}, {"refused", "refused"}, {"in_doubt", "in-doubt"},
      {"manual", "manual"}};
  for (const auto& [label, mailState] : kLabels) {
    const auto n = passwordsWaiting_.find(mailState);
    os << "membersync_passwords_waiting{mail=\"" << label << "\"} "
       << (n == passwordsWaiting_.end() ? 0 : n->second) << "\n";
  }
  header(os, "membersync_attention", "gauge",
         "What needs a person, by kind (held, invalid-row, refused, failed, in-doubt, "
         "enrolment-in-doubt, password-waiting, pool-dry), as `membersync status` lists it "
         "after the last run.");
  for (report::AttentionKind kind : report::kAttentionKinds) {
    const auto n = attention_.find(report::toString(kind));
    os << "membersync_attention{kind=\"" << report::toString(kind) << "\"} "
       << (n == attention_.end() ? 0 : n->second) << "\n";
  }
  return os.str();
}

std::string RunBoard::statusLine() const {
  std::lock_guard<std::mutex> lock(mutex_);
  if (stopping_) {
    return running_ ? "stopping: letting calls in flight finish" : "stopping";
  }
  if (running_) {
    std::string s = "running: " + progress_.phase;
    if (progress_.total > 0) {
      s += " " + std::to_string(progress_.done) + "/" + std::to_string(progress_.total);
    }
    return s;
  }
  std::string s;
  if (backoff_ > Clock::Duration::zero()) {
    s = "backing off " + durationText(backoff_) + " after " + std::to_string(systemicInARow_) +
        " systemic failure" + (systemicInARow_ == 1 ? "" : "s") + "; ";
  } else {
    s = "idle; ";
  }
  if (last_) {
    s += "last run " + std::to_string(last_->id) + " " + last_->outcome + " (" +
         report::runCountsText(last_->counts) + "); ";
  }
  if (nextRun_) s += "next run " + personTime(*nextRun_);
  return s;
}

}  // namespace membersync::daemon
