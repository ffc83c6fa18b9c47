#include "jobs/deliver/password_outbox.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <stdexcept>

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

[[noreturn]] void cannotRead(const std::string& path, const std::string& why) {
  throw std::runtime_error("password outbox " + path + ": cannot read it: " + why +
                           "; check [sync] password_outbox");
}

// Opens the outbox to read it; false when it does not exist (nothing in it).
bool openToRead(const std::string& path, std::ifstream& in) {
  if (::access(path.c_str(), F_OK) != 0) return false;
  std::error_code ec;  // Linux would open a folder and read it as empty
  if (std::filesystem::is_directory(path, ec)) cannotRead(path, "it is a folder");
  in.open(path, std::ios::binary);
  if (!in) cannotRead(path, std::strerror(errno));
  return true;
}

// What was read may hold passwords: overwritten before the memory is given back.
void wipe(std::string& bytes) {
  std::fill(bytes.begin(), bytes.end(), '\0');
  bytes.clear();
}

// The rewrite file, written through a bounded buffer.
class RewriteWriter {
 public:
  RewriteWriter(int fd, const std::string& path) : fd_(fd), path_(path) {}
  ~RewriteWriter() { wipe(buffer_); }
  RewriteWriter(const RewriteWriter&) = delete;
  RewriteWriter& operator=(const RewriteWriter&) = delete;
  void write(std::string_view bytes) {
    buffer_.append(bytes);
    if (buffer_.size() >= kFlushAt) flush();
  }
  void flush() {
    writeAll(fd_, buffer_, path_);
    wipe(buffer_);
  }

 private:
  static constexpr std::size_t kFlushAt = 64 * 1024;
  int fd_;
  const std::string& path_;
  std::string buffer_;
};

// Replaces the file with what `body` writes, atomically (see remove()).
void rewrite(const std::string& path, const std::function<void(RewriteWriter&)>& body) {
  const std::string temp = path + ".rewrite";
  struct stat old {};
  if (::stat(path.c_str(), &old) != 0) fail(path, "stat failed");
  Fd out{::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600)};
  if (out.fd < 0) fail(path, "cannot create " + temp);
  try {
    // The old file's owner and group: a rewrite by root must not lock the service out.
    if ((old.st_uid != ::geteuid() || old.st_gid != ::getegid()) &&
        ::fchown(out.fd, old.st_uid, old.st_gid) != 0)
      fail(path, "cannot give the new file the old one's owner");
    if (::fchmod(out.fd, 0600) != 0) fail(path, "cannot make the new file 0600");
    RewriteWriter writer(out.fd, temp);
    body(writer);
    writer.flush();
    if (::fsync(out.fd) != 0) fail(path, "fsync failed");
    if (::rename(temp.c_str(), path.c_str()) != 0) fail(path, "cannot replace it");
  } catch (...) {
    ::unlink(temp.c_str());
    throw;
  }
  syncFolderOf(path);
}

std::runtime_error refusedRewrite(const std::string& path,
                                  const std::vector<std::string>& problems) {
  // The rewrite would drop what cannot be read, and a damaged line may hold a password in force.
  return std::runtime_error("password outbox " + path + ": " + problems.front() +
                            (problems.size() > 1 ? " (and more)" : "") +
                            "; nothing was removed: repair or remove the damaged lines by hand");
}

}  // namespace

std::map<std::string, Secret> PasswordOutbox::pendingPasswords(
    const std::set<std::string>& accounts) {
  std::map<std::string, Secret> found;
  if (accounts.empty()) return found;
  for (auto& [account, p] : current())
    if (accounts.count(account)) found.emplace(account, p.password);
  return found;
}

std::set<std::string> PasswordOutbox::confirmedAccounts(const std::set<std::string>& among) {
  std::set<std::string> found;
  if (among.empty()) return found;
  for (const auto& [account, p] : confirmed())
    if (among.count(account)) found.insert(account);
  return found;
}

std::set<std::string> PasswordOutbox::unconfirmedAccounts() {
  std::set<std::string> found;
  for (const auto& [account, p] : current())
    if (!p.confirmed) found.insert(account);
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
  OutboxText text;
  text.problems = eachLineLocked([&](OutboxLine& l) { text.lines.push_back(std::move(l)); });
  return text;
}

std::vector<std::string> FileOutbox::eachLineLocked(
    const std::function<void(OutboxLine&)>& onLine) {
  std::ifstream in;
  if (!openToRead(path_, in)) return {};
  OutboxLineReader reader;
  std::string line;
  std::vector<OutboxLine> lines;
  while (std::getline(in, line)) {
    if (!in.eof()) line += '\n';  // the last line may lack it, and is read so
    reader.read(line, lines);
    for (OutboxLine& l : lines) onLine(l);
    lines.clear();
  }
  wipe(line);
  if (in.bad()) cannotRead(path_, std::strerror(errno));
  return reader.problems();
}

OpenPasswords FileOutbox::foldLocked(OpenPasswords::Keep keep, const std::set<std::string>* among) {
  OpenPasswords open(keep, among);
  eachLineLocked([&](const OutboxLine& l) { open.add(l); });
  return open;
}

std::map<std::string, CurrentPassword> FileOutbox::current() {
  std::lock_guard<std::mutex> lock(outboxMutex());
  return foldLocked(OpenPasswords::Keep::Passwords, nullptr).current();
}

std::map<std::string, CurrentPassword> FileOutbox::confirmed() {
  std::lock_guard<std::mutex> lock(outboxMutex());
  return foldLocked(OpenPasswords::Keep::Passwords, nullptr).confirmed();
}

std::map<std::string, Secret> FileOutbox::pendingPasswords(const std::set<std::string>& accounts) {
  std::map<std::string, Secret> found;
  if (accounts.empty()) return found;
  std::lock_guard<std::mutex> lock(outboxMutex());
  for (auto& [account, p] : foldLocked(OpenPasswords::Keep::Passwords, &accounts).current())
    found.emplace(account, std::move(p.password));
  return found;
}

std::set<std::string> FileOutbox::confirmedAccounts(const std::set<std::string>& among) {
  if (among.empty()) return {};
  std::lock_guard<std::mutex> lock(outboxMutex());
  return foldLocked(OpenPasswords::Keep::AccountsOnly, &among).confirmedAccounts();
}

std::set<std::string> FileOutbox::unconfirmedAccounts() {
  std::lock_guard<std::mutex> lock(outboxMutex());
  return foldLocked(OpenPasswords::Keep::UnconfirmedOnly, nullptr).currentAccounts(false);
}

std::set<std::string> FileOutbox::remove(const std::set<std::string>& accounts) {
  std::lock_guard<std::mutex> lock(outboxMutex());
  removeLeftoverRewrite();
  if (accounts.empty()) return {};  // nothing to hand out: the file is not even read
  OpenPasswords open(OpenPasswords::Keep::AccountsOnly, &accounts);
  const auto problems = eachLineLocked([&](const OutboxLine& l) { open.add(l); });
  if (!problems.empty()) throw refusedRewrite(path_, problems);
  const std::set<std::string> removed = open.currentAccounts(true);
  if (removed.empty()) return removed;
  rewrite(path_, [&](RewriteWriter& out) {
    out.write(kOutboxHeader);
    std::string kept;
    const auto again = eachLineLocked([&](const OutboxLine& l) {
      if (removed.count(l.account)) return;
      kept = formatOutboxLine(l);
      out.write(kept);
      wipe(kept);
    });
    if (!again.empty()) throw refusedRewrite(path_, again);  // changed since: it never does
  });
  return removed;
}

std::optional<TornLine> FileOutbox::tornLine() {
  std::lock_guard<std::mutex> lock(outboxMutex());
  return tornLineLocked();
}

std::optional<TornLine> FileOutbox::tornLineLocked() {
  std::ifstream in;
  if (!openToRead(path_, in)) return std::nullopt;
  std::string line, last;
  int number = 0;
  std::size_t offset = 0, next = 0;  // where the last line read begins, and where the next does
  bool ended = false;
  while (std::getline(in, line)) {
    ended = !in.eof();
    ++number;
    offset = next;
    next += line.size() + (ended ? 1 : 0);
    std::swap(line, last);
  }
  wipe(line);
  if (in.bad()) cannotRead(path_, std::strerror(errno));
  if (number == 0) return std::nullopt;
  const auto torn = findTornLine(last, ended, number, offset);
  wipe(last);
  return torn;
}

bool FileOutbox::removeTornLine(const TornLine& torn) {
  std::lock_guard<std::mutex> lock(outboxMutex());
  removeLeftoverRewrite();
  const auto now = tornLineLocked();
  if (!now || now->line != torn.line || now->offset != torn.offset || now->account != torn.account)
    return false;
  rewrite(path_, [&](RewriteWriter& out) {
    // The lines before it, byte for byte, damaged ones included.
    std::ifstream in;
    if (!openToRead(path_, in)) cannotRead(path_, "it is gone");
    std::string chunk(64 * 1024, '\0');
    for (std::size_t left = torn.offset; left > 0;) {
      const std::size_t n = std::min(left, chunk.size());
      if (!in.read(chunk.data(), static_cast<std::streamsize>(n)))
        cannotRead(path_, "it ended before line " + std::to_string(torn.line));
      out.write(std::string_view(chunk.data(), n));
      left -= n;
    }
    wipe(chunk);
  });
  return true;
}

void FileOutbox::removeLeftoverRewrite() {
  // A rewrite cut short by a crash leaves its new file, passwords and all: gone with the next
  // one. (Rewrites never overlap: the state lock and this mutex serialize them.)
  const std::string temp = path_ + ".rewrite";
  if (::unlink(temp.c_str()) != 0 && errno != ENOENT) fail(path_, "cannot remove " + temp);
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
