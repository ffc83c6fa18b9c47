#include "jobs/apply/password_outbox.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <stdexcept>

namespace membersync::apply {
namespace {

std::mutex& outboxMutex() {
  static std::mutex m;  // appends from worker threads must not interleave within a line
  return m;
}

[[noreturn]] void fail(const std::string& path, const std::string& what) {
  throw std::runtime_error("password outbox " + path + ": " + what + ": " + std::strerror(errno) +
                           "; check [sync] password_outbox");
}

void writeAll(int fd, const std::string& data, const std::string& path) {
  std::size_t done = 0;
  while (done < data.size()) {
    ssize_t n = ::write(fd, data.data() + done, data.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      fail(path, "write failed");
    }
    done += static_cast<std::size_t>(n);
  }
}

// A new file's directory entry is only durable once its folder is synced.
void syncFolderOf(const std::string& path) {
  const auto folder = std::filesystem::path(path).parent_path();
  int dir = ::open(folder.empty() ? "." : folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir < 0) fail(path, "cannot open its folder");
  const int rc = ::fsync(dir);
  ::close(dir);
  if (rc != 0) fail(path, "cannot sync its folder");
}

}  // namespace

FileOutbox::FileOutbox(std::string path) : path_(std::move(path)) {}

void FileOutbox::append(const std::vector<OutboxEntry>& entries) {
  if (entries.empty()) return;
  std::string lines;
  // Accounts and generated passwords are letters and digits, the time has no comma: no quoting.
  for (const auto& e : entries) {
    lines += e.account + "," + e.password.reveal() + "," + e.createdIso8601 + ",pending\n";
  }
  write(lines);
}

void FileOutbox::mark(const std::vector<std::string>& accounts, OutboxMark mark,
                      const std::string& atIso8601) {
  if (accounts.empty()) return;
  std::string lines;
  const char* word = mark == OutboxMark::Set ? "set" : "void";
  for (const auto& account : accounts) lines += account + ",," + atIso8601 + "," + word + "\n";
  write(lines);
}

std::map<std::string, Secret> FileOutbox::pendingPasswords(const std::set<std::string>& accounts) {
  std::map<std::string, Secret> found;
  if (accounts.empty()) return found;
  std::lock_guard<std::mutex> lock(outboxMutex());
  std::ifstream in(path_);
  if (!in) {
    if (::access(path_.c_str(), F_OK) != 0) return found;  // no outbox yet: nothing pending
    fail(path_, "cannot read");
  }
  // Per account, the passwords not cancelled yet, oldest first: `void` cancels the newest.
  std::map<std::string, std::vector<Secret>> open;
  std::string line;
  while (std::getline(in, line)) {
    // account,password,created,status; passwords and accounts hold no comma (see append()).
    const auto first = line.find(',');
    const auto second = line.find(',', first == std::string::npos ? first : first + 1);
    const auto last = line.rfind(',');
    if (second == std::string::npos || last == second) continue;
    const std::string account = line.substr(0, first);
    if (!accounts.count(account)) continue;
    const std::string status = line.substr(last + 1);
    auto& passwords = open[account];
    if (status == "pending") passwords.emplace_back(line.substr(first + 1, second - first - 1));
    if (status == "void" && !passwords.empty()) passwords.pop_back();
  }
  for (auto& [account, passwords] : open) {
    if (!passwords.empty()) found.emplace(account, passwords.back());
  }
  return found;
}

void FileOutbox::write(const std::string& lines) {
  std::lock_guard<std::mutex> lock(outboxMutex());
  const bool existed = ::access(path_.c_str(), F_OK) == 0;
  int fd = ::open(path_.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0600);
  if (fd < 0) fail(path_, "cannot open");
  struct Closer {
    int fd;
    ~Closer() { ::close(fd); }
  } closer{fd};
  struct stat st {};
  if (::fstat(fd, &st) != 0) fail(path_, "stat failed");
  // A file someone created or loosened by hand is tightened before a password goes into it.
  if ((st.st_mode & 0077) != 0 && ::fchmod(fd, 0600) != 0) fail(path_, "cannot make it 0600");
  const std::string header = st.st_size == 0 ? "account,password,created,status\n" : "";
  writeAll(fd, header + lines, path_);
  if (::fsync(fd) != 0) fail(path_, "fsync failed");
  if (!existed) syncFolderOf(path_);
}

}  // namespace membersync::apply
