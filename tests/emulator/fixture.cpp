#include "tests/emulator/fixture.h"

#include <algorithm>
#include <fstream>
#include <set>
#include <sstream>

#include <Poco/Exception.h>
#include <Poco/JSON/Parser.h>
#include <Poco/MD5Engine.h>

#include "tests/emulator/fixture_node.h"
#include "tests/emulator/fixture_parts.h"
#include "tests/emulator/password_digest.h"
#include "tests/emulator/product_tree.h"
#include "tests/emulator/state.h"
#include "tests/emulator/text_rules.h"

namespace membersync::emulator {
namespace {

// Fixture members without createTime are spaced a minute apart from 2026-01-01 UTC.
constexpr std::int64_t kFixtureEpochMs = 1767225600000;
constexpr std::int64_t kFirstProductId = 6100000000000000001;

// A fixture member without a globalId gets one derived from the enterprise and the account:
// 32 lower-case hex digits like the real ones, and the same on every run whatever the seed.
std::string derivedGlobalId(const std::string& enterprise, const std::string& account) {
  Poco::MD5Engine engine;
  engine.update(enterprise + "/" + toLowerAscii(account));  // account or account/deleted/N
  return Poco::DigestEngine::digestToHex(engine.digest());
}

class Loader {
 public:
  explicit Loader(const FixtureNode& root) : root_(root) {}

  Fixture load() {
    root_.allowOnly({"enterprise", "apps", "admins", "departments", "members", "assets", "locks",
                     "activities"});
    f_.enterprise = readEnterprise(root_.at("enterprise"));
    f_.apps = readApps(root_);
    f_.admins = readAdmins(root_);
    f_.departments = readDepartments(root_);
    readMembers();
    readLocks();  // before the assets, which may name the lock they are lent to
    readAssets();
    f_.activities = readActivities(root_);
    return std::move(f_);
  }

 private:
  void readMembers() {
    const std::string suffix = expandSuffix(f_.enterprise.accountSuffix, f_.enterprise.code);
    std::set<std::string> liveAccounts;
    std::set<std::string> globalIds;
    std::int64_t index = 0;
    for (const FixtureNode& n : root_.items("members")) {
      n.allowOnly({"account", "name", "globalId", "departmentId", "remark", "passwordMobile",
                   "password", "deleted", "trial", "duplicateEmployee", "onlineFlag", "createTime",
                   "updateTime"});
      Member m;
      const std::string account = n.at("account").nonEmptyString();
      if (checkAccount(account, suffix) != AccountCheck::kOk) {
        n.at("account").fail("letters and digits only, under 63 characters with the suffix");
      }
      m.userName = account + suffix;
      m.name = n.at("name").nonEmptyString();
      m.deleted = n.boolean("deleted", false);
      if (!m.deleted && !liveAccounts.insert(toLowerAscii(account)).second) {
        n.at("account").fail("two members that are not deleted share this account");
      }
      // A deleted member's derived id also depends on its position, so a re-hired account
      // (one deleted and one live member) still gets two ids.
      const std::string seed = m.deleted ? account + "/deleted/" + std::to_string(index) : account;
      m.globalId = n.has("globalId") ? n.at("globalId").nonEmptyString()
                                     : derivedGlobalId(f_.enterprise.globalId, seed);
      if (!globalIds.insert(m.globalId).second) n.at("globalId").fail("duplicate globalId");
      if (n.has("departmentId")) {
        m.departmentId = n.at("departmentId").integer();
        if (!hasDepartment(*m.departmentId)) {
          n.at("departmentId").fail("no department " + std::to_string(*m.departmentId));
        }
      }
      if (n.has("remark")) m.remark = n.at("remark").string();
      if (n.has("passwordMobile")) m.passwordMobile = n.at("passwordMobile").string();
      if (n.has("password")) m.passwordSha256 = passwordDigest(n.at("password").string());
      m.trial = n.boolean("trial", true);
      m.duplicateEmployee = n.boolean("duplicateEmployee", false);
      m.onlineFlag = n.boolean("onlineFlag", false);
      m.createTime = n.integer("createTime", kFixtureEpochMs + index * 60000);
      m.updateTime = n.integer("updateTime", m.createTime);
      m.id = kFirstMemberId + index;
      m.userId = m.id + kUserIdOffset;
      f_.members.push_back(std::move(m));
      ++index;
    }
  }

  // A live fixture member named by account ("zhangwei") or full userName ("zhangwei@acme").
  const Member& liveMember(const FixtureNode& n) const {
    const std::string who = n.nonEmptyString();
    const std::string suffix = expandSuffix(f_.enterprise.accountSuffix, f_.enterprise.code);
    for (const Member& m : f_.members) {
      if (!m.deleted &&
          (equalsIgnoreCase(m.userName, who) || equalsIgnoreCase(m.userName, who + suffix))) {
        return m;
      }
    }
    n.fail("no member '" + who + "' that is not deleted");
  }

  const Member& liveMemberByGlobalId(const FixtureNode& n) const {
    const std::string gid = n.nonEmptyString();
    for (const Member& m : f_.members) {
      if (!m.deleted && m.globalId == gid) return m;
    }
    n.fail("no member with globalId '" + gid + "' that is not deleted");
  }

  void readLocks() {
    for (const FixtureNode& n : root_.items("locks")) {
      n.allowOnly({"assetNum", "assetId", "abnormal", "nodeLimit", "lentTo"});
      Lock l;
      l.assetNum = n.at("assetNum").nonEmptyString();
      l.assetId = n.at("assetId").nonEmptyString();
      claimNumbers(n, l.assetNum, l.assetId);
      l.abnormal = n.boolean("abnormal", false);
      std::int64_t limit = n.integer("nodeLimit", 0);
      if (limit < 0 || limit > 100000) n.at("nodeLimit").fail("must lie between 0 and 100000");
      l.nodeLimit = static_cast<int>(limit);
      if (n.has("lentTo")) {
        const Member& holder = liveMember(n.at("lentTo"));
        l.lentToGlobalId = holder.globalId;
        memberByGlobalId(holder.globalId).borrowNum = l.assetNum;
      }
      f_.locks.push_back(std::move(l));
    }
  }

  void readAssets() {
    ProductTreeContext tree;
    tree.nextId = kFirstProductId;
    for (const FixtureNode& n : root_.items("assets")) {
      n.allowOnly({"assetNum", "assetId", "customerId", "assignedTo", "cloudAccountGlobalId",
                   "lentIn", "onlineFlag", "products"});
      Asset a;
      a.assetNum = n.at("assetNum").nonEmptyString();
      a.assetId = n.at("assetId").nonEmptyString();
      claimNumbers(n, a.assetNum, a.assetId);
      a.customerId = n.string("customerId", f_.enterprise.customerId);
      if (n.has("assignedTo") && n.has("cloudAccountGlobalId")) {
        n.fail("give assignedTo or cloudAccountGlobalId, not both");
      }
      if (n.has("assignedTo")) a.holderGlobalId = liveMember(n.at("assignedTo")).globalId;
      if (n.has("cloudAccountGlobalId")) {
        a.holderGlobalId = liveMemberByGlobalId(n.at("cloudAccountGlobalId")).globalId;
      }
      if (n.has("lentIn")) {
        FixtureNode lentIn = n.at("lentIn");
        const Lock* lock = lockByNum(lentIn.nonEmptyString());
        if (lock == nullptr) lentIn.fail("no lock '" + lentIn.string() + "'");
        if (a.holderGlobalId.empty() || lock->lentToGlobalId != a.holderGlobalId) {
          lentIn.fail("an asset can only be lent to a lock lent to the member holding it");
        }
        a.lentIn = lock->assetNum;
      }
      a.onlineFlag = n.boolean("onlineFlag", false);
      tree.assetNum = a.assetNum;
      tree.assetId = a.assetId;
      tree.customerId = a.customerId;
      if (n.has("products")) {
        FixtureNode products = n.at("products");
        a.productsJson = buildProductTree(&products, tree);
      } else {
        a.productsJson = buildProductTree(nullptr, tree);
      }
      f_.assets.push_back(std::move(a));
    }
    for (const Lock& l : f_.locks) {
      auto inLock = std::count_if(f_.assets.begin(), f_.assets.end(),
                                  [&](const Asset& a) { return a.lentIn == l.assetNum; });
      if (l.nodeLimit > 0 && inLock > l.nodeLimit) {
        root_.at("locks").fail("lock " + l.assetNum + " holds more assets than its nodeLimit");
      }
    }
  }

  // Asset and lock numbers and ids share one namespace: A10 and B1 look them up by value.
  void claimNumbers(const FixtureNode& n, const std::string& num, const std::string& id) {
    if (!numbers_.insert(num).second) n.at("assetNum").fail("duplicate number '" + num + "'");
    if (!ids_.insert(id).second) n.at("assetId").fail("duplicate id '" + id + "'");
  }

  bool hasDepartment(std::int64_t id) const {
    return std::any_of(f_.departments.begin(), f_.departments.end(),
                       [&](const Department& d) { return d.id == id; });
  }

  const Lock* lockByNum(const std::string& num) const {
    for (const Lock& l : f_.locks) {
      if (l.assetNum == num) return &l;
    }
    return nullptr;
  }

  Member& memberByGlobalId(const std::string& gid) {
    for (Member& m : f_.members) {
      if (m.globalId == gid) return m;
    }
    throw std::logic_error("fixture loader: member vanished");
  }

  const FixtureNode& root_;
  Fixture f_;
  std::set<std::string> numbers_;
  std::set<std::string> ids_;
};

}  // namespace

Fixture parseFixture(const std::string& text, const std::string& origin) {
  Poco::Dynamic::Var parsed;
  try {
    Poco::JSON::Parser parser;
    parsed = parser.parse(text);
  } catch (const Poco::Exception& e) {
    throw FixtureError(origin + ": not valid JSON: " + e.displayText());
  }
  FixtureNode root(parsed, "", origin);
  return Loader(root).load();
}

Fixture loadFixture(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw FixtureError(path + ": cannot be read");
  std::ostringstream text;
  text << in.rdbuf();
  return parseFixture(text.str(), path);
}

}  // namespace membersync::emulator
