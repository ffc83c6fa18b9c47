#pragma once

// What the benchmarks share: an emulator fixture of any size, and this process's memory figures.

#include <functional>
#include <map>
#include <string>
#include <vector>

#include "tests/support/temp_dir.h"

namespace membersync::bench {

// The demo fixture with `members` generated members (`bench0`, `bench1`, ...; names 员工N,
// departments 1001..1004 in turn) instead of its own, written into `dir`; returns its path.
// With 0 the enterprise starts with no members at all. The demo's assets and locks lose their
// references to demo members.
// With `poolAssets`, that many free asset numbers more (poolNumbers), each with one product.
// With `poolLocks`, that many free hardware locks more (lockNumbers).
std::string fixtureWithMembers(const testing::TempDir& dir, int members, int poolAssets = 0,
                               int poolLocks = 0);
// The asset numbers of such a pool: POOL-000001, POOL-000002, ...
std::vector<std::string> poolNumbers(int n);
// The lock numbers of such locks: LOCK-000001, LOCK-000002, ...
std::vector<std::string> lockNumbers(int n);

// Prints what the figures that follow were measured on, so that figures of different days can
// be compared: the CPU model, the cores, the build type and flags, and the time of a fixed
// calibration loop (the best of three; a machine that is busy or slower shows it here first).
void printMachine();

// Reads "--flag value" pairs into the integers `flags` names (without the dashes); an unknown
// flag, or one without a value, ends the program with exit 64 and says which.
void parseIntFlags(int argc, char** argv, const std::map<std::string, int*>& flags);

// Peak resident set size of this process in KiB (getrusage ru_maxrss): since the start, or
// since the last resetPeakRss() that returned true.
long peakRssKb();
// Resets the peak to the current size (Linux: "5" into /proc/self/clear_refs), so that the
// next peakRssKb() is the peak of what ran in between. False when the kernel refuses; the
// peak then stays the whole process's.
bool resetPeakRss();
// Resident set size now, in KiB (/proc/self/statm); 0 when unknown.
long currentRssKb();

// CPU time (user + system, all threads) this process has used so far, in seconds.
double cpuSeconds();
// CPU time used so far by this process's running children (the emulator), in seconds, from
// /proc/PID/stat; 0 when there is none.
double childrenCpuSeconds();

// One run of a child program, measured by wait4: its own figures, not this process's.
struct MeasuredRun {
  int exitCode = -1;  // -1 when a signal ended it
  double seconds = 0;
  double cpuSeconds = 0;  // user + system
  long peakRssKb = 0;
  std::string out;
  std::string err;
};

// Runs `work` in a forked child and returns what it returned there. Why: Linux gives a spawned
// program's ru_maxrss the peak of the process that spawned it (the memory it shared until its
// exec), so a bench that builds a large fixture or structures itself would be measured as
// membersync's peak. Work done in a child leaves this process small. Throws std::runtime_error
// when the child fails.
std::string inChild(const std::function<std::string()>& work);

// Runs `executable` with `args` to completion, stdout and stderr into files in `dir` (read back
// into the result), and measures it.
MeasuredRun runMeasured(const std::string& executable, const std::vector<std::string>& args,
                        const testing::TempDir& dir);

}  // namespace membersync::bench
