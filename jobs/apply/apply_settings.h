#pragma once

#include <atomic>
#include <cstddef>
#include <string>

#include "jobs/center/options.h"
#include "jobs/plan/plan_settings.h"

namespace membersync::apply {

// How the applier carries a plan out, and how settling steps in doubt generates passwords and
// matches accounts. config/ fills it from [center] and [sync].
struct ApplySettings {
  std::string accountSuffix;      // expanded, e.g. "@acme"; the same as PlanSettings'
  std::size_t passwordLength = plan::kDefaultPasswordLength;    // the same as PlanSettings'
  int workers = center::ClientOptions::kDefaultMaxConcurrency;  // calls in flight (max_concurrency)
  std::size_t addChunk = 100;     // A1's limit
  // Read before every call: once true, nothing new is sent (calls in flight finish) and the run
  // ends stopped early; adds prepared but not sent are journaled as not sent, with no retry
  // delay, so the next run sends them. Null: never cancelled. (The daemon sets it on SIGTERM.)
  const std::atomic<bool>* cancel = nullptr;
  // Not configuration: set per run from the policy. When the policy maps no department at all,
  // 40009 (a department is required) is the configuration's fault and stops the run; otherwise
  // it is the row's, which is isolated like any refused row.
  bool policyMapsDepartments = true;
};

// Everything the configuration says about a sync run, with the defaults: config/ reads [sync],
// [policy] product_cache_hours and the [center] keys the run needs straight into it.
struct SyncSettings {
  plan::PlanSettings plan;
  ApplySettings apply;
  int keepRunsDays = 90;
  int productCacheHours = 24;  // A7 trees older than this are read again; 0: every run
  // What needs a person: a confirmed password not handed out for longer than this many days.
  // [report] password_wait_days (its default is notify::ReportSettings'), copied by config/.
  int passwordWaitDays = 3;
  // The HR field holding a person's mail address ([delivery] to_column, copied by config/):
  // what the console's people pages show as the email.
  std::string emailColumn = "email";
};

}  // namespace membersync::apply
