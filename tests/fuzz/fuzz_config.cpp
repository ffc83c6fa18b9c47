// The configuration file: INI text -> Config, as loadConfig does after reading the file. The
// secret files the text names are read from a temporary folder made once per process (the
// credentials directory, holding secrets/client-secret and secrets/admin-password like the
// example); nothing is written anywhere else. What is accepted must lie in the documented ranges.
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>

#include "config/loader.h"
#include "jobs/core/text.h"
#include "tests/fuzz/fuzz_support.h"

namespace {

namespace fs = std::filesystem;

// The folder the config file is taken to sit in and the secrets resolve against.
class Folder {
 public:
  Folder() {
    std::string pattern = (fs::temp_directory_path() / "membersync-fuzz-config-XXXXXX").string();
    if (!mkdtemp(pattern.data())) std::abort();
    path_ = pattern;
    fs::create_directories(path_ / "secrets");
    std::ofstream(path_ / "secrets" / "client-secret") << "client-secret-value\n";
    std::ofstream(path_ / "secrets" / "admin-password") << "admin-password-value\n";
  }
  ~Folder() {
    std::error_code ec;
    fs::remove_all(path_, ec);
  }
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

const Folder& folder() {
  static const Folder f;
  return f;
}

// A secret path may name any file; devices and /proc could block or never end, so inputs
// reaching for them are not tried (reading a file there is the administrator's own doing).
bool reachesOutside(const std::string& text) {
  for (const char* place : {"dev/", "proc/", "sys/", "fd/"})
    if (text.find(place) != std::string::npos) return true;
  return false;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace membersync;
  const std::string text = fuzz::text(data, size);
  if (reachesOutside(text)) return 0;
  const std::string file = (folder().path() / "membersync.ini").string();
  config::LoadEnvironment env;
  env.credentialsDirectory = folder().path().string();
  config::Config c;
  try {
    c = config::parseConfig(text, file, env);
  } catch (const config::ConfigError& e) {
    FUZZ_CHECK(std::string(e.what()).rfind(file, 0) == 0);  // every refusal names the file
    return 0;
  }
  const center::ClientOptions& o = c.center;
  const std::string url = lowerAscii(o.baseUrl);
  FUZZ_CHECK(url.rfind("https://", 0) == 0 || url.rfind("http://", 0) == 0);
  FUZZ_CHECK(o.baseUrl.back() != '/');
  FUZZ_CHECK(!o.enterpriseGlobalId.empty() && !o.clientId.empty() && !o.adminUser.empty());
  FUZZ_CHECK(!o.clientSecret.empty() && o.clientSecret.reveal().back() != '\n');
  FUZZ_CHECK(o.activityClientId.empty() == o.activityClientSecret.empty());
  FUZZ_CHECK(o.timeout.count() >= 1 && o.timeout.count() <= 3600);
  FUZZ_CHECK(o.maxAnswerMb >= 1 && o.maxAnswerMb <= 4096);
  FUZZ_CHECK(o.maxConcurrency >= 1 && o.maxConcurrency <= 64);
  FUZZ_CHECK(o.maxRequestsPerSecond >= 0 && o.maxRequestsPerSecond <= 100000);
  FUZZ_CHECK(o.pageSize >= 1 && o.pageSize <= 1000);
  FUZZ_CHECK(center::optionProblems(o).empty());
  FUZZ_CHECK(c.directory.delimiter != '"' && !c.directory.path.empty());
  for (const auto& [field, column] : c.directory.columns) FUZZ_CHECK(!column.empty());
  const auto& plan = c.sync.plan;
  FUZZ_CHECK(plan.accountSuffix == c.sync.apply.accountSuffix);
  FUZZ_CHECK(plan.maxDeletePercent >= 0 && plan.maxDeletePercent <= 100);
  FUZZ_CHECK(plan.minExportRatio >= 0 && plan.minExportRatio <= 1);
  FUZZ_CHECK(c.sync.apply.passwordLength >= 8 && c.sync.apply.passwordLength <= 64);
  FUZZ_CHECK(c.sync.apply.workers == o.maxConcurrency);
  static const std::set<std::string> kLevels{"error", "warning", "notice", "info", "debug"};
  FUZZ_CHECK(kLevels.count(c.daemon.logLevel) == 1);
  return 0;
}
