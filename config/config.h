#pragma once

#include <stdexcept>
#include <string>
#include <utility>

#include "jobs/apply/apply_settings.h"
#include "jobs/center/options.h"
#include "jobs/deliver/delivery_settings.h"
#include "jobs/directory/directory_settings.h"
#include "jobs/i18n/message.h"
#include "jobs/notify/report_settings.h"

namespace membersync {
class Scrubber;
}

namespace membersync::config {

// The daemon's configuration, read once at the edge (config/loader). Each job defines its own
// settings struct with its defaults (leveldb's Options style) and the loader reads the INI
// straight into it, so a default has one home and nothing copies settings across. Only what no
// job owns is defined here.

struct PolicyConfig {
  std::string path;  // empty: no policy
};

// What membersync must not lose: the journal and the passwords not yet handed out. Paths that
// are resolved at load against the config file, so they have no default a job could hold.
struct StateConfig {
  std::string database;        // [state] database: membersync.db beside the config file
  std::string passwordOutbox;  // [sync] password_outbox: new-passwords.csv beside the database
};

struct DaemonConfig {
  std::string schedule = "daily 02:00";
  std::string listen = "127.0.0.1:9469";  // empty: no health endpoint
  std::string logFile;                    // resolved; empty: stderr (journald under systemd)
  std::string logLevel = "info";          // error, warning, notice, info or debug
};

// [console]: the web console (`membersync console`), its own process and unit. Plain values; the
// console checks them when it starts (daemon/console).
struct ConsoleConfig {
  std::string listen = "127.0.0.1:8480";  // without TLS only a loopback address is accepted
  std::string tlsCertFile;                // resolved; both or neither
  std::string tlsKeyFile;                 // resolved (under systemd, through LoadCredential=)
  std::string publicUrl;                  // the outside address behind a reverse proxy
  std::string usersFile = "/etc/membersync/console-users";  // resolved
  int auditDays = 365;                    // audit entries older than this are purged
};

struct Config {
  std::string sourceFile;                  // the INI file this was read from
  std::string enterpriseCode;              // [center] enterprise_code: the enterprise as people know it
  center::ClientOptions center;            // [center]
  directory::DirectorySettings directory;  // [directory]
  PolicyConfig policy;                     // [policy] path
  // [sync], [policy] product_cache_hours, and from [center] the expanded account suffix and
  // max_concurrency (the applier's workers).
  apply::SyncSettings sync;
  StateConfig state;
  DaemonConfig daemon;
  deliver::DeliverySettings delivery;      // [delivery]
  notify::ReportSettings report;           // [report], and [delivery] from for its mail
  ConsoleConfig console;                   // [console]

  // The suffix the center appends to an account, expanded ("@acme"). The loader stores it in
  // both plan and apply settings, which read it there; this is the plan's copy.
  const std::string& accountSuffix() const { return sync.plan.accountSuffix; }
};

// Registers every secret of `config` with `scrubber`: the client secrets with their Basic
// credentials (the main and the activity application) and the admin password. A secret the
// configuration gains later (an LDAP bind password, an SMTP password, the report robot's URL and
// signing secret) is registered here too, so it is scrubbed from all text the moment the
// configuration is loaded.
void registerSecrets(const Config& config, Scrubber& scrubber);

// A configuration problem: the message names the file and the key (or line) and says what to do.
// membersync answers it with exit code 78. what() is the English (logs, tests); message() is
// shown in the reader's language.
class ConfigError : public std::runtime_error {
 public:
  // Text that is not a message of ours (another library's): shown as it is.
  explicit ConfigError(const std::string& english)
      : std::runtime_error(english), message_(i18n::verbatim(english)) {}
  explicit ConfigError(i18n::Message message)
      : std::runtime_error(i18n::english(message)), message_(std::move(message)) {}

  const i18n::Message& message() const { return message_; }

 private:
  i18n::Message message_;
};

}  // namespace membersync::config
