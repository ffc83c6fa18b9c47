#pragma once

// Where the example configuration is, for the hints that name it ("see ... for every key"): the
// files the package installs when this membersync was installed, the clone's otherwise.

#include <string>

namespace membersync::config {

struct ExampleFiles {
  std::string everyKey = "config/examples/membersync.ini";  // every key, its default, its meaning
  std::string start = "config/examples/membersync.ini";     // a configuration to start from
};

// For a membersync at `executable`: when it sits in <prefix>/bin (the package: /usr/bin) and
// <prefix>/share/doc/membersync/examples/ holds the installed examples, those (membersync-demo.ini
// documents every key; membersync.ini is the template for /etc/membersync); else a clone's
// config/examples/ (every key, and the demo that works with the emulator). The install layout
// (bin, share/doc/membersync) is CMake's, compiled in.
ExampleFiles exampleFilesFor(const std::string& executable);

// The same for this process (/proc/self/exe).
ExampleFiles exampleFiles();

}  // namespace membersync::config
