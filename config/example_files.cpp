#include "config/example_files.h"

#include <filesystem>
#include <system_error>

namespace membersync::config {
namespace {

namespace fs = std::filesystem;

// GNUInstallDirs' CMAKE_INSTALL_BINDIR and CMAKE_INSTALL_DOCDIR, relative to the prefix unless
// configured absolute.
#ifndef MEMBERSYNC_INSTALL_BINDIR
#define MEMBERSYNC_INSTALL_BINDIR "bin"
#endif
#ifndef MEMBERSYNC_INSTALL_DOCDIR
#define MEMBERSYNC_INSTALL_DOCDIR "share/doc/membersync"
#endif

// The installed examples' folder for a program at `executable`, found or not.
fs::path installedExamples(const fs::path& executable) {
  const fs::path bindir(MEMBERSYNC_INSTALL_BINDIR);
  const fs::path docdir(MEMBERSYNC_INSTALL_DOCDIR);
  if (docdir.is_absolute()) return docdir / "examples";
  fs::path prefix = executable.parent_path();  // the bin folder
  if (bindir.is_absolute()) {
    if (prefix != bindir) return {};
    prefix = bindir.parent_path();
  } else {
    for (auto it = bindir.begin(); it != bindir.end(); ++it) prefix = prefix.parent_path();
  }
  return prefix / docdir / "examples";
}

}  // namespace

ExampleFiles exampleFilesFor(const std::string& executable) {
  const fs::path examples = installedExamples(fs::path(executable).lexically_normal());
  std::error_code ec;
  if (examples.empty() || !fs::is_regular_file(examples / "membersync-demo.ini", ec)) return {};
  return {(examples / "membersync-demo.ini").string(), (examples / "membersync.ini").string()};
}

ExampleFiles exampleFiles() {
  std::error_code ec;
  const fs::path self = fs::read_symlink("/proc/self/exe", ec);
  return ec ? ExampleFiles{} : exampleFilesFor(self.string());
}

}  // namespace membersync::config
