#pragma once

// What every sync integration test needs: an HR export generated in code, a config, secrets and
// a policy written for one emulator, the real membersync binary run against them, and readers
// for the emulator's state and statistics, the password outbox and the state database.

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "tests/support/command.h"
#include "tests/support/emulator_process.h"
#include "tests/support/temp_dir.h"

namespace membersync::testing {

inline const std::string kClientSecret = "demo-client-secret";
inline const std::string kAdminSecret = "demo-admin-pass1";

// One HR row. Accounts are "staff0001"..., employee ids "E0001"..., names Chinese.
struct Person {
  std::string employeeId;
  std::string account;
  std::string name;
  std::string department;
  std::string remark;
  std::string status = "active";
  std::string mobile;  // the export has a mobile column only when someone has one
  std::string email;   // likewise for an email column (where [delivery] mails passwords)
};

// People number `first` .. `first + count - 1`, departments ENG, DESIGN, SALES, OPS in turn.
std::vector<Person> staff(int count, int first = 1);
// Person number n as staff() makes it.
Person staffMember(int n);
std::string toCsv(const std::vector<Person>& people);
// Every name in another script ("Latin " + account): what a wrong column mapping or export
// setting does.
std::vector<Person> renamedAll(std::vector<Person> people, const std::string& prefix);
// The end of a command's output, for INFO().
std::string tail(const std::string& text, std::size_t n = 1500);

struct SyncOptions {
  int graceRuns = 1;
  // 0: most tests are about other behaviour, and membersync reads the system clock, so 20 hours
  // cannot pass within a test; the grace_hours test sets it.
  int graceHours = 0;
  std::string departed = "delete";
  int deleteAfterDays = 30;
  int maxDeletes = 200;
  double maxDeletePercent = 5;
  int deleteFloor = 10;
  double minExportRatio = 0.9;
  std::string orphans = "report";
  // The policy's departments; the demo fixture has ENG 1001 .. OPS 1004.
  std::string departments = R"({"ENG": 1001, "DESIGN": 1002, "SALES": 1003, "OPS": 1004})";
  std::string policyExtra;  // more keys of the policy object, e.g. R"(, "activities": [...])"
  std::string centerExtra;  // lines added to [center], e.g. "max_concurrency = 1\n"
  std::string extra;        // lines (and sections) added at the end of the INI
  std::string directory;    // [directory]'s lines; empty: "path = hr.csv" (the CSV export)
};

struct OutboxPassword {
  std::string password;    // empty when every password of the account was cancelled
  bool confirmed = false;  // the newest line of the account is `set`
  int lines = 0;
};

// A member as the emulator's /_emulator/state shows it.
struct CenterMember {
  std::string globalId;
  std::string account;  // userName without "@acme", lower case
  std::string name;
  std::optional<long long> departmentId;
  std::optional<std::string> remark;
  std::optional<std::string> passwordMobile;
  bool deleted = false;
  std::string passwordSha256;
};

class SyncFixture {
 public:
  SyncFixture(const EmulatorProcess& emulator, SyncOptions options = {});

  // (Re)writes the config and policy from `options` (the HR export is left as it is).
  void configure(const SyncOptions& options);
  void writeHr(const std::vector<Person>& people);

  // membersync --config CONFIG <args...>; the output is kept for the secret scan.
  CommandResult run(const std::vector<std::string>& args);
  CommandResult sync() { return run({"sync"}); }
  CommandResult status() { return run({"status"}); }
  // Keeps the output of a command run some other way (launchCommand) for the secret scan.
  void keep(const CommandResult& r);
  // Keeps any other text membersync produced (a log file, /healthz, /metrics) for the scan.
  void keepText(const std::string& what, const std::string& text);
  // One more secret for the scan (a token, a configured secret the test changed).
  void addSecret(const std::string& secret);
  // Writes a file into the fixture's folder (a secret file, say).
  void writeFile(const std::string& name, const std::string& content);
  std::vector<std::string> commandLine(const std::vector<std::string>& args) const;

  const std::filesystem::path& dir() const { return dir_.path(); }
  std::filesystem::path configPath() const { return dir() / "membersync.ini"; }
  std::filesystem::path outboxPath() const { return dir() / "new-passwords.csv"; }

  // The password outbox by account: the password in force (the newest pending one no `void`
  // line cancelled) and whether a `set` line confirmed it.
  std::map<std::string, OutboxPassword> outbox() const;
  // Every password the outbox ever held.
  std::vector<std::string> allOutboxPasswords() const;

  // Fails the test if a configured secret (the client secret, its Basic credentials, the admin
  // password, those added by addSecret()) or any password the outbox ever held appears, raw,
  // JSON-escaped or percent-encoded, in any output or text kept so far or in the state
  // database's files (.db, -wal, -shm, -journal).
  void checkNoSecretLeaked() const;

 private:
  const EmulatorProcess& emulator_;
  TempDir dir_;
  std::vector<CommandResult> outputs_;
  std::vector<std::pair<std::string, std::string>> texts_;  // what, text
  std::vector<std::string> secrets_;
};

// The forms a secret may take in text membersync wrote: raw, JSON-escaped (with and without
// `\/`, non-ASCII as \uXXXX in either case) and percent-encoded (%XX in either case, a space as
// %20 or +). Written apart from jobs/core/scrubber.cpp on purpose: the test's idea of a leak.
std::vector<std::string> encodedForms(const std::string& secret);
// The base64 text of Basic credentials for id:secret (padded).
std::string basicCredentials(const std::string& id, const std::string& secret);

// Every member of the emulator, deleted ones included.
std::vector<CenterMember> centerMembers(const EmulatorProcess& emulator);
// The live members by account; fails the test if an account is live more than once.
std::map<std::string, CenterMember> liveMembersByAccount(const EmulatorProcess& emulator);

// /_emulator/stats: calls of one endpoint ("A1"), one of its outcomes ("0", "60027",
// "dropped"), and the total of writes (A1-A4, A9, A10, B1).
struct Stats {
  int calls(const std::string& endpoint) const;
  int outcome(const std::string& endpoint, const std::string& outcome) const;
  int writes = 0;
  std::map<std::string, std::pair<int, std::map<std::string, int>>> endpoints;
};
Stats stats(const EmulatorProcess& emulator);

std::string sha256Hex(const std::string& text);

// The departments of the default policy (SyncOptions::departments) and the demo fixture.
inline const std::map<std::string, long long> kDepartmentIds{
    {"ENG", 1001}, {"DESIGN", 1002}, {"SALES", 1003}, {"OPS", 1004}};

// Every person exists exactly once as a live member, with the name and department HR gives, and
// the newest password of the outbox is the one the center holds (it keeps a SHA-256 digest);
// nothing else was created beside the demo fixture's six live members.
void checkEndState(const EmulatorProcess& emulator, const SyncFixture& f,
                   const std::vector<Person>& people);

}  // namespace membersync::testing
