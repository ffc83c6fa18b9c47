#include "config/loader.h"

#include <Poco/AutoPtr.h>
#include <Poco/Exception.h>
#include <Poco/Util/IniFileConfiguration.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <optional>
#include <set>
#include <sstream>
#include <utility>
#include <vector>

#include "jobs/core/file_text.h"
#include "jobs/core/text.h"
#include "jobs/deliver/delivery.h"
#include "jobs/deliver/mail_template.h"
#include "jobs/directory/column_template.h"
#include "jobs/directory/platform/platform_client.h"
#include "jobs/directory/platform/platform_kind.h"
#include "jobs/directory/text_encoding.h"
#include "jobs/i18n/message.h"
#include "jobs/notify/webhook_url.h"

namespace membersync::config {
namespace {

namespace fs = std::filesystem;
using i18n::msg;
using i18n::verbatim;
using Poco::Util::AbstractConfiguration;

// "a, b or c": a list of alternatives, each joint a message of its own so that it is translated.
i18n::Message alternatives(const std::vector<std::string>& names) {
  i18n::Message list = verbatim(names.empty() ? std::string() : names.front());
  for (std::size_t i = 1; i < names.size(); ++i)
    list = (i + 1 == names.size() ? msg("{items} or {item}") : msg("{items}, {item}"))
               .with("items", list)
               .with("item", names[i]);
  return list;
}

// Reads one INI file. Every key read is remembered, so that whatever is left over at the end is
// reported as unknown rather than silently ignored.
class IniReader {
 public:
  IniReader(const std::string& file, Poco::AutoPtr<AbstractConfiguration> ini,
            const ExampleFiles& examples)
      : file_(file),
        ini_(std::move(ini)),
        dir_(fs::absolute(file).parent_path()),
        examples_(examples) {}

  [[noreturn]] void fail(const std::string& section, const std::string& key,
                         i18n::Message problem) const {
    throw ConfigError(msg("{file}: [{section}] {key}: {problem}")
                          .with("file", file_)
                          .with("section", section)
                          .with("key", key)
                          .with("problem", std::move(problem)));
  }

  std::optional<std::string> get(const std::string& section, const std::string& key) {
    known_.insert(lowerAscii(section + "." + key));
    const std::string full = section + "." + key;
    if (!ini_->hasProperty(full)) return std::nullopt;
    return trim(ini_->getRawString(full));
  }

  std::string required(const std::string& section, const std::string& key) {
    auto v = get(section, key);
    if (!v || v->empty())
      fail(section, key,
           msg("is required; set it in the [{section}] section").with("section", section));
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
      fail(section, key,
           msg("'{value}' is not a whole number from {min} to {max}")
               .with("value", *v)
               .with("min", min)
               .with("max", max));
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
      std::ostringstream low, high;
      low << min;
      high << max;
      fail(section, key,
           msg("'{value}' is not a number from {min} to {max}")
               .with("value", *v)
               .with("min", low.str())
               .with("max", high.str()));
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
            throw ConfigError(msg("{file}: '{key}' stands outside any section; put it under "
                                  "[center], [directory], [policy], [sync], [state], [daemon], "
                                  "[delivery], [report] or [console]")
                                  .with("file", file_)
                                  .with("key", full));
          }
          fail(
              full.substr(0, dot), full.substr(dot + 1),
              msg("unknown key (see {example} for every key)").with("example", examples_.everyKey));
        }
        walk(full);
      }
    };
    AbstractConfiguration::Keys sections;
    ini_->keys("", sections);
    static const std::set<std::string> kSections{"center", "directory", "policy",   "sync",
                                                 "state",  "daemon",    "delivery", "report",
                                                 "console"};
    for (const auto& s : sections) {
      if (!kSections.count(lowerAscii(s)) && !ini_->hasProperty(s)) {
        throw ConfigError(
            msg("{file}: [{section}]: unknown section; the sections are center, "
                "directory, policy, sync, state, daemon, delivery, report and console")
                .with("file", file_)
                .with("section", s));
      }
    }
    walk("");
  }

 private:
  std::string file_;
  Poco::AutoPtr<AbstractConfiguration> ini_;
  fs::path dir_;
  const ExampleFiles& examples_;
  std::set<std::string> known_;
};

Secret readSecret(IniReader& ini, const std::string& section, const std::string& key,
                  bool required, const LoadEnvironment& env) {
  auto name = required ? std::optional<std::string>(ini.required(section, key))
                       : ini.get(section, key);
  if (!name || name->empty() || env.skipSecrets) return Secret();
  fs::path p(*name);
  if (p.is_relative()) {
    p = env.credentialsDirectory.empty() ? ini.dir() / p : fs::path(env.credentialsDirectory) / p;
  }
  std::string value;
  try {
    value = readWholeFile(p.string());
  } catch (const FileReadError& e) {
    ini.fail(section, key,
             (env.credentialsDirectory.empty()
                  ? msg("cannot read {file}: {error}")
                  : msg("cannot read {file}: {error} (resolved against $CREDENTIALS_DIRECTORY)"))
                 .with("file", p.string())
                 .with("error", e.what()));
  }
  if (!value.empty() && value.back() == '\n') value.pop_back();
  if (!value.empty() && value.back() == '\r') value.pop_back();
  if (value.empty())
    ini.fail(section, key, msg("{file} is empty; put the secret in it").with("file", p.string()));
  return Secret(std::move(value));
}

// The host of an http(s) or ldap(s) URL, lower case: what lies between "//" and the next '/', ':' or '?'
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

bool isLoopback(const std::string& host) {
  const bool ipv4Loopback = host.rfind("127.", 0) == 0 &&
                            host.find_first_not_of("0123456789.") == std::string::npos;
  return host == "localhost" || host == "[::1]" || ipv4Loopback;
}

// https:// always; http:// only to this machine (the emulator): over plain HTTP the client
// secret and the admin password would cross the network readable by anyone on the way.
void requireUrl(IniReader& ini, const std::string& key, const std::string& url) {
  const std::string l = lowerAscii(url);
  const bool web = l.rfind("https://", 0) == 0 || l.rfind("http://", 0) == 0;
  if (web && hostOf(l).empty())
    ini.fail("center", key, msg("'{url}' names no host").with("url", url));
  if (l.rfind("https://", 0) == 0) return;
  if (l.rfind("http://", 0) == 0) {
    if (isLoopback(hostOf(l))) return;
    ini.fail("center", key,
             msg("'{url}' is plain http:// to another machine, which would send the client "
                 "secret and admin password unencrypted; use https:// (http:// is accepted only "
                 "for localhost, e.g. the emulator)")
                 .with("url", url));
  }
  ini.fail("center", key, msg("'{url}' must start with https://").with("url", url));
}

// The [center] account_suffix default. No job holds the template: they read it expanded.
constexpr const char* kDefaultAccountSuffix = "@{code}";

std::string expandSuffix(std::string suffix, const std::string& code) {
  const std::string token = "{code}";
  for (auto pos = suffix.find(token); pos != std::string::npos; pos = suffix.find(token, pos)) {
    suffix.replace(pos, token.size(), code);
    pos += code.size();
  }
  return suffix;
}

// A key naming one of `choices` (any case); absent: `fallback`, the settings struct's default.
template <typename E>
E choice(IniReader& ini, const std::string& section, const std::string& key,
         const std::vector<std::pair<const char*, E>>& choices, E fallback) {
  const auto raw = ini.get(section, key);
  if (!raw) return fallback;
  const std::string value = lowerAscii(*raw);
  std::vector<std::string> names;
  for (const auto& [name, v] : choices) {
    if (value == name) return v;
    names.push_back(name);
  }
  ini.fail(
      section, key,
      msg("'{value}' is not {choices}").with("value", value).with("choices", alternatives(names)));
}

// [center] up to the admin's credentials. Returns the expanded account suffix, which the
// client does not use but plan, apply and the HR reader do.
std::string readCenterAccount(IniReader& ini, const LoadEnvironment& env,
                              center::ClientOptions& c) {
  c.baseUrl = ini.required("center", "base_url");
  requireUrl(ini, "base_url", c.baseUrl);
  while (!c.baseUrl.empty() && c.baseUrl.back() == '/') c.baseUrl.pop_back();
  c.enterpriseGlobalId = ini.required("center", "enterprise_global_id");
  const std::string code = ini.required("center", "enterprise_code");
  const std::string suffix =
      expandSuffix(ini.text("center", "account_suffix", kDefaultAccountSuffix), code);
  c.tokenUrl = ini.required("center", "token_url");
  requireUrl(ini, "token_url", c.tokenUrl);
  c.clientId = ini.required("center", "client_id");
  c.clientSecret = readSecret(ini, "center", "client_secret_file", true, env);
  c.adminUser = ini.required("center", "admin_user");
  c.adminPassword = readSecret(ini, "center", "admin_password_file", true, env);
  return suffix;
}

// The rest of [center]: the activity application, TLS, proxy and limits.
void readCenterConnection(IniReader& ini, const LoadEnvironment& env, center::ClientOptions& c) {
  c.activityClientId = ini.text("center", "activity_client_id", "");
  c.activityClientSecret = readSecret(ini, "center", "activity_client_secret_file", false, env);
  if (!env.skipSecrets && c.activityClientId.empty() != c.activityClientSecret.empty()) {
    ini.fail("center",
             c.activityClientId.empty() ? "activity_client_id" : "activity_client_secret_file",
             msg("set both activity_client_id and activity_client_secret_file, or neither (then "
                 "the main client is used for the activity service)"));
  }
  c.caFile = ini.path(ini.text("center", "ca_file", ""));
  if (!c.caFile.empty() && !fs::exists(c.caFile)) {
    ini.fail("center", "ca_file", msg("{file} does not exist").with("file", c.caFile));
  }
  c.proxy = ini.text("center", "proxy", "");
  // The client's own rule (optionProblems), so that `validate` refuses what `sync` would.
  if (!c.proxy.empty() && !center::isHostPort(c.proxy)) {
    ini.fail(
        "center", "proxy",
        msg("'{value}' must be host:port, with a port from 1 to 65535").with("value", c.proxy));
  }
  c.timeout = std::chrono::seconds(
      ini.integer("center", "timeout_s", static_cast<long>(c.timeout.count()), 1, 3600));
  c.maxAnswerMb = static_cast<int>(ini.integer("center", "max_answer_mb", c.maxAnswerMb, 1, 4096));
  c.maxConcurrency =
      static_cast<int>(ini.integer("center", "max_concurrency", c.maxConcurrency, 1, 64));
  c.maxRequestsPerSecond =
      ini.number("center", "max_requests_per_second", c.maxRequestsPerSecond, 0, 100000);
  c.pageSize = static_cast<int>(ini.integer("center", "page_size", c.pageSize, 1, 1000));
  // Absent: derived from page_size when the list is read (ClientOptions::memberPageLimit).
  c.maxMemberPages = static_cast<int>(
      ini.integer("center", "max_member_pages", 0, 1, center::ClientOptions::kMemberCeiling));
}

void readCenter(IniReader& ini, const LoadEnvironment& env, Config& c) {
  const std::string suffix = readCenterAccount(ini, env, c.center);
  c.enterpriseCode = ini.required("center", "enterprise_code");
  readCenterConnection(ini, env, c.center);
  // Expanded once, and stored where each job reads it.
  c.sync.plan.accountSuffix = suffix;
  c.sync.apply.accountSuffix = suffix;
  // max_concurrency bounds the calls in flight: the client's pool and the applier's workers.
  c.sync.apply.workers = c.center.maxConcurrency;
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

bool flag(IniReader& ini, const std::string& section, const std::string& key, bool fallback) {
  return choice<bool>(ini, section, key, {{"true", true}, {"false", false}, {"yes", true},
                                          {"no", false}, {"on", true}, {"off", false}},
                      fallback);
}

// ldaps:// always; ldap:// with StartTLS; plain ldap:// only to this machine, since the bind
// password would cross the network in clear.
void requireLdapUrl(IniReader& ini, const directory::LdapSettings& l) {
  const std::string url = lowerAscii(l.url);
  const bool plain = url.rfind("ldap://", 0) == 0;
  if (!plain && url.rfind("ldaps://", 0) != 0)
    ini.fail("directory", "url",
             msg("'{url}' must start with ldaps:// or ldap://").with("url", l.url));
  if (hostOf(url).empty())
    ini.fail("directory", "url", msg("'{url}' names no host").with("url", l.url));
  const auto hostStart = url.find("//") + 2;
  const auto slash = url.find('/', hostStart);
  if (url.find_first_of("?#", hostStart) != std::string::npos ||
      (slash != std::string::npos && slash + 1 < url.size()))
    ini.fail("directory", "url",
             msg("'{url}' must be only scheme, host and port; the base DN, filter and scope have "
                 "keys of their own")
                 .with("url", l.url));
  if (!plain && l.startTls)
    ini.fail("directory", "start_tls",
             msg("ldaps:// is TLS already; set start_tls = false or use ldap://"));
  if (plain && !l.startTls && !isLoopback(hostOf(url)))
    ini.fail("directory", "url",
             msg("'{url}' is plain ldap:// to another machine, which would send the bind "
                 "password unencrypted; use ldaps://, or set start_tls = true")
                 .with("url", l.url));
}

void readLdap(IniReader& ini, const LoadEnvironment& env, directory::LdapSettings& l) {
  l.url = ini.required("directory", "url");
  l.startTls = flag(ini, "directory", "start_tls", l.startTls);
  requireLdapUrl(ini, l);
  l.caFile = ini.path(ini.text("directory", "ca_file", l.caFile));
  if (!l.caFile.empty() && !fs::is_regular_file(l.caFile))
    ini.fail("directory", "ca_file",
             msg("{file} is not a file; name the PEM file of the CAs that verify the directory's "
                 "certificate")
                 .with("file", l.caFile));
  l.bindDn = ini.required("directory", "bind_dn");
  l.bindPassword = readSecret(ini, "directory", "bind_password_file", true, env);
  l.baseDn = ini.required("directory", "base_dn");
  l.filter = ini.text("directory", "filter", l.filter);
  if (l.filter.empty())
    ini.fail("directory", "filter", msg("must not be empty; the default is (objectClass=person)"));
  l.scope = choice<directory::LdapScope>(ini, "directory", "scope",
                                         {{"sub", directory::LdapScope::Sub},
                                          {"one", directory::LdapScope::One},
                                          {"base", directory::LdapScope::Base}},
                                         l.scope);
  l.pageSize = static_cast<int>(ini.integer("directory", "page_size", l.pageSize, 1, 100000));
  l.timeoutS = static_cast<int>(ini.integer("directory", "timeout_s", l.timeoutS, 1, 3600));
}

// format = xlsx: the sheet by name or by number, never both (which one would win is a guess).
void readSheet(IniReader& ini, directory::DirectorySettings& d) {
  const bool xlsx = d.format == directory::ExportFormat::Xlsx;
  for (const char* key : {"sheet", "sheet_index"})
    if (ini.get("directory", key) && !xlsx)
      ini.fail("directory", key, msg("is for Excel workbooks (format = xlsx); remove it"));
  if (!xlsx) return;
  if (ini.get("directory", "sheet") && ini.get("directory", "sheet_index"))
    ini.fail("directory", "sheet_index", msg("and sheet both pick the sheet; keep one of them"));
  d.sheet = ini.text("directory", "sheet", d.sheet);
  if (ini.get("directory", "sheet") && d.sheet.empty())
    ini.fail("directory", "sheet",
             msg("must name a sheet (or remove it: the first sheet is read)"));
  d.sheetIndex = static_cast<int>(ini.integer("directory", "sheet_index", 1, 1, 10000));
  if (!ini.get("directory", "sheet_index")) d.sheetIndex = 0;
  for (const char* key : {"delimiter", "encoding"})
    if (ini.get("directory", key))
      ini.fail("directory", key,
               msg("is for CSV exports; a workbook (format = xlsx) has neither, so remove it"));
}

// format = dingtalk, wecom or feishu: the app's credentials and where the platform is. base_url
// is HTTPS (plain HTTP only to this machine: tests, a local proxy), since its calls carry the
// secret and tokens.
void readPlatform(IniReader& ini, const LoadEnvironment& env,
                  const directory::platform::PlatformKind& kind, directory::PlatformSettings& p) {
  const std::string format = kind.formatName;
  p.baseUrl = ini.text("directory", "base_url", kind.defaultBaseUrl);
  while (!p.baseUrl.empty() && p.baseUrl.back() == '/') p.baseUrl.pop_back();
  if (const auto problem = directory::platform::baseUrlProblem(p.baseUrl))
    ini.fail("directory", "base_url", verbatim(*problem));
  for (const auto& other : directory::platform::kPlatformKinds)
    for (const char* key : {other.idKey, other.secretFileKey})
      if (key != std::string(kind.idKey) && key != std::string(kind.secretFileKey) &&
          ini.get("directory", key))
        ini.fail("directory", key,
                 msg("is for format = {other}; with format = {format} the app is {id_key} and "
                     "{secret_key}")
                     .with("other", other.formatName)
                     .with("format", format)
                     .with("id_key", kind.idKey)
                     .with("secret_key", kind.secretFileKey));
  p.appKey = ini.required("directory", kind.idKey);
  p.appSecret = readSecret(ini, "directory", kind.secretFileKey, true, env);
  p.caFile = ini.path(ini.text("directory", "ca_file", p.caFile));
  if (!p.caFile.empty() && !fs::is_regular_file(p.caFile))
    ini.fail("directory", "ca_file",
             msg("{file} is not a file; name the PEM file of the CAs that verify base_url's "
                 "certificate")
                 .with("file", p.caFile));
  p.timeoutS = static_cast<int>(ini.integer("directory", "timeout_s", p.timeoutS, 1, 3600));
  p.walkTimeoutS =
      static_cast<int>(ini.integer("directory", "walk_timeout_s", p.walkTimeoutS, 1, 86400));
  p.maxCallsMonth =
      static_cast<int>(ini.integer("directory", "max_calls_month", p.maxCallsMonth, 0, 100000000));
  p.rateLimitPauseMs = static_cast<int>(
      ini.integer("directory", "rate_limit_pause_ms", p.rateLimitPauseMs, 1, 60000));
  // Nothing on these platforms is an account: it must be chosen (the mail's local part, the id).
  if (!ini.get("directory", "column.account"))
    ini.fail("directory", "column.account",
             msg("is required with format = {format}; set it to a template over the user's "
                 "fields, e.g. column.account = {by_id} or column.account = {by_mail}")
                 .with("format", format)
                 .with("by_id", std::string("{") + kind.userIdField + "|lower}")
                 .with("by_mail", std::string("{") + kind.workMailField + "|localpart}"));
}

// CSV: UTF-8, or GB18030 (gbk and gb2312 are read as GB18030, their superset). JSON is UTF-8 by
// definition (RFC 8259), so a JSON export declared otherwise is a mistake, not a file to decode.
void readEncoding(IniReader& ini, directory::DirectorySettings& d) {
  d.encoding = lowerAscii(ini.text("directory", "encoding", d.encoding));
  const auto encoding = directory::textEncodingNamed(d.encoding);
  if (!encoding)
    ini.fail("directory", "encoding",
             msg("'{value}' is not supported; use utf-8, or gb18030 (which reads gbk and gb2312 "
                 "too), or convert the file: iconv -f ENCODING -t UTF-8 FILE > FILE.utf8")
                 .with("value", d.encoding));
  if (*encoding != directory::TextEncoding::Utf8 && d.format == directory::ExportFormat::Json)
    ini.fail("directory", "encoding",
             msg("'{value}' is for CSV exports; JSON is UTF-8 (RFC 8259), so export it as UTF-8 "
                 "and remove encoding")
                 .with("value", d.encoding));
}

void readDirectory(IniReader& ini, const LoadEnvironment& env, directory::DirectorySettings& d) {
  d.format = choice<directory::ExportFormat>(
      ini, "directory", "format",
      {{"csv", directory::ExportFormat::Csv},
       {"json", directory::ExportFormat::Json},
       {"ldap", directory::ExportFormat::Ldap},
       {"xlsx", directory::ExportFormat::Xlsx},
       {"dingtalk", directory::ExportFormat::DingTalk},
       {"wecom", directory::ExportFormat::WeCom},
       {"feishu", directory::ExportFormat::Feishu}},
      d.format);
  readSheet(ini, d);
  const directory::platform::PlatformKind* platform = directory::platform::platformKind(d.format);
  if (platform) {
    if (ini.get("directory", "path"))
      ini.fail("directory", "path",
               msg("format = {format} reads {platform}, not a file; remove path")
                   .with("format", platform->formatName)
                   .with("platform", platform->displayName));
    readPlatform(ini, env, *platform, d.platform);
    for (const char* key : {"delimiter", "encoding"})
      if (ini.get("directory", key))
        ini.fail("directory", key,
                 msg("is for CSV exports; format = {format} reads {platform}, so remove it")
                     .with("format", platform->formatName)
                     .with("platform", platform->displayName));
  } else if (d.format == directory::ExportFormat::Ldap) {
    if (ini.get("directory", "path"))
      ini.fail("directory", "path",
               msg("format = ldap reads the directory, not a file; remove path"));
    readLdap(ini, env, d.ldap);
    for (const char* key : {"delimiter", "encoding"})
      if (ini.get("directory", key))
        ini.fail("directory", key,
                 msg("is for CSV exports; format = ldap reads the directory, so remove it"));
  } else {
    d.path = ini.path(ini.required("directory", "path"));
  }
  const std::string delimiter = ini.text("directory", "delimiter", std::string(1, d.delimiter));
  if (delimiter == "\\t" || lowerAscii(delimiter) == "tab") {
    d.delimiter = '\t';
  } else if (delimiter.size() == 1 && delimiter != "\"") {
    d.delimiter = delimiter[0];
  } else {
    ini.fail("directory", "delimiter",
             msg("'{value}' must be one character (or 'tab')").with("value", delimiter));
  }
  readEncoding(ini, d);
  for (const auto& field : directory::DirectorySettings::fields()) {
    // A platform's stable user id is the employee_id unless set otherwise.
    const std::string byDefault =
        platform && field == "employee_id" ? platform->userIdField : field;
    d.columns[field] = ini.text("directory", "column." + field, byDefault);
    if (d.columns[field].empty())
      ini.fail("directory", "column." + field, msg("must name a column"));
    if (directory::ColumnTemplate::isTemplate(d.columns[field])) {
      try {
        directory::ColumnTemplate::parse(d.columns[field]);
      } catch (const directory::TemplateError& e) {
        ini.fail("directory", "column." + field,
                 msg("the template does not parse: {error}").with("error", e.what()));
      }
    }
  }
  std::optional<std::string> statuses = ini.get("directory", "active_status");
  if (!statuses && platform && platform->activeStatus) statuses = platform->activeStatus;
  if (statuses) {
    d.activeStatus.clear();
    for (const auto& s : splitList(*statuses)) d.activeStatus.push_back(lowerAscii(s));
  }
}

void readPolicy(IniReader& ini, Config& c) {
  c.policy.path = ini.path(ini.text("policy", "path", ""));
  c.sync.productCacheHours = static_cast<int>(
      ini.integer("policy", "product_cache_hours", c.sync.productCacheHours, 0, 24 * 365));
}

void readSync(IniReader& ini, apply::SyncSettings& s) {
  plan::PlanSettings& p = s.plan;
  p.departed = choice<plan::Departed>(ini, "sync", "departed",
                                      {{"withdraw-then-delete", plan::Departed::WithdrawThenDelete},
                                       {"withdraw", plan::Departed::Withdraw},
                                       {"delete", plan::Departed::Delete},
                                       {"report", plan::Departed::Report}},
                                      p.departed);
  p.graceRuns = static_cast<int>(ini.integer("sync", "grace_runs", p.graceRuns, 0, 365));
  p.graceHours = static_cast<int>(ini.integer("sync", "grace_hours", p.graceHours, 0, 8760));
  p.deleteAfterDays =
      static_cast<int>(ini.integer("sync", "delete_after_days", p.deleteAfterDays, 0, 3650));
  p.maxDeletes = static_cast<int>(ini.integer("sync", "max_deletes", p.maxDeletes, 0, 10000000));
  p.maxDeletePercent = ini.number("sync", "max_delete_percent", p.maxDeletePercent, 0, 100);
  p.deleteFloor = static_cast<int>(ini.integer("sync", "delete_floor", p.deleteFloor, 0, 10000000));
  p.maxEdits = static_cast<int>(ini.integer("sync", "max_edits", p.maxEdits, 0, 10000000));
  p.maxEditPercent = ini.number("sync", "max_edit_percent", p.maxEditPercent, 0, 100);
  p.editFloor = static_cast<int>(ini.integer("sync", "edit_floor", p.editFloor, 0, 10000000));
  p.minExportRatio = ini.number("sync", "min_export_ratio", p.minExportRatio, 0, 1);
  p.orphans = choice<plan::Orphans>(
      ini, "sync", "orphans",
      {{"report", plan::Orphans::Report}, {"delete", plan::Orphans::Delete}}, p.orphans);
  s.apply.passwordLength = static_cast<std::size_t>(ini.integer(
      "sync", "password_length", static_cast<long>(s.apply.passwordLength), 8, 64));
  p.passwordLength = s.apply.passwordLength;
  s.keepRunsDays =
      static_cast<int>(ini.integer("sync", "keep_runs_days", s.keepRunsDays, 1, 36500));
}

void readState(IniReader& ini, StateConfig& s) {
  s.database = ini.path(ini.text("state", "database", "membersync.db"));
  s.passwordOutbox = ini.path(ini.text("sync", "password_outbox", ""));
  if (s.passwordOutbox.empty()) {
    s.passwordOutbox = (fs::path(s.database).parent_path() / "new-passwords.csv").string();
  }
}

// [delivery]: only read with method = smtp; every other key is then refused as unused.
void readSmtp(IniReader& ini, const LoadEnvironment& env, deliver::SmtpSettings& s) {
  s.host = ini.required("delivery", "smtp_host");
  s.tls = choice<deliver::SmtpTls>(ini, "delivery", "smtp_tls",
                                   {{"starttls", deliver::SmtpTls::StartTls},
                                    {"tls", deliver::SmtpTls::Implicit},
                                    {"none", deliver::SmtpTls::None}},
                                   s.tls);
  if (s.tls == deliver::SmtpTls::Implicit) s.port = 465;
  s.port = static_cast<int>(ini.integer("delivery", "smtp_port", s.port, 1, 65535));
  if (s.tls == deliver::SmtpTls::None && !isLoopback(lowerAscii(s.host)))
    ini.fail("delivery", "smtp_tls",
             msg("none would send the passwords unencrypted to {host}; use starttls or tls (none "
                 "is accepted only for a server on this machine)")
                 .with("host", s.host));
  s.caFile = ini.path(ini.text("delivery", "smtp_ca_file", s.caFile));
  if (!s.caFile.empty() && !fs::is_regular_file(s.caFile))
    ini.fail("delivery", "smtp_ca_file",
             msg("{file} is not a file; name the PEM file of the CAs that verify the mail "
                 "server's certificate")
                 .with("file", s.caFile));
  s.user = ini.text("delivery", "smtp_user", s.user);
  s.password = readSecret(ini, "delivery", "smtp_password_file", false, env);
  if (!env.skipSecrets && s.user.empty() != s.password.empty())
    ini.fail("delivery", s.user.empty() ? "smtp_user" : "smtp_password_file",
             msg("SMTP AUTH needs both smtp_user and smtp_password_file (or neither)"));
  s.timeoutS = static_cast<int>(ini.integer("delivery", "smtp_timeout_s", s.timeoutS, 1, 3600));
}

deliver::MailTemplate parseMailTemplate(IniReader& ini, const std::string& key,
                                        const std::string& text, deliver::MailTemplate::Part part,
                                        const std::string& file = "") {
  try {
    return deliver::MailTemplate::parse(text, part);
  } catch (const deliver::TemplateError& e) {
    ini.fail("delivery", key,
             file.empty() ? verbatim(e.what())
                          : msg("{file}: {error}").with("file", file).with("error", e.what()));
  }
}

// Whether [report] mails reports (mail_to): then the mail server and the sender of [delivery]
// are needed whatever its method says.
bool reportsByMail(IniReader& ini) {
  const auto to = ini.get("report", "mail_to");
  return to && !to->empty();
}

// With method = none but [report] mail_to set, a missing smtp_host or from says who needs it.
void requireForReports(IniReader& ini, const char* key) {
  const auto v = ini.get("delivery", key);
  if (!v || v->empty())
    ini.fail("delivery", key,
             msg("is required by [report] mail_to: reports are mailed through the [delivery] mail "
                 "server and sender whatever its method says; set smtp_host and from in "
                 "[delivery]"));
}

void readDelivery(IniReader& ini, const LoadEnvironment& env, deliver::DeliverySettings& d) {
  d.mail = choice<bool>(ini, "delivery", "method", {{"none", false}, {"smtp", true}}, d.mail);
  const bool reports = reportsByMail(ini);
  if (!d.mail && !reports) return;
  if (!d.mail) {
    requireForReports(ini, "smtp_host");
    requireForReports(ini, "from");
  }
  readSmtp(ini, env, d.smtp);
  d.from = ini.required("delivery", "from");
  if (!deliver::isMailAddress(d.from))
    ini.fail("delivery", "from",
             msg("'{value}' is not a mail address (name@example.com)").with("value", d.from));
  if (!d.mail) return;  // the rest is how passwords are mailed
  d.toColumn = ini.text("delivery", "to_column", d.toColumn);
  if (d.toColumn.empty())
    ini.fail("delivery", "to_column", msg("must name the HR field with the address"));
  d.subject = ini.text("delivery", "subject", d.subject);
  parseMailTemplate(ini, "subject", d.subject, deliver::MailTemplate::Part::Subject);
  const std::string file = ini.path(ini.text("delivery", "template_file", ""));
  d.body = deliver::MailTemplate::builtInBody();
  if (!file.empty()) {
    try {
      d.body = readWholeFile(file);
    } catch (const FileReadError& e) {
      ini.fail("delivery", "template_file",
               msg("cannot read {file}: {error}").with("file", file).with("error", e.what()));
    }
  }
  parseMailTemplate(ini, "template_file", d.body, deliver::MailTemplate::Part::Body, file);
  d.retryAfterS = static_cast<int>(ini.integer("delivery", "retry_after_s", d.retryAfterS, 0,
                                               deliver::DeliverySettings::kMaxRetryDelayS));
}

// [report] webhook_url_file and the keys that only go with it. The URL is a secret: no message
// repeats it.
void readWebhook(IniReader& ini, const LoadEnvironment& env, notify::ReportSettings& r) {
  r.webhookUrl = Secret(trim(readSecret(ini, "report", "webhook_url_file", false, env).reveal()));
  const auto format = ini.get("report", "webhook_format");
  r.webhookSecret = readSecret(ini, "report", "webhook_secret_file", false, env);
  r.webhookKeyword = ini.text("report", "webhook_keyword", r.webhookKeyword);
  if (env.skipSecrets) return;  // the console sends no report: the URL was not read
  if (r.webhookUrl.empty()) {
    const char* key = format                      ? "webhook_format"
                      : !r.webhookSecret.empty()  ? "webhook_secret_file"
                      : !r.webhookKeyword.empty() ? "webhook_keyword"
                                                  : nullptr;
    if (key) ini.fail("report", key, msg("needs webhook_url_file, the robot's URL"));
    return;
  }
  if (const auto problem = notify::webhookUrlProblem(r.webhookUrl.reveal()))
    ini.fail("report", "webhook_url_file",
             msg("the URL in the file cannot be used: {problem}").with("problem", *problem));
  if (!format || format->empty())
    ini.fail("report", "webhook_format",
             msg("is required with webhook_url_file: wecom, dingtalk, feishu or json"));
  r.webhookFormat = choice<notify::WebhookFormat>(ini, "report", "webhook_format",
                                                  {{"wecom", notify::WebhookFormat::WeCom},
                                                   {"dingtalk", notify::WebhookFormat::DingTalk},
                                                   {"feishu", notify::WebhookFormat::Feishu},
                                                   {"json", notify::WebhookFormat::Json}},
                                                  r.webhookFormat);
  if (r.webhookFormat == notify::WebhookFormat::WeCom && !r.webhookSecret.empty())
    ini.fail("report", "webhook_secret_file",
             msg("a WeCom group robot has no signing secret (its key is in the URL); remove it"));
  if (r.webhookFormat == notify::WebhookFormat::Json && !r.webhookKeyword.empty())
    ini.fail("report", "webhook_keyword",
             msg("is for the WeCom, DingTalk and Feishu robots; json sends membersync's own "
                 "object"));
}

void readReport(IniReader& ini, const LoadEnvironment& env, Config& c) {
  notify::ReportSettings& r = c.report;
  for (const auto& address : splitList(ini.text("report", "mail_to", ""))) {
    if (!deliver::isMailAddress(address))
      ini.fail("report", "mail_to",
               msg("'{value}' is not a mail address (name@example.com)").with("value", address));
    r.mailTo.push_back(address);
  }
  r.mailFrom = c.delivery.from;  // read by readDelivery, which required it for mail_to
  readWebhook(ini, env, r);
  if (const auto proxy = ini.get("report", "proxy")) {
    if (!proxy->empty() && !center::isHostPort(*proxy))
      ini.fail("report", "proxy",
               msg("'{value}' must be host:port, or empty for no proxy").with("value", *proxy));
    r.proxy = *proxy;
  }
  r.on = choice<notify::ReportOn>(ini, "report", "on",
                                  {{"attention", notify::ReportOn::Attention},
                                   {"failed", notify::ReportOn::Failed},
                                   {"always", notify::ReportOn::Always}},
                                  r.on);
  r.remindHours = static_cast<int>(ini.integer("report", "remind_hours", r.remindHours, 0, 8760));
  r.timeoutS = static_cast<int>(ini.integer("report", "timeout_s", r.timeoutS, 1, 600));
  if (const auto language = ini.get("report", "language")) {
    // Written as the locale names it (zh_CN); any case is taken, as for every other choice.
    const std::string value = lowerAscii(*language);
    if (value == "zh_cn") {
      r.language = notify::ReportLanguage::ZhCN;
    } else if (value == "en") {
      r.language = notify::ReportLanguage::En;
    } else {
      ini.fail("report", "language", msg("'{value}' is not zh_CN or en").with("value", *language));
    }
  }
  r.passwordWaitDays =
      static_cast<int>(ini.integer("report", "password_wait_days", r.passwordWaitDays, 0, 3650));
}

void readDaemon(IniReader& ini, DaemonConfig& d) {
  d.schedule = ini.text("daemon", "schedule", d.schedule);
  d.listen = ini.text("daemon", "listen", d.listen);
  if (!d.listen.empty() && d.listen.rfind(':') == std::string::npos) {
    ini.fail("daemon", "listen",
             msg("'{value}' must be host:port, or empty to disable").with("value", d.listen));
  }
  d.logFile = ini.path(ini.text("daemon", "log_file", ""));
  d.logLevel = lowerAscii(ini.text("daemon", "log_level", d.logLevel));
  if (d.logLevel == "information") d.logLevel = "info";
  static const std::set<std::string> kLevels{"error", "warning", "notice", "info", "debug"};
  if (!kLevels.count(d.logLevel)) {
    ini.fail(
        "daemon", "log_level",
        msg("'{value}' is not error, warning, notice, info or debug").with("value", d.logLevel));
  }
}

void readConsole(IniReader& ini, const LoadEnvironment& env, ConsoleConfig& c) {
  c.listen = ini.text("console", "listen", c.listen);
  if (c.listen.rfind(':') == std::string::npos)
    ini.fail("console", "listen", msg("'{value}' must be host:port").with("value", c.listen));
  c.tlsCertFile = ini.path(ini.text("console", "tls_cert_file", ""));
  // The key is a secret: under systemd it comes through LoadCredential=, and a relative path
  // resolves against $CREDENTIALS_DIRECTORY as the other secrets' do.
  c.tlsKeyFile = ini.text("console", "tls_key_file", "");
  if (!c.tlsKeyFile.empty() && fs::path(c.tlsKeyFile).is_relative() &&
      !env.credentialsDirectory.empty())
    c.tlsKeyFile = (fs::path(env.credentialsDirectory) / c.tlsKeyFile).string();
  else
    c.tlsKeyFile = ini.path(c.tlsKeyFile);
  if (c.tlsCertFile.empty() != c.tlsKeyFile.empty())
    ini.fail("console", c.tlsCertFile.empty() ? "tls_cert_file" : "tls_key_file",
             msg("set both tls_cert_file and tls_key_file, or neither (then behind a reverse "
                 "proxy)"));
  c.publicUrl = ini.text("console", "public_url", "");
  const std::string url = lowerAscii(c.publicUrl);
  if (!url.empty() && url.rfind("https://", 0) != 0 && url.rfind("http://", 0) != 0)
    ini.fail(
        "console", "public_url",
        msg("'{url}' must start with https:// (the address people open)").with("url", c.publicUrl));
  c.usersFile = ini.path(ini.text("console", "users_file", c.usersFile));
  c.auditDays = static_cast<int>(ini.integer("console", "audit_days", c.auditDays, 1, 36500));
}

}  // namespace

LoadEnvironment environmentFromProcess() {
  LoadEnvironment env;
  if (const char* dir = std::getenv("CREDENTIALS_DIRECTORY")) env.credentialsDirectory = dir;
  env.examples = exampleFiles();
  return env;
}

Config loadConfig(const std::string& path, const LoadEnvironment& env) {
  std::error_code ec;
  if (!fs::is_regular_file(path, ec)) {
    throw ConfigError((fs::exists(path, ec)
                           ? msg("{file}: cannot read the configuration file (not a regular "
                                 "file); pass --config FILE, or start from {example}")
                           : msg("{file}: cannot read the configuration file (no such file); "
                                 "pass --config FILE, or start from {example}"))
                          .with("file", path)
                          .with("example", env.examples.start));
  }
  std::string text;
  try {
    text = readWholeFile(path);
  } catch (const FileReadError& e) {
    throw ConfigError(msg("{file}: cannot read the configuration file: {error}")
                          .with("file", path)
                          .with("error", e.what()));
  }
  return parseConfig(text, path, env);
}

Config parseConfig(const std::string& text, const std::string& path, const LoadEnvironment& env) {
  Poco::AutoPtr<AbstractConfiguration> raw;
  try {
    std::istringstream in(text);
    raw = new Poco::Util::IniFileConfiguration(in);
  } catch (const Poco::Exception& e) {
    throw ConfigError(msg("{file}: cannot read the configuration file: {error}")
                          .with("file", path)
                          .with("error", e.displayText()));
  }
  IniReader ini(path, raw, env.examples);

  // The sections in the order they were always read, so that the first bad key is reported.
  Config c;
  c.sourceFile = fs::absolute(path).lexically_normal().string();
  readCenter(ini, env, c);
  readDirectory(ini, env, c.directory);
  c.directory.platform.proxy = c.center.proxy;  // the one HTTPS client's proxy and answer cap
  c.directory.platform.maxAnswerMb = c.center.maxAnswerMb;
  readPolicy(ini, c);
  readSync(ini, c.sync);
  readState(ini, c.state);
  readDaemon(ini, c.daemon);
  readDelivery(ini, env, c.delivery);
  readReport(ini, env, c);
  readConsole(ini, env, c.console);
  // A run judges what needs a person too (its outcome): it reads the wait from [sync]'s settings.
  c.sync.passwordWaitDays = c.report.passwordWaitDays;
  c.sync.emailColumn = c.delivery.toColumn;
  ini.rejectUnknown();
  return c;
}

}  // namespace membersync::config
