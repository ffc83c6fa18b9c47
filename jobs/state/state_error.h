#pragma once

#include <stdexcept>
#include <string>

namespace membersync::state {

// The state database could not do what was asked: locked by another process past the busy
// timeout, corrupt, unreadable, written by a newer membersync, or a migration failed. what()
// names the database file, the cause and what an administrator can do; it never holds a secret.
// cause() lets a caller tell a busy database (try again later) from the rest.
class StateError : public std::runtime_error {
 public:
  enum class Cause {
    Busy,         // locked by another process past the busy timeout: try again later
    Corrupt,      // not an SQLite file, or damaged
    CannotOpen,   // missing folder, permissions, read-only, full disk
    NewerSchema,  // written by a newer membersync
    Foreign,      // an SQLite database of something else
    Migration,    // an upgrade step failed
    Other,
  };

  StateError(Cause cause, const std::string& message)
      : std::runtime_error(message), cause_(cause) {}

  Cause cause() const { return cause_; }

 private:
  Cause cause_;
};

}  // namespace membersync::state
