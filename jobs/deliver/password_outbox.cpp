#include "jobs/deliver/password_outbox.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <mutex>
#include <stdexcept>

#include "jobs/core/file_text.h"

namespace membersync::deliver {
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

// A new or renamed file's directory entry is only durable once its folder is synced.
void syncFolderOf(const std::string& path) {
  const auto folder = std::filesystem::path(path).parent_path();
  int dir = ::open(folder.empty() ? "." : folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir < 0) fail(path, "cannot open its folder");
  const int rc = ::fsync(dir);
  ::close(dir);
  if (rc != 0) fail(path, "cannot sync its folder");
}

struct Fd {
  int fd;
  ~Fd() {
    if (fd >= 0) ::close(fd);
  }
};

}  // namespace

std::map<std::string, Secret> PasswordOutbox::pendingPasswords(
    const std::set<std::string>& accounts) {
  std::map<std::string, Secret> found;
  if (accounts.empty()) return found;
  for (auto& [account, p] : current())
    if (accounts.count(account)) found.emplace(account, p.password);
  return found;
}

FileOutbox::FileOutbox(std::string path) : path_(std::move(path)) {}

void FileOutbox::append(const std::vector<OutboxEntry>& entries) {
  if (entries.empty()) return;
  std::string lines;
  for (const auto& e : entries) {
    lines += formatOutboxLine(
        {0, e.account, e.password, e.createdIso8601, "pending", e.login, e.hrAccount, e.name});
  }
  write(lines);
}

void FileOutbox::mark(const std::vector<std::string>& accounts, OutboxMark mark,
                      const std::string& atIso8601) {
  if (accounts.empty()) return;
  std::string lines;
  const char* word = mark == OutboxMark::Set ? "set" : "void";
  for (const auto& account : accounts)
    lines += formatOutboxLine({0, account, Secret(), atIso8601, word, "", "", ""});
  write(lines);
}

OutboxText FileOutbox::read() {
  std::lock_guard<std::mutex> lock(outboxMutex());
  return readLocked();
}

OutboxText FileOutbox::readLocked() {
  return parseOutbox(textLocked());
}

std::string FileOutbox::textLocked() {
  if (::access(path_.c_str(), F_OK) != 0) return {};  // no outbox yet: nothing in it
  try {
    return readWholeFile(path_);
  } catch (const FileReadError& e) {
    throw std::runtime_error("password outbox " + path_ + ": cannot read it: " + e.what() +
                             "; check [sync] password_outbox");
  }
}

std::map<std::string, CurrentPassword> FileOutbox::current() {
  return currentPasswords(read().lines);
}

std::map<std::string, CurrentPassword> FileOutbox::confirmed() {
  return confirmedPasswords(read().lines);
}

std::set<std::string> FileOutbox::remove(const std::set<std::string>& accounts) {
  std::lock_guard<std::mutex> lock(outboxMutex());
  removeLeftoverRewrite();
  const OutboxText text = readLocked();
  if (!text.problems.empty()) {
    // The rewrite would drop what cannot be read, and a damaged line may hold a password in force.
    throw std::runtime_error("password outbox " + path_ + ": " + text.problems.front() +
                             (text.problems.size() > 1 ? " (and more)" : "") +
                             "; nothing was removed: repair or remove the damaged lines by hand");
  }
  std::set<std::string> removed;
  for (const auto& [account, p] : currentPasswords(text.lines))
    if (accounts.count(account) && p.confirmed) removed.insert(account);
  if (removed.empty()) return removed;
  std::string kept = kOutboxHeader;
  for (const OutboxLine& l : text.lines)
    if (!removed.count(l.account)) kept += formatOutboxLine(l);
  rewriteLocked(kept);
  return removed;
}

std::optional<TornLine> FileOutbox::tornLine() {
  std::lock_guard<std::mutex> lock(outboxMutex());
  return findTornLine(textLocked());
}

bool FileOutbox::removeTornLine(const TornLine& torn) {
  std::lock_guard<std::mutex> lock(outboxMutex());
  removeLeftoverRewrite();
  std::string text = textLocked();
  const auto now = findTornLine(text);
  if (!now || now->line != torn.line || now->offset != torn.offset || now->account != torn.account)
    return false;
  text.resize(torn.offset);  // the lines before it, byte for byte, damaged ones included
  rewriteLocked(text);
  return true;
}

void FileOutbox::removeLeftoverRewrite() {
  // A rewrite cut short by a crash leaves its new file, passwords and all: gone with the next
  // one. (Rewrites never overlap: the state lock and this mutex serialize them.)
  const std::string temp = path_ + ".rewrite";
  if (::unlink(temp.c_str()) != 0 && errno != ENOENT) fail(path_, "cannot remove " + temp);
}

void FileOutbox::rewriteLocked(const std::string& text) {
  const std::string temp = path_ + ".rewrite";
  struct stat old {};
  if (::stat(path_.c_str(), &old) != 0) fail(path_, "stat failed");
  Fd out{::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600)};
  if (out.fd < 0) fail(path_, "cannot create " + temp);
  try {
    // The old file's owner and group: a rewrite by root must not lock the service out.
    if ((old.st_uid != ::geteuid() || old.st_gid != ::getegid()) &&
        ::fchown(out.fd, old.st_uid, old.st_gid) != 0)
      fail(path_, "cannot give the new file the old one's owner");
    if (::fchmod(out.fd, 0600) != 0) fail(path_, "cannot make the new file 0600");
    writeAll(out.fd, text, temp);
    if (::fsync(out.fd) != 0) fail(path_, "fsync failed");
    if (::rename(temp.c_str(), path_.c_str()) != 0) fail(path_, "cannot replace it");
  } catch (...) {
    ::unlink(temp.c_str());
    throw;
  }
  syncFolderOf(path_);
}

void FileOutbox::write(const std::string& lines) {
  std::lock_guard<std::mutex> lock(outboxMutex());
  const bool existed = ::access(path_.c_str(), F_OK) == 0;
  Fd fd{::open(path_.c_str(), O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC, 0600)};
  if (fd.fd < 0) fail(path_, "cannot open");
  struct stat st {};
  if (::fstat(fd.fd, &st) != 0) fail(path_, "stat failed");
  // A file someone created or loosened by hand is tightened before a password goes into it.
  if ((st.st_mode & 0077) != 0 && ::fchmod(fd.fd, 0600) != 0) fail(path_, "cannot make it 0600");
  std::string start = st.st_size == 0 ? kOutboxHeader : "";
  // A last line cut short (a full disk, a crash) must not run into the first line written now.
  char last = '\n';
  if (st.st_size > 0 && ::pread(fd.fd, &last, 1, st.st_size - 1) != 1) fail(path_, "read failed");
  if (last != '\n') start = "\n";
  writeAll(fd.fd, start + lines, path_);
  if (::fsync(fd.fd) != 0) fail(path_, "fsync failed");
  if (!existed) syncFolderOf(path_);
}

}  // namespace membersync::deliver
