#pragma once

namespace membersync::center {
struct Error;
}

namespace membersync {

// The exit codes of design.md, the same for every verb.
enum class ExitCode : int {
  Done = 0,            // done, nothing left to do
  Failed = 1,          // failed
  Changes = 2,         // `plan` found changes to make
  PartlyFailed = 3,    // applied, but some items failed (listed by `status`)
  Held = 4,            // a safety guard held back the destructive part
  StalePlan = 5,       // the saved plan no longer matches the export or the member list
  Usage = 64,          // bad command line
  Configuration = 78,  // bad configuration (the message names the file, key or line)
};

// When several outcomes apply, the first of 1, 78, 5, 4, 3, 2, 0 wins.
ExitCode worst(ExitCode a, ExitCode b);

inline int toInt(ExitCode c) { return static_cast<int>(c); }

// A call to the center that failed: Configuration when a person must fix the configuration
// (credentials, scopes, the enterprise, TLS settings: the message names the key), else Failed.
ExitCode exitCodeOf(const center::Error& error);

}  // namespace membersync
