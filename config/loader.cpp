#include "config/loader.h"

#include <Poco/AutoPtr.h>
#include <Poco/Exception.h>
#include <Poco/Util/IniFileConfiguration.h>

#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <set>
#include <sstream>

#include "jobs/core/file_text.h"
#include "jobs/core/text.h"

namespace membersync::config {
namespace {

namespace fs = std::filesystem;
using Poco::Util::AbstractConfiguration;

// Reads one INI file. Every key read is remembered, so that whatever is left over at the end is
// reported as unknown rather than silently ignored.
class IniReader {
 public:
  IniReader(const std::string& file, Poco::AutoPtr<AbstractConfiguration> ini)
      : file_(file), ini_(std::move(ini)), dir_(fs::absolute(file).parent_path()) {}

  [[noreturn]] void fail(const std::string& section, const std::string& key,
                         const std::string& problem) const {
    throw ConfigError(file_ + ": [" + section + "] " + key + ": " + problem);
  }

  std::optional<std::string> get(const std::string& section, const std::string& key) {
    known_.insert(lowerAscii(section + "." + key));
    const std::string full = section + "." + key;
    if (!ini_->hasProperty(full)) return std::nullopt;
    return trim(ini_->getRawString(full));
  }

  std::string required(const std::string& section, const std::string& key) {
    auto v = get(section, key);
    if (!v || v->empty()) fail(section, key, "is required; set it in the [" + section + "] section");
    return *v;
  }

  std::string text(const std::string& section, const std::string& key, std::string fallback) {
    auto v = get(section, key);
    return v ? *v : fallback;
  }

  long integer(const std::string& section, const std::string& key, long fallback, long min,
               long max) {
    auto v = get(section, key);
    if (!v || v->empty()) return fallback;
    char* end = nullptr;
    errno = 0;
    long n = std::strtol(v->c_str(), &end, 10);
    if (errno != 0 || *end != '\0' || n < min || n > max) {
      fail(section, key, "'" + *v + "' is not a whole number from " + std::to_string(min) +
                             " to " + std::to_string(max));
    }
    return n;
  }

  double number(const std::string& section, const std::string& key, double fallback, double min,
                double max) {
    auto v = get(section, key);
    if (!v || v->empty()) return fallback;
    char* end = nullptr;
    errno = 0;
    double n = std::strtod(v->c_str(), &end);
    if (errno != 0 || *end != '\0' || !(n >= min && n <= max)) {
      std::ostringstream range;
      range << min << " to " << max;
      fail(section, key, "'" + *v + "' is not a number from " + range.str());
    }
    return n;
  }

  // A path relative to the config file's folder.
  std::string path(const std::string& value) const {
    if (value.empty()) return value;
    fs::path p(value);
    return (p.is_absolute() ? p : dir_ / p).lexically_normal().string();
  }

  const fs::path& dir() const { return dir_; }

  // Every key in the file that no reader asked for: an unknown section or key.
  void rejectUnknown() const {
    std::function<void(const std::string&)> walk = [&](const std::string& prefix) {
      AbstractConfiguration::Keys keys;
      ini_->keys(prefix, keys);
      for (const auto& k : keys) {
        const std::string full = prefix.empty() ? k : prefix + "." + k;
        if (ini_->hasProperty(full) && !known_.count(lowerAscii(full))) {
          const auto dot = full.find('.');
          if (dot == std::string::npos) {
            throw ConfigError(file_ + ": '" + full +
                              "' stands outside any section; put it under [center], "
                              "[directory], [policy], [sync], [state] or [daemon]");
          }
          throw ConfigError(file_ + ": [" + full.substr(0, dot) + "] " + full.substr(dot + 1) +
                            ": unknown key (see config/examples/membersync.ini for every key)");
        }
        walk(full);
      }
    };
    AbstractConfiguration::Keys sections;
    ini_->keys("", sections);
    static const std::set<std::string> kSections{"center", "directory", "policy",
                                                 "sync",   "state",     "daemon"};
    for (const auto& s : sections) {
      if (!kSections.count(lowerAscii(s)) && !ini_->hasProperty(s)) {
        throw ConfigError(file_ + ": [" + s +
                          "]: unknown section; the sections are center, directory, policy, sync, "
                          "state and daemon");
      }
    }
    walk("");
  }

 private:
  std::string file_;
  Poco::AutoPtr<AbstractConfiguration> ini_;
  fs::path dir_;
  std::set<std::string> known_;
};

Secret readSecret(IniReader& ini, const std::string& section, const std::string& key,
                  bool required, const LoadEnvironment& env) {
  auto name = required ? std::optional<std::string>(ini.required(section, key))
                       : ini.get(section, key);
  if (!name || name->empty()) return Secret();
  fs::path p(*name);
  if (p.is_relative()) {
    p = env.credentialsDirectory.empty() ? ini.dir() / p : fs::path(env.credentialsDirectory) / p;
  }
  std::string value;
  try {
    value = readWholeFile(p.string());
  } catch (const FileReadError& e) {
    ini.fail(section, key,
             "cannot read " + p.string() + ": " + e.what() +
                 (env.credentialsDirectory.empty()
                      ? std::string()
                      : " (resolved against $CREDENTIALS_DIRECTORY)"));
  }
  if (!value.empty() && value.back() == '\n') value.pop_back();
  if (!value.empty() && value.back() == '\r') value.pop_back();
  if (value.empty()) ini.fail(section, key, p.string() + " is empty; put the secret in it");
  return Secret(std::move(value));
}

// The host of an http(s) URL, lower case: what lies between "//" and the next '/', ':' or '?'
// (an IPv6 literal keeps its brackets).
std::string hostOf(const std::string& lowerUrl) {
  const auto start = lowerUrl.find("//") + 2;
  if (start < lowerUrl.size() && lowerUrl[start] == '[') {
    const auto close = lowerUrl.find(']', start);
    return lowerUrl.substr(start, close == std::string::npos ? std::string::npos : close - start + 1);
  }
  const auto end = lowerUrl.find_first_of("/:?#", start);
  return lowerUrl.substr(start, end == std::string::npos ? std::string::npos : end - start);
}

// https:// always; http:// only to this machine (the emulator): over plain HTTP the client
// secret and the admin password would cross the network readable by anyone on the way.
void requireUrl(IniReader& ini, const std::string& key, const std::string& url) {
  const std::string l = lowerAscii(url);
  if (l.rfind("https://", 0) == 0) return;
  if (l.rfind("http://", 0) == 0) {
    const std::string host = hostOf(l);
    const bool ipv4Loopback = host.rfind("127.", 0) == 0 &&
                              host.find_first_not_of("0123456789.") == std::string::npos;
    if (host == "localhost" || host == "[::1]" || ipv4Loopback) return;
    ini.fail("center", key,
             "'" + url + "' is plain http:// to another machine, which would send the client "
             "secret and admin password unencrypted; use https:// (http:// is accepted only for "
             "localhost, e.g. the emulator)");
  }
  ini.fail("center", key, "'" + url + "' must start with https://");
}

CenterConfig readCenter(IniReader& ini, const LoadEnvironment& env) {
  CenterConfig c;
  c.baseUrl = ini.required("center", "base_url");
  requireUrl(ini, "base_url", c.baseUrl);
  while (!c.baseUrl.empty() && c.baseUrl.back() == '/') c.baseUrl.pop_back();
  c.enterpriseGlobalId = ini.required("center", "enterprise_global_id");
  c.enterpriseCode = ini.required("center", "enterprise_code");
  c.accountSuffix = ini.text("center", "account_suffix", c.accountSuffix);
  c.tokenUrl = ini.required("center", "token_url");
  requireUrl(ini, "token_url", c.tokenUrl);
  c.clientId = ini.required("center", "client_id");
  c.clientSecret = readSecret(ini, "center", "client_secret_file", true, env);
  c.adminUser = ini.required("center", "admin_user");
  c.adminPassword = readSecret(ini, "center", "admin_password_file", true, env);
  c.activityClientId = ini.text("center", "activity_client_id", "");
  c.activityClientSecret = readSecret(ini, "center", "activity_client_secret_file", false, env);
  if (c.activityClientId.empty() != c.activityClientSecret.empty()) {
    ini.fail("center", c.activityClientId.empty() ? "activity_client_id" : "activity_client_secret_file",
             "set both activity_client_id and activity_client_secret_file, or neither (then the "
             "main client is used for the activity service)");
  }
  c.caFile = ini.path(ini.text("center", "ca_file", ""));
  if (!c.caFile.empty() && !fs::exists(c.caFile)) {
    ini.fail("center", "ca_file", c.caFile + " does not exist");
  }
  c.proxy = ini.text("center", "proxy", "");
  if (!c.proxy.empty() && c.proxy.find(':') == std::string::npos) {
    ini.fail("center", "proxy", "'" + c.proxy + "' must be host:port");
  }
  c.timeoutSeconds = static_cast<int>(ini.integer("center", "timeout_s", c.timeoutSeconds, 1, 3600));
  c.maxConcurrency =
      static_cast<int>(ini.integer("center", "max_concurrency", c.maxConcurrency, 1, 64));
  c.maxRequestsPerSecond =
      ini.number("center", "max_requests_per_second", c.maxRequestsPerSecond, 0, 100000);
  c.pageSize = static_cast<int>(ini.integer("center", "page_size", c.pageSize, 1, 1000));
  return c;
}

std::vector<std::string> splitList(const std::string& s) {
  std::vector<std::string> out;
  std::stringstream in(s);
  std::string item;
  while (std::getline(in, item, ',')) {
    item = trim(item);
    if (!item.empty()) out.push_back(item);
  }
  return out;
}

DirectoryConfig readDirectory(IniReader& ini) {
  DirectoryConfig d;
  d.path = ini.path(ini.required("directory", "path"));
  const std::string format = lowerAscii(ini.text("directory", "format", "csv"));
  if (format == "csv") {
    d.format = DirectoryFormat::Csv;
  } else if (format == "json") {
    d.format = DirectoryFormat::Json;
  } else {
    ini.fail("directory", "format", "'" + format + "' is not csv or json");
  }
  const std::string delimiter = ini.text("directory", "delimiter", ",");
  if (delimiter == "\\t" || lowerAscii(delimiter) == "tab") {
    d.delimiter = '\t';
  } else if (delimiter.size() == 1 && delimiter != "\"") {
    d.delimiter = delimiter[0];
  } else {
    ini.fail("directory", "delimiter", "'" + delimiter + "' must be one character (or 'tab')");
  }
  d.encoding = lowerAscii(ini.text("directory", "encoding", d.encoding));
  if (d.encoding != "utf-8" && d.encoding != "utf8") {
    ini.fail("directory", "encoding",
             "'" + d.encoding + "' is not supported; export the HR file as UTF-8 (iconv -t UTF-8)");
  }
  for (const auto& field : DirectoryConfig::fields()) {
    d.columns[field] = ini.text("directory", "column." + field, field);
    if (d.columns[field].empty()) ini.fail("directory", "column." + field, "must name a column");
  }
  auto statuses = splitList(ini.text("directory", "active_status", "active"));
  d.activeStatus.clear();
  for (auto& s : statuses) d.activeStatus.push_back(lowerAscii(s));
  return d;
}

SyncConfig readSync(IniReader& ini) {
  SyncConfig s;
  const std::string departed = lowerAscii(ini.text("sync", "departed", "withdraw-then-delete"));
  if (departed == "withdraw-then-delete") {
    s.departed = DepartedAction::WithdrawThenDelete;
  } else if (departed == "withdraw") {
    s.departed = DepartedAction::Withdraw;
  } else if (departed == "delete") {
    s.departed = DepartedAction::Delete;
  } else if (departed == "report") {
    s.departed = DepartedAction::Report;
  } else {
    ini.fail("sync", "departed",
             "'" + departed + "' is not withdraw-then-delete, withdraw, delete or report");
  }
  s.graceRuns = static_cast<int>(ini.integer("sync", "grace_runs", s.graceRuns, 0, 365));
  s.deleteAfterDays =
      static_cast<int>(ini.integer("sync", "delete_after_days", s.deleteAfterDays, 0, 3650));
  s.maxDeletes = static_cast<int>(ini.integer("sync", "max_deletes", s.maxDeletes, 0, 10000000));
  s.maxDeletePercent = ini.number("sync", "max_delete_percent", s.maxDeletePercent, 0, 100);
  s.deleteFloor = static_cast<int>(ini.integer("sync", "delete_floor", s.deleteFloor, 0, 10000000));
  s.minExportRatio = ini.number("sync", "min_export_ratio", s.minExportRatio, 0, 1);
  const std::string orphans = lowerAscii(ini.text("sync", "orphans", "report"));
  if (orphans == "report") {
    s.orphans = OrphanAction::Report;
  } else if (orphans == "delete") {
    s.orphans = OrphanAction::Delete;
  } else {
    ini.fail("sync", "orphans", "'" + orphans + "' is not report or delete");
  }
  s.passwordLength =
      static_cast<int>(ini.integer("sync", "password_length", s.passwordLength, 8, 64));
  s.passwordOutbox = ini.path(ini.text("sync", "password_outbox", ""));
  s.keepRunsDays = static_cast<int>(ini.integer("sync", "keep_runs_days", s.keepRunsDays, 1, 36500));
  return s;
}

}  // namespace

LoadEnvironment environmentFromProcess() {
  LoadEnvironment env;
  if (const char* dir = std::getenv("CREDENTIALS_DIRECTORY")) env.credentialsDirectory = dir;
  return env;
}

Config loadConfig(const std::string& path, const LoadEnvironment& env) {
  std::error_code ec;
  if (!fs::is_regular_file(path, ec)) {
    throw ConfigError(path + ": cannot read the configuration file (" +
                      (fs::exists(path, ec) ? "not a regular file" : "no such file") +
                      "); pass --config FILE");
  }
  Poco::AutoPtr<AbstractConfiguration> raw;
  try {
    raw = new Poco::Util::IniFileConfiguration(path);
  } catch (const Poco::Exception& e) {
    throw ConfigError(path + ": cannot read the configuration file: " + e.displayText());
  }
  IniReader ini(path, raw);

  Config c;
  c.sourceFile = fs::absolute(path).lexically_normal().string();
  c.center = readCenter(ini, env);
  c.directory = readDirectory(ini);
  c.policy.path = ini.path(ini.text("policy", "path", ""));
  c.policy.productCacheHours = static_cast<int>(
      ini.integer("policy", "product_cache_hours", c.policy.productCacheHours, 0, 24 * 365));
  c.sync = readSync(ini);
  c.state.database = ini.path(ini.text("state", "database", "membersync.db"));
  if (c.sync.passwordOutbox.empty()) {
    c.sync.passwordOutbox =
        (fs::path(c.state.database).parent_path() / "new-passwords.csv").string();
  }
  c.daemon.schedule = ini.text("daemon", "schedule", c.daemon.schedule);
  c.daemon.listen = ini.text("daemon", "listen", c.daemon.listen);
  if (!c.daemon.listen.empty() && c.daemon.listen.rfind(':') == std::string::npos) {
    ini.fail("daemon", "listen", "'" + c.daemon.listen + "' must be host:port, or empty to disable");
  }
  c.daemon.logFile = ini.path(ini.text("daemon", "log_file", ""));
  c.daemon.logLevel = lowerAscii(ini.text("daemon", "log_level", c.daemon.logLevel));
  if (c.daemon.logLevel == "information") c.daemon.logLevel = "info";
  static const std::set<std::string> kLevels{"error", "warning", "notice", "info", "debug"};
  if (!kLevels.count(c.daemon.logLevel)) {
    ini.fail("daemon", "log_level",
             "'" + c.daemon.logLevel + "' is not error, warning, notice, info or debug");
  }
  ini.rejectUnknown();
  return c;
}

}  // namespace membersync::config
