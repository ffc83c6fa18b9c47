#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

// Plain data the emulator serves: what a fixture file describes and what the endpoints change.
// No Poco here, so the state, the validation rules and their tests stay cheap to compile.
namespace membersync::emulator {

struct Enterprise {
  std::string globalId;
  std::int64_t id = 0;
  std::string code;                       // empty -> A1 answers 40006
  std::string accountSuffix = "@{code}";  // "{code}" is replaced by `code`
  std::string customerId;
  bool customerBound = true;         // false -> A6/A7/A8 answer 60017
  bool departmentsRequired = false;  // true -> an A1 item without departmentId answers 40009
  int trialMemberLimit = 0;          // > 0 -> A1 past the limit answers 60009
  bool listDeletedMembers = false;   // true -> A5 also lists deleted members
};

struct App {
  std::string clientId;
  std::string clientSecret;
  std::vector<std::string> scopes;
};

struct Admin {
  std::string username;
  std::string password;
};

struct Department {
  std::int64_t id = 0;
  std::string name;
};

struct Member {
  std::int64_t id = 0;
  std::int64_t userId = 0;
  std::string globalId;
  std::optional<std::int64_t> departmentId;
  std::string userName;  // account plus the expanded suffix
  std::string name;
  std::optional<std::string> remark;
  std::optional<std::string> passwordMobile;
  std::string passwordSha256;  // hex digest; the password itself is never kept
  bool deleted = false;
  bool trial = true;               // counts against Enterprise::trialMemberLimit
  bool duplicateEmployee = false;  // A9 answers 60023 for this member
  bool onlineFlag = false;
  std::int64_t createTime = 0;  // epoch milliseconds
  std::int64_t updateTime = 0;
  std::string borrowNum;  // the lock most recently lent to the member; empty when none
};

struct Asset {
  std::string assetNum;
  std::string assetId;
  std::string customerId;
  std::string holderGlobalId;  // cloudAccountGlobalId; empty when not assigned
  std::string lentIn;          // lock number the asset is lent to; empty = borrowedFlag false
  bool onlineFlag = false;
  std::string productsJson;  // the A7 answer's data, every spec field filled in at load time
};

struct Lock {
  std::string assetNum;
  std::string assetId;
  bool abnormal = false;       // A10 answers 33008
  int nodeLimit = 0;           // > 0 -> A10 refuses (33006) to put more assets than this in it
  std::string lentToGlobalId;  // empty when not lent
};

struct ActivityProduct {
  std::string productUri;
  int validDays = 365;
  std::string activateType = "0";  // "0" activated at claim time, "1" activated later
};

struct ActivityUnit {
  std::string id;
  std::string name;
  int claimLimit = 1;  // claims per identity
  std::vector<ActivityProduct> products;
};

struct Activity {
  std::string label;
  std::string id;
  std::string name;
  std::vector<std::string> blockedSources;   // B1 answers 2001 for these sources
  std::vector<std::string> blockedBranches;  // ... and these branches
  std::vector<ActivityUnit> units;
};

// Everything a fixture file describes. Member ids and generated global ids are filled in when
// the state is built from it (see State::fromFixture), not by the loader.
struct Fixture {
  Enterprise enterprise;
  std::vector<App> apps;
  std::vector<Admin> admins;
  std::vector<Department> departments;
  std::vector<Member> members;
  std::vector<Asset> assets;
  std::vector<Lock> locks;
  std::vector<Activity> activities;
};

}  // namespace membersync::emulator
