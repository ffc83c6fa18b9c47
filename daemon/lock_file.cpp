#include "daemon/lock_file.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <ctime>
#include <fstream>
#include <ostream>
#include <sstream>
#include <utility>

#include "jobs/core/text.h"

namespace membersync::cli {

struct StateLockAccess {
  static StateLock make(int fd, std::string path) { return StateLock(fd, std::move(path)); }
};

StateLock::StateLock(int fd, std::string path) : fd_(fd), path_(std::move(path)) {}

StateLock::StateLock(StateLock&& other) noexcept
    : fd_(std::exchange(other.fd_, -1)), path_(std::move(other.path_)) {}

StateLock& StateLock::operator=(StateLock&& other) noexcept {
  if (this != &other) {
    if (fd_ >= 0) ::close(fd_);
    fd_ = std::exchange(other.fd_, -1);
    path_ = std::move(other.path_);
  }
  return *this;
}

StateLock::~StateLock() {
  if (fd_ >= 0) ::close(fd_);  // closing the last descriptor releases the flock
}

bool takesStateLock(const Invocation& inv) {
  if (inv.verb == "sync") return !inv.dryRun;
  if (inv.verb == "revert") return inv.apply;
  if (inv.verb == "passwords") return inv.handedOut || inv.all || !inv.resend.empty();
  return inv.verb == "apply" || inv.verb == "reset-password" || inv.verb == "allow" ||
         inv.verb == "allow-deletes";
}

std::string lockPathFor(const std::string& database) { return database + ".lock"; }

std::string daemonLockPathFor(const std::string& database) { return database + ".daemon.lock"; }

i18n::Message holderMessage(const std::string& lockPath) {
  // The file holds three lines: pid, verb, since (see writeHolder).
  std::ifstream in(lockPath);
  std::string pid;
  std::string verb;
  std::string since;
  if (in && std::getline(in, pid) && std::getline(in, verb) && std::getline(in, since) &&
      !pid.empty() && !verb.empty()) {
    return i18n::msg("membersync {verb} (pid {pid}) holds {path} since {since}")
        .with("verb", verb)
        .with("pid", pid)
        .with("path", lockPath)
        .with("since", since);
  }
  return i18n::msg("another membersync holds {path}").with("path", lockPath);
}

std::string describeHolder(const std::string& lockPath) {
  return i18n::english(holderMessage(lockPath));
}

namespace {

std::string nowText() {
  return personTime(std::chrono::system_clock::now());
}

// Replaces the file's content with this process's pid, verb and start time. A failure to write
// only makes the refusal message of another process vaguer; the lock itself is held.
void writeHolder(int fd, const std::string& verb) {
  std::ostringstream text;
  text << ::getpid() << "\n" << verb << "\n" << nowText() << "\n";
  const std::string s = text.str();
  if (::ftruncate(fd, 0) == 0) {
    ssize_t written = ::pwrite(fd, s.data(), s.size(), 0);
    (void)written;
  }
}

int lockBlocking(int fd) {
  int rc;
  do {
    rc = ::flock(fd, LOCK_EX);
  } while (rc != 0 && errno == EINTR);
  return rc;
}

// What acquireLockFile says, in the reader's language ({verb}, {path}, {detail}).
constexpr const char* kCannotOpen = i18n::translateLater(
    "membersync: {verb}: cannot open the lock file {path}: {detail} (it lives beside [state] "
    "database; is that folder writable?)");
constexpr const char* kCannotLock =
    i18n::translateLater("membersync: {verb}: cannot lock {path}: {detail}");
constexpr const char* kHeld = i18n::translateLater(
    "membersync: {verb}: {detail}; only one membersync may use a state database at a time (add "
    "--wait to wait for it)");
constexpr const char* kWaiting = i18n::translateLater("membersync: {verb}: waiting: {detail}");

// Takes the lock file at `path` (see acquireStateLock).
std::optional<StateLock> acquireLockFile(const std::string& path, const std::string& verb,
                                         bool wait, std::ostream& err, const i18n::Translator& tr) {
  const auto say = [&](const char* text, const std::string& detail) {
    err << i18n::format(tr.tr(text), {{"verb", verb}, {"path", path}, {"detail", detail}}) << "\n"
        << std::flush;
  };
  const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0) {
    say(kCannotOpen, std::strerror(errno));
    return std::nullopt;
  }
  if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
    if (errno != EWOULDBLOCK) {
      say(kCannotLock, std::strerror(errno));
      ::close(fd);
      return std::nullopt;
    }
    if (!wait) {
      say(kHeld, i18n::render(tr, holderMessage(path)));
      ::close(fd);
      return std::nullopt;
    }
    say(kWaiting, i18n::render(tr, holderMessage(path)));
    if (lockBlocking(fd) != 0) {
      say(kCannotLock, std::strerror(errno));
      ::close(fd);
      return std::nullopt;
    }
  }
  writeHolder(fd, verb);
  return StateLockAccess::make(fd, path);
}

}  // namespace

std::optional<StateLock> acquireStateLock(const std::string& database, const std::string& verb,
                                          bool wait, std::ostream& err,
                                          const i18n::Translator& tr) {
  return acquireLockFile(lockPathFor(database), verb, wait, err, tr);
}

std::optional<StateLock> acquireDaemonLock(const std::string& database, std::ostream& err,
                                           const i18n::Translator& tr) {
  return acquireLockFile(daemonLockPathFor(database), "daemon", false, err, tr);
}

std::optional<StateLock> tryStateLock(const std::string& database, const std::string& verb,
                                      std::string& why) {
  const std::string path = lockPathFor(database);
  const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0) {
    why = "cannot open the lock file " + path + ": " + std::strerror(errno);
    return std::nullopt;
  }
  if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
    why = errno == EWOULDBLOCK ? describeHolder(path)
                               : "cannot lock " + path + ": " + std::strerror(errno);
    ::close(fd);
    return std::nullopt;
  }
  writeHolder(fd, verb);
  return StateLockAccess::make(fd, path);
}


}  // namespace membersync::cli
