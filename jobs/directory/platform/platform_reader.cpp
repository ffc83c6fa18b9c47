#include "jobs/directory/platform/platform_reader.h"

#include <stdexcept>

#include "jobs/center/options.h"
#include "jobs/center/poco_transport.h"
#include "jobs/directory/export_builder.h"
#include "jobs/directory/platform/dingtalk_pages.h"
#include "jobs/directory/platform/dingtalk_walk.h"
#include "jobs/directory/platform/platform_client.h"
#include "jobs/directory/platform/platform_walk.h"

namespace membersync::directory::platform {

std::string platformSourceName(const DirectorySettings& cfg) {
  return "DingTalk " + cfg.platform.baseUrl;
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
  const dingtalk::Credentials credentials{p.baseUrl, p.appKey, p.appSecret};
  CallLimits limits;
  limits.walkTimeout = std::chrono::seconds(p.walkTimeoutS);
  PlatformCalls calls(
      source, transport, clock, scrubber, [&] { return dingtalk::tokenRequest(credentials); },
      dingtalk::decodeToken, limits);
  const WalkResult walk = dingtalk::walk(calls, credentials);
  const SourceTable table = walkTable(source, walk, mappedDepartments);
  Export hr = buildExport(table, cfg, accountSuffix, alsoNeeded);
  hr.path = source;
  hr.legacyContentHash = hr.contentHash;
  hr.departmentCount = walk.departments.size();
  hr.calls = calls.calls();
  return hr;
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
