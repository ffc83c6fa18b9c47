#include "jobs/apply/password_outbox.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <mutex>
#include <stdexcept>

namespace membersync::apply {
namespace {

std::mutex& outboxMutex() {
  static std::mutex m;  // appends from worker threads must not interleave within a line
  return m;
}

void writeAll(int fd, const std::string& data, const std::string& path) {
  std::size_t done = 0;
  while (done < data.size()) {
    ssize_t n = ::write(fd, data.data() + done, data.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      throw std::runtime_error("password outbox " + path + ": write failed: " + std::strerror(errno));
    }
    done += static_cast<std::size_t>(n);
  }
}

}  // namespace

FileOutbox::FileOutbox(std::string path) : path_(std::move(path)) {}

void FileOutbox::append(const std::vector<OutboxEntry>& entries) {
  if (entries.empty()) return;
  std::lock_guard<std::mutex> lock(outboxMutex());
  int fd = ::open(path_.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0600);
  if (fd < 0) {
    throw std::runtime_error("password outbox " + path_ + ": cannot open: " +
                             std::strerror(errno) + "; check [sync] password_outbox");
  }
  struct Closer {
    int fd;
    ~Closer() { ::close(fd); }
  } closer{fd};
  struct stat st {};
  if (::fstat(fd, &st) != 0) {
    throw std::runtime_error("password outbox " + path_ + ": stat failed: " + std::strerror(errno));
  }
  // A file someone created or loosened by hand is tightened before a password goes into it.
  if ((st.st_mode & 0077) != 0 && ::fchmod(fd, 0600) != 0) {
    throw std::runtime_error("password outbox " + path_ + ": cannot make it 0600: " +
                             std::strerror(errno));
  }
  std::string line;
  if (st.st_size == 0) line = "account,password,created\n";
  // Accounts and generated passwords are letters and digits, the time has no comma: no quoting.
  for (const auto& e : entries) {
    line += e.account + "," + e.password.reveal() + "," + e.createdIso8601 + "\n";
  }
  writeAll(fd, line, path_);
  if (::fsync(fd) != 0) {
    throw std::runtime_error("password outbox " + path_ + ": fsync failed: " + std::strerror(errno));
  }
}

}  // namespace membersync::apply
