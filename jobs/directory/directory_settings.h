#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "jobs/core/secret.h"

namespace membersync::directory {

enum class ExportFormat { Csv, Json, Ldap, Xlsx, DingTalk, WeCom, Feishu };

// DingTalk, WeCom and Feishu/Lark: an organisation platform's API walked through HTTPS
// (platform/platform_reader.h), not a file or a directory.
inline bool isPlatform(ExportFormat f) {
  return f == ExportFormat::DingTalk || f == ExportFormat::WeCom || f == ExportFormat::Feishu;
}

enum class LdapScope { Base, One, Sub };

// [directory] for `format = ldap`: where the directory is and how it is searched.
struct LdapSettings {
  std::string url;       // ldap://host[:port] or ldaps://host[:port]
  bool startTls = false;  // StartTLS on ldap://
  std::string caFile;    // empty: the system's CAs
  std::string bindDn;
  Secret bindPassword;
  std::string baseDn;
  std::string filter = "(objectClass=person)";
  LdapScope scope = LdapScope::Sub;
  int pageSize = 500;   // RFC 2696 page size
  int timeoutS = 60;    // connecting, and each operation (bind, one page)
};

// [directory] for an organisation platform (`format = dingtalk`, `wecom`, `feishu`): where its
// API is, the app's credentials, and the HTTPS client's options (the same PocoTransport as the
// member center's). The keys' names per platform are in platform/platform_kind.h.
struct PlatformSettings {
  std::string baseUrl;  // https://oapi.dingtalk.com, https://qyapi.weixin.qq.com, https://open.feishu.cn
  std::string appKey;   // DingTalk app_key, WeCom corp_id, Feishu app_id
  Secret appSecret;     // DingTalk app_secret, WeCom the contacts app's secret, Feishu app_secret
  std::string caFile;      // empty: the system's CAs
  std::string proxy;       // [center] proxy: "host:port", empty: none
  int timeoutS = 30;       // each exchange, as [center] timeout_s
  int walkTimeoutS = 600;  // the whole walk, pauses for rate limits included
  int maxAnswerMb = 128;   // [center] max_answer_mb
  int maxCallsMonth = 0;   // 0: no monthly budget
  int rateLimitPauseMs = 1000;  // the first pause after a rate limit, doubled after each one
};

// How the HR export is read, with the defaults: config/ reads [directory] straight into this
// struct, so jobs/directory never sees the configuration file.
struct DirectorySettings {
  std::string path;  // csv and json; for ldap, messages name the URL and base DN instead
  ExportFormat format = ExportFormat::Csv;
  char delimiter = ',';
  std::string encoding = "utf-8";
  LdapSettings ldap;
  // xlsx: the sheet by name, or by 1-based index (0: the first); the cap on each part unpacked
  std::string sheet;
  int sheetIndex = 0;
  std::uint64_t xlsxPartCap = 512ull << 20;
  PlatformSettings platform;
  // HR field -> column name; a field missing here (or mapped to "") is read from the column of
  // its own name.
  std::map<std::string, std::string> columns;
  std::vector<std::string> activeStatus{"active"};  // lower case

  static const std::vector<std::string>& fields();  // employee_id, account, name, ...
};

}  // namespace membersync::directory
