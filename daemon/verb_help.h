#pragma once

// What one verb's own help says (`membersync VERB --help`, `membersync help VERB`) beyond its
// usage line: a line or two on what it does, and each option as it reads for that verb. Which
// options a verb takes is the command line's table (command_line.cpp); this is only their words.
// Written for people: no API codes (A1, B1, ...), which mean nothing to an administrator. The
// texts are English msgids (translateLater), translated where they are printed.

#include <string>
#include <vector>

namespace membersync::cli {

struct OptionHelp {
  const char* name;      // without the leading "--"
  const char* argument;  // "text|json", "PLANFILE"; nullptr for a switch
  const char* text;      // what it does for this verb
};

struct VerbHelp {
  const char* what;                 // a line or two: what the verb does, and its exit codes
  std::vector<OptionHelp> options;  // those of the verb's options that read differently here
};

// The verb's help, or nullptr for a verb that has none of its own (the options' general
// descriptions then stand).
const VerbHelp* verbHelp(const std::string& verb);

}  // namespace membersync::cli
