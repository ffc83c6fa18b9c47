#pragma once

#include <string>

#include "config/config.h"
#include "config/example_files.h"

namespace membersync::config {

// Where secret files are looked up: systemd's LoadCredential= sets $CREDENTIALS_DIRECTORY, and a
// relative secret path is resolved against it when set. Passed in so tests need no environment.
struct LoadEnvironment {
  std::string credentialsDirectory;  // empty: resolve against the config file's folder
  ExampleFiles examples;             // what the hints name (the installed examples, or a clone's)
  // `membersync console`: the secret files of [center], [directory], [delivery] and [report] are
  // not read (their secrets stay empty), so a web-facing process never holds them.
  bool skipSecrets = false;
};

LoadEnvironment environmentFromProcess();

// Reads and checks an INI file. Relative paths resolve against the file's folder; secret files
// are read (a trailing newline stripped) and never echoed. Throws ConfigError naming the file and
// key for an unreadable file, an unknown section or key, a missing required key or a bad value.
Config loadConfig(const std::string& path, const LoadEnvironment& env);

// The same checks over the INI text of a file already read (what loadConfig does after reading
// `path`): `path` names the file in messages and is what relative paths resolve against; secret
// files are still read. Throws ConfigError as loadConfig does.
Config parseConfig(const std::string& text, const std::string& path, const LoadEnvironment& env);

}  // namespace membersync::config
