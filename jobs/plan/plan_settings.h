#pragma once

#include <cstddef>
#include <string>

namespace membersync::plan {

// [sync] password_length's default: the planner's and the applier's settings both hold it.
inline constexpr std::size_t kDefaultPasswordLength = 16;

enum class Departed { WithdrawThenDelete, Withdraw, Delete, Report };
enum class Orphans { Report, Delete };

// The planner's settings and their defaults, the only ones: config/ reads [sync] straight into
// this struct, so a default changed here is the configuration's default too.
struct PlanSettings {
  std::string accountSuffix;  // expanded, e.g. "@acme"; the loader expands [center] account_suffix
  // [sync] password_length (the applier generates the passwords): it shapes an add's request,
  // so an add's input hash covers it.
  std::size_t passwordLength = kDefaultPasswordLength;
  Departed departed = Departed::WithdrawThenDelete;
  int graceRuns = 2;    // distinct exports a departure waits
  int graceHours = 20;  // and hours since first seen missing or departed; both must pass
  int deleteAfterDays = 30;
  int maxDeletes = 200;
  double maxDeletePercent = 5;
  int deleteFloor = 10;
  int maxEdits = 200;
  double maxEditPercent = 10;
  int editFloor = 20;
  double minExportRatio = 0.9;
  Orphans orphans = Orphans::Report;
  std::string onlyAccount;  // sync --only: plan for this account alone (lower case); empty: all
};

}  // namespace membersync::plan
