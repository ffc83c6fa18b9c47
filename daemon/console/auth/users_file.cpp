#include "daemon/console/auth/users_file.h"

#include <fcntl.h>
#include <grp.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <set>
#include <sstream>

#include "jobs/core/file_text.h"

namespace membersync::console {
namespace {

std::string stampOf(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return "missing";
  return std::to_string(st.st_mtim.tv_sec) + "." + std::to_string(st.st_mtim.tv_nsec) + ":" +
         std::to_string(st.st_size) + ":" + std::to_string(st.st_ino);
}

[[noreturn]] void failWrite(const std::string& path, const std::string& what) {
  throw UsersFileError("cannot write " + path + ": " + what + ": " + std::strerror(errno));
}

}  // namespace

const char* toString(Role role) {
  return role == Role::Approver ? "approver" : "viewer";
}

std::optional<Role> roleNamed(const std::string& name) {
  if (name == "viewer") return Role::Viewer;
  if (name == "approver") return Role::Approver;
  return std::nullopt;
}

bool validUserName(const std::string& name) {
  if (name.empty() || name.size() > 64) return false;
  for (const char c : name) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                    c == '.' || c == '_' || c == '-' || c == '@';
    if (!ok) return false;
  }
  return true;
}

std::vector<ConsoleUser> parseUsers(const std::string& text, const std::string& path) {
  std::vector<ConsoleUser> users;
  std::set<std::string> seen;
  std::istringstream in(text);
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty() || line[0] == '#') continue;
    const std::string where = path + ":" + std::to_string(number) + ": ";
    const auto first = line.find(':');
    const auto second = first == std::string::npos ? first : line.find(':', first + 1);
    if (second == std::string::npos)
      throw UsersFileError(where +
                           "expected name:role:hash; write users with "
                           "`membersync console-user add NAME --role viewer|approver`");
    ConsoleUser u;
    u.name = line.substr(0, first);
    const auto role = roleNamed(line.substr(first + 1, second - first - 1));
    u.hash = line.substr(second + 1);
    if (!validUserName(u.name))
      throw UsersFileError(where + "'" + u.name +
                           "' is not a user name (letters, digits, . _ - @)");
    if (!role) throw UsersFileError(where + "the role must be viewer or approver");
    if (u.hash.rfind("$argon2id$", 0) != 0)
      throw UsersFileError(where +
                           "the hash is not an Argon2id PHC string; set the password "
                           "with `membersync console-user passwd " +
                           u.name + "`");
    if (!seen.insert(u.name).second)
      throw UsersFileError(where + "the user " + u.name + " is given twice; remove one line");
    u.role = *role;
    users.push_back(std::move(u));
  }
  return users;
}

std::string formatUsers(const std::vector<ConsoleUser>& users) {
  std::string out = "# membersync console users: name:role:hash (membersync console-user)\n";
  for (const auto& u : users) out += u.name + ":" + toString(u.role) + ":" + u.hash + "\n";
  return out;
}

std::vector<ConsoleUser> readUsersFile(const std::string& path) {
  if (stampOf(path) == "missing") return {};
  try {
    return parseUsers(readWholeFile(path), path);
  } catch (const FileReadError& e) {
    throw UsersFileError("cannot read " + path + ": " + e.what());
  }
}

void writeUsersFile(const std::string& path, const std::vector<ConsoleUser>& users) {
  const std::string temp = path + ".tmp";
  const int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0640);
  if (fd < 0) failWrite(temp, "open");
  // The service reads the file as the membersync user; root (who edits it) keeps ownership.
  if (const group* g = ::getgrnam("membersync"))
    (void)::fchown(fd, static_cast<uid_t>(-1), g->gr_gid);
  (void)::fchmod(fd, 0640);  // whatever the umask
  const std::string text = formatUsers(users);
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      ::close(fd);
      failWrite(temp, "write");
    }
    done += static_cast<std::size_t>(n);
  }
  if (::fsync(fd) != 0) {
    ::close(fd);
    failWrite(temp, "fsync");
  }
  ::close(fd);
  if (::rename(temp.c_str(), path.c_str()) != 0) failWrite(path, "rename");
}

const ConsoleUser* findUser(const std::vector<ConsoleUser>& users, const std::string& name) {
  for (const auto& u : users)
    if (u.name == name) return &u;
  return nullptr;
}

UsersWatch::UsersWatch(std::string path) : path_(std::move(path)) {}

std::shared_ptr<const std::vector<ConsoleUser>> UsersWatch::current(std::string* problem) {
  std::lock_guard<std::mutex> lock(mutex_);
  const std::string stamp = stampOf(path_);
  if (!users_ || stamp != stamp_) {
    stamp_ = stamp;
    problem_.clear();
    try {
      users_ = std::make_shared<const std::vector<ConsoleUser>>(readUsersFile(path_));
    } catch (const UsersFileError& e) {
      problem_ = e.what();
      users_ = std::make_shared<const std::vector<ConsoleUser>>();
    }
  }
  if (problem) *problem = problem_;
  return users_;
}

}  // namespace membersync::console
