#include "jobs/directory/platform/platform_reader.h"

#include <algorithm>
#include <functional>
#include <stdexcept>

#include "jobs/center/options.h"
#include "jobs/center/poco_transport.h"
#include "jobs/directory/columns.h"
#include "jobs/directory/export_builder.h"
#include "jobs/directory/platform/dingtalk_pages.h"
#include "jobs/directory/platform/dingtalk_walk.h"
#include "jobs/directory/platform/feishu_pages.h"
#include "jobs/directory/platform/feishu_walk.h"
#include "jobs/directory/platform/platform_client.h"
#include "jobs/directory/platform/platform_kind.h"
#include "jobs/directory/platform/platform_walk.h"
#include "jobs/directory/platform/wecom_pages.h"
#include "jobs/directory/platform/wecom_walk.h"

namespace membersync::directory::platform {

namespace {

// How one platform's walk is made: its token request and decoder, and the walk itself.
struct Walker {
  PlatformCalls::FetchToken tokenRequest;
  PlatformCalls::DecodeToken decodeToken;
  std::function<WalkResult(PlatformCalls&)> walk;
};

Walker walkerFor(const DirectorySettings& cfg) {
  const PlatformSettings& p = cfg.platform;
  switch (cfg.format) {
    case ExportFormat::WeCom: {
      const wecom::Credentials c{p.baseUrl, p.appKey, p.appSecret};
      return {[c] { return wecom::tokenRequest(c); }, wecom::decodeToken,
              [c](PlatformCalls& calls) { return wecom::walk(calls, c); }};
    }
    case ExportFormat::Feishu: {
      const feishu::Credentials c{p.baseUrl, p.appKey, p.appSecret};
      return {[c] { return feishu::tokenRequest(c); }, feishu::decodeToken,
              [c](PlatformCalls& calls) { return feishu::walk(calls, c); }};
    }
    default: {
      const dingtalk::Credentials c{p.baseUrl, p.appKey, p.appSecret};
      return {[c] { return dingtalk::tokenRequest(c); }, dingtalk::decodeToken,
              [c](PlatformCalls& calls) { return dingtalk::walk(calls, c); }};
    }
  }
}

// A field the platform withheld that the configuration or the policy reads stops the read: a
// plan made with everyone's mobile empty would be wrong for everyone. One nothing reads is a
// notice check and validate show.
std::vector<std::string> withheldNotices(const std::string& source, const WalkResult& walk,
                                         const std::vector<std::string>& read) {
  std::string fields;
  for (const std::string& field : walk.withheld) {
    fields += (fields.empty() ? "" : ", ") + field;
    if (std::find(read.begin(), read.end(), field) != read.end())
      throw PlatformConfigError(source + ": the platform withheld " + field +
                                ", which the configuration reads. " + walk.withheldTodo);
  }
  if (fields.empty()) return {};
  return {"the platform withheld " + fields + " (nothing here reads them). " + walk.withheldTodo};
}

}  // namespace

std::string platformSourceName(const DirectorySettings& cfg) {
  const PlatformKind* kind = platformKind(cfg.format);
  return std::string(kind ? kind->displayName : "the platform") + " " + cfg.platform.baseUrl;
}

Export readPlatform(const DirectorySettings& cfg, const std::string& accountSuffix,
                    const std::vector<std::string>& alsoNeeded,
                    const std::set<std::string>& mappedDepartments, center::Transport& transport,
                    Clock& clock, Scrubber& scrubber) {
  const PlatformSettings& p = cfg.platform;
  const std::string source = platformSourceName(cfg);
  if (const auto problem = baseUrlProblem(p.baseUrl))
    throw PlatformConfigError(source + ": [directory] base_url " + *problem);
  scrubber.add(p.appSecret);
  const Walker walker = walkerFor(cfg);
  CallLimits limits;
  limits.walkTimeout = std::chrono::seconds(p.walkTimeoutS);
  limits.firstPause = std::chrono::milliseconds(p.rateLimitPauseMs);
  PlatformCalls calls(source, transport, clock, scrubber, walker.tokenRequest,
                      walker.decodeToken, limits);
  try {
    const WalkResult walk = walker.walk(calls);
    std::vector<std::string> notices =
        withheldNotices(source, walk, namedSources(cfg, alsoNeeded));
    const SourceTable table = walkTable(source, walk, mappedDepartments);
    Export hr = buildExport(table, cfg, accountSuffix, alsoNeeded);
    hr.path = source;
    hr.legacyContentHash = hr.contentHash;
    hr.notices = std::move(notices);
    hr.departmentCount = walk.departments.size();
    hr.calls = calls.calls();
    return hr;
  } catch (ExportError& e) {
    e.platformCalls = calls.calls();  // spent all the same: they count in the month's budget
    throw;
  }
}

Export readPlatform(const DirectorySettings& cfg, const std::string& accountSuffix,
                    const std::vector<std::string>& alsoNeeded,
                    const std::set<std::string>& mappedDepartments) {
  center::ClientOptions options;
  options.baseUrl = cfg.platform.baseUrl;
  options.caFile = cfg.platform.caFile;
  options.proxy = cfg.platform.proxy;
  options.timeout = std::chrono::seconds(cfg.platform.timeoutS);
  options.maxAnswerMb = cfg.platform.maxAnswerMb;
  options.maxConcurrency = 1;  // one walk, one call at a time
  std::unique_ptr<center::PocoTransport> transport;
  try {
    transport = std::make_unique<center::PocoTransport>(options);
  } catch (const std::invalid_argument& e) {
    throw PlatformConfigError(platformSourceName(cfg) + ": " + e.what());
  }
  SystemClock clock;
  Scrubber scrubber;  // the walk's tokens and the app secret; every message leaves through it
  return readPlatform(cfg, accountSuffix, alsoNeeded, mappedDepartments, *transport, clock,
                      scrubber);
}

}  // namespace membersync::directory::platform
