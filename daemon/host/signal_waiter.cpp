#include "daemon/host/signal_waiter.h"

#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <sys/eventfd.h>
#include <sys/signalfd.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <string>

namespace membersync::daemon {
namespace {

sigset_t handledSignals() {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGTERM);
  sigaddset(&set, SIGINT);
  sigaddset(&set, SIGQUIT);
  sigaddset(&set, SIGHUP);
  return set;
}

}  // namespace

const char* signalName(int signo) {
  switch (signo) {
    case SIGTERM:
      return "SIGTERM";
    case SIGINT:
      return "SIGINT";
    case SIGQUIT:
      return "SIGQUIT";
    case SIGHUP:
      return "SIGHUP";
    default:
      return "a signal";
  }
}

SignalWaiter::SignalWaiter(std::function<void(int)> onSignal) : onSignal_(std::move(onSignal)) {
  static_assert(sizeof(sigset_t) <= sizeof(oldMask_), "sigset_t is larger than expected");
  const sigset_t set = handledSignals();
  sigset_t old;
  if (pthread_sigmask(SIG_BLOCK, &set, &old) != 0) {
    throw std::runtime_error("cannot block signals");
  }
  std::memcpy(oldMask_, &old, sizeof old);
  signalFd_ = signalfd(-1, &set, SFD_CLOEXEC | SFD_NONBLOCK);
  eventFd_ = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
  if (signalFd_ < 0 || eventFd_ < 0) {
    const std::string why = std::strerror(errno);
    if (signalFd_ >= 0) ::close(signalFd_);
    if (eventFd_ >= 0) ::close(eventFd_);
    pthread_sigmask(SIG_SETMASK, &old, nullptr);
    throw std::runtime_error("cannot watch signals: " + why);
  }
}

SignalWaiter::~SignalWaiter() {
  ::close(signalFd_);
  ::close(eventFd_);
  sigset_t old;
  std::memcpy(&old, oldMask_, sizeof old);
  pthread_sigmask(SIG_SETMASK, &old, nullptr);
}

void SignalWaiter::waitFor(Clock::Duration d) {
  const auto ms = std::chrono::ceil<std::chrono::milliseconds>(d).count();
  const int timeout = ms < 0 ? 0 : ms > 3600000 ? 3600000 : static_cast<int>(ms);
  pollfd fds[2] = {{signalFd_, POLLIN, 0}, {eventFd_, POLLIN, 0}};
  if (::poll(fds, 2, timeout) <= 0) return;  // timed out, or EINTR: the caller looks again
  if (fds[1].revents & POLLIN) {
    eventfd_t value;
    (void)eventfd_read(eventFd_, &value);
  }
  if (fds[0].revents & POLLIN) {
    signalfd_siginfo info;
    while (::read(signalFd_, &info, sizeof info) == static_cast<ssize_t>(sizeof info)) {
      onSignal_(static_cast<int>(info.ssi_signo));
    }
  }
}

void SignalWaiter::wake() {
  (void)eventfd_write(eventFd_, 1);
}

}  // namespace membersync::daemon
