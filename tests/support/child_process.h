#pragma once

#include <sys/types.h>

// Stopping the servers the tests start (the emulator, slapd) as children of the test process.
namespace membersync::testing {

// Waits until the child `pid` exits or `timeoutMs` passes; true when it was reaped. Uses a
// pidfd where the kernel has one (an event, no polling); otherwise checks every few ms.
bool waitForExit(pid_t pid, int timeoutMs);

// SIGTERM, then SIGKILL when the child has not exited within 10 s; reaps it. No-op for pid <= 0.
void stopChild(pid_t pid);

}  // namespace membersync::testing
