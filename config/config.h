#pragma once

#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "jobs/core/secret.h"
#include "jobs/directory/settings.h"

namespace membersync::config {

// The daemon's configuration, read once at the edge (config/loader) into plain structs. Defaults
// live here, in one place; each part of membersync is handed only its own struct.

struct CenterConfig {
  std::string baseUrl;
  std::string enterpriseGlobalId;
  std::string enterpriseCode;
  std::string accountSuffix = "@{code}";  // {code} stands for enterpriseCode
  std::string tokenUrl;
  std::string clientId;
  Secret clientSecret;
  std::string adminUser;
  Secret adminPassword;
  std::string activityClientId;  // empty: the main client's
  Secret activityClientSecret;   // empty: the main client's
  std::string caFile;            // empty: the system's CAs
  std::string proxy;             // empty: none; else host:port
  int timeoutSeconds = 30;
  int maxConcurrency = 8;
  double maxRequestsPerSecond = 0;  // 0: no limit
  int pageSize = 100;

  // The suffix the center appends to an account, with {code} expanded ("@acme").
  std::string expandedSuffix() const;
};

struct PolicyConfig {
  std::string path;  // empty: no policy
  // A7 product trees are cached in the state database; an asset's entry older than this many
  // hours is read again (a new asset is always read). 0: read every asset's tree on every run.
  int productCacheHours = 24;
};

enum class DepartedAction { WithdrawThenDelete, Withdraw, Delete, Report };
enum class OrphanAction { Report, Delete };

struct SyncConfig {
  DepartedAction departed = DepartedAction::WithdrawThenDelete;
  int graceRuns = 2;
  int deleteAfterDays = 30;
  int maxDeletes = 200;
  double maxDeletePercent = 5;
  int deleteFloor = 10;
  double minExportRatio = 0.9;
  OrphanAction orphans = OrphanAction::Report;
  int passwordLength = 16;
  std::string passwordOutbox;  // resolved: beside the database unless set
  int keepRunsDays = 90;
};

struct StateConfig {
  std::string database;  // resolved: membersync.db beside the config file unless set
};

struct DaemonConfig {
  std::string schedule = "daily 02:00";
  std::string listen = "127.0.0.1:9469";  // empty: no health endpoint
  std::string logFile;                    // resolved; empty: stderr (journald under systemd)
  std::string logLevel = "info";          // error, warning, notice, info or debug
};

struct Config {
  std::string sourceFile;  // the INI file this was read from
  CenterConfig center;
  directory::DirectorySettings directory;  // [directory]
  PolicyConfig policy;
  SyncConfig sync;
  StateConfig state;
  DaemonConfig daemon;
};

// A configuration problem: the message names the file and the key (or line) and says what to do.
// membersync answers it with exit code 78.
class ConfigError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

const char* toString(DepartedAction a);
const char* toString(OrphanAction a);

}  // namespace membersync::config
