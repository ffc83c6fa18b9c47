#pragma once

#include "jobs/directory/directory_settings.h"

// What differs between the organisation platforms before any call is made: how messages name
// them, the configuration keys of the app's credentials, where the public service is and which
// of the user's fields is the stable id (the employee_id by default). One table, so that the
// loader, the reader and the messages agree.
namespace membersync::directory::platform {

struct PlatformKind {
  ExportFormat format;
  const char* formatName;      // [directory] format = dingtalk
  const char* displayName;     // "DingTalk": messages name the source with it
  const char* idKey;           // [directory] app_key
  const char* secretFileKey;   // [directory] app_secret_file
  const char* defaultBaseUrl;  // the public service
  const char* userIdField;     // the platform's stable user id: employee_id's default column
  const char* workMailField;   // the company mailbox, whose local part often is the account
  // active_status's default when the platform has a `status` field (a comma list), or nullptr.
  // WeCom's: 1 activated and 4 not yet activated are staff; 2 (disabled by an administrator,
  // what many do to a leaver first) and 5 (left) are not.
  const char* activeStatus;
};

inline constexpr PlatformKind kPlatformKinds[] = {
    {ExportFormat::DingTalk, "dingtalk", "DingTalk", "app_key", "app_secret_file",
     "https://oapi.dingtalk.com", "userid", "org_email", nullptr},
    {ExportFormat::WeCom, "wecom", "WeCom", "corp_id", "corp_secret_file",
     "https://qyapi.weixin.qq.com", "userid", "biz_mail", "1,4"},
    {ExportFormat::Feishu, "feishu", "Feishu", "app_id", "app_secret_file",
     "https://open.feishu.cn", "user_id", "enterprise_email", nullptr},
};

// The platform `format` names; nullptr for csv, json, xlsx and ldap.
inline const PlatformKind* platformKind(ExportFormat format) {
  for (const PlatformKind& k : kPlatformKinds)
    if (k.format == format) return &k;
  return nullptr;
}

}  // namespace membersync::directory::platform
