#include "jobs/notify/report_settings.h"

namespace membersync::notify {

const char* toString(WebhookFormat format) {
  switch (format) {
    case WebhookFormat::WeCom:
      return "wecom";
    case WebhookFormat::DingTalk:
      return "dingtalk";
    case WebhookFormat::Feishu:
      return "feishu";
    case WebhookFormat::Json:
      return "json";
  }
  return "json";
}

const char* toString(ReportOn on) {
  switch (on) {
    case ReportOn::Attention:
      return "attention";
    case ReportOn::Failed:
      return "failed";
    case ReportOn::Always:
      return "always";
  }
  return "attention";
}

const char* toString(ReportLanguage language) {
  switch (language) {
    case ReportLanguage::En:
      return "en";
    case ReportLanguage::ZhCN:
      return "zh_CN";
  }
  return "en";
}

}  // namespace membersync::notify
