#pragma once

#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "daemon/console/page.h"

namespace membersync::console {

// [console] users_file: one line per user, `name:role:hash` (role viewer or approver, the hash
// an Argon2id PHC string). Blank lines and lines starting with '#' are skipped.
struct ConsoleUser {
  std::string name;
  Role role = Role::Viewer;
  std::string hash;
};

// A users file that cannot be used: the message names the file and the line.
class UsersFileError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

const char* toString(Role role);  // "viewer", "approver"
std::optional<Role> roleNamed(const std::string& name);
// Letters, digits, '.', '_', '-' and '@', 1 to 64 of them: a name never holds the separator.
bool validUserName(const std::string& name);

// Throws UsersFileError "PATH:LINE: ..." for a bad line or a name given twice.
std::vector<ConsoleUser> parseUsers(const std::string& text, const std::string& path);
std::string formatUsers(const std::vector<ConsoleUser>& users);

// The users of `path`; none when the file does not exist. Throws UsersFileError.
std::vector<ConsoleUser> readUsersFile(const std::string& path);
// Replaces `path` atomically (a temporary file beside it, fsync, rename), mode 0640, group
// membersync when that group exists. Throws UsersFileError naming the file.
void writeUsersFile(const std::string& path, const std::vector<ConsoleUser>& users);

// The users file as the console sees it, re-read when its mtime, size or inode changes (checked
// on every request; a stat is cheap). A file that cannot be read or parsed counts as no users, so
// a broken edit signs everyone out rather than keep a removed user in. Thread-safe.
class UsersWatch {
 public:
  explicit UsersWatch(std::string path);
  // The users now; `problem`, when not null, gets the reason the file is unusable ("" if fine).
  std::shared_ptr<const std::vector<ConsoleUser>> current(std::string* problem = nullptr);

 private:
  std::string path_;
  std::mutex mutex_;
  std::string stamp_;  // mtime, size and inode as last read ("" before the first read)
  std::string problem_;
  std::shared_ptr<const std::vector<ConsoleUser>> users_;
};

const ConsoleUser* findUser(const std::vector<ConsoleUser>& users, const std::string& name);

}  // namespace membersync::console
