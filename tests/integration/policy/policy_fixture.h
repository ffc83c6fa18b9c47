#pragma once

// What the policy integration tests share: a config, an HR export (with `title` and `lock`
// columns) and a policy written for one emulator, the real membersync binary run against them,
// and readers for the emulator's assets, locks, claims and statistics.

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "tests/support/command.h"
#include "tests/support/emulator_process.h"
#include "tests/support/temp_dir.h"

namespace membersync::testing {

struct HrRow {
  std::string employeeId;
  std::string account;
  std::string name;
  std::string department;
  std::string status = "active";
  std::string title;
  std::string lock;
};

class PolicyFixture {
 public:
  // `syncExtra`: lines for [sync] (e.g. "departed = withdraw\n").
  PolicyFixture(const EmulatorProcess& emulator, const std::string& policyJson,
                const std::string& syncExtra = "");

  void writeHr(const std::vector<HrRow>& rows);
  void writePolicy(const std::string& policyJson);

  // membersync --config CONFIG <args...>
  CommandResult run(const std::vector<std::string>& args) const;
  CommandResult sync() const { return run({"sync"}); }

  const std::filesystem::path& dir() const { return dir_.path(); }

 private:
  const EmulatorProcess& emulator_;
  TempDir dir_;
};

// The emulator's state, read back.
struct CenterView {
  std::map<std::string, std::string> globalIdByAccount;  // live members, account lower case
  std::map<std::string, std::string> holderByAsset;      // asset number -> globalId ("" free)
  std::map<std::string, std::string> lockHolder;         // lock number -> globalId ("" free)
  // activity label -> identity (lower case) -> claims made, all units together
  std::map<std::string, std::map<std::string, int>> claims;

  std::string gid(const std::string& account) const;
  // The asset numbers `account` holds, in asset order.
  std::vector<std::string> assetsOf(const std::string& account) const;
};
CenterView centerView(const EmulatorProcess& emulator);

// /_emulator/stats: calls per endpoint ("A9") and the total of writes.
struct CallCounts {
  std::map<std::string, int> calls;
  int writes = 0;
  int of(const std::string& endpoint) const;
};
CallCounts callCounts(const EmulatorProcess& emulator);

// Claims `label` for `identity` straight on the activity service (not through membersync).
void claimDirectly(const EmulatorProcess& emulator, const std::string& identity,
                   const std::string& label);

}  // namespace membersync::testing
