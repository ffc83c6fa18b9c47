#include "tests/emulator/fixture_parts.h"

#include <set>
#include <string>

#include "tests/emulator/text_rules.h"

namespace membersync::emulator {
namespace {

ActivityUnit readUnit(const FixtureNode& u, std::set<std::string>& unitIds) {
  u.allowOnly({"id", "name", "claimLimit", "products"});
  ActivityUnit unit;
  unit.id = u.at("id").nonEmptyString();
  if (!unitIds.insert(unit.id).second) u.at("id").fail("duplicate unit id");
  unit.name = u.string("name", unit.id);
  std::int64_t limit = u.integer("claimLimit", 1);
  if (limit < 1 || limit > 1000000) u.at("claimLimit").fail("must be at least 1");
  unit.claimLimit = static_cast<int>(limit);
  for (const FixtureNode& p : u.at("products").items()) {
    p.allowOnly({"productUri", "validDays", "activateType"});
    ActivityProduct product;
    product.productUri = p.at("productUri").nonEmptyString();
    std::int64_t days = p.integer("validDays", 365);
    if (days < 1 || days > 36500) p.at("validDays").fail("must lie between 1 and 36500");
    product.validDays = static_cast<int>(days);
    product.activateType = p.string("activateType", "0");
    if (product.activateType != "0" && product.activateType != "1") {
      p.at("activateType").fail("must be \"0\" or \"1\"");
    }
    unit.products.push_back(std::move(product));
  }
  return unit;
}

}  // namespace

Enterprise readEnterprise(const FixtureNode& n) {
  n.allowOnly({"globalId", "id", "code", "accountSuffix", "customerId", "customerBound",
               "departmentsRequired", "trialMemberLimit", "listDeletedMembers"});
  Enterprise e;
  e.globalId = n.at("globalId").nonEmptyString();
  e.id = n.at("id").integer();
  e.code = n.at("code").string();  // may be empty on purpose: A1 then answers 40006
  e.accountSuffix = n.string("accountSuffix", e.accountSuffix);
  e.customerId = n.at("customerId").string();
  e.customerBound = n.boolean("customerBound", true);
  e.departmentsRequired = n.boolean("departmentsRequired", false);
  std::int64_t limit = n.integer("trialMemberLimit", 0);
  if (limit < 0 || limit > 1000000) n.at("trialMemberLimit").fail("must lie between 0 and 1000000");
  e.trialMemberLimit = static_cast<int>(limit);
  e.listDeletedMembers = n.boolean("listDeletedMembers", false);
  return e;
}

std::vector<App> readApps(const FixtureNode& root) {
  std::vector<App> apps;
  std::set<std::string> ids;
  for (const FixtureNode& n : root.at("apps").items()) {
    n.allowOnly({"clientId", "clientSecret", "scopes"});
    App app{n.at("clientId").nonEmptyString(), n.at("clientSecret").nonEmptyString(),
            n.at("scopes").strings()};
    if (!ids.insert(app.clientId).second) n.at("clientId").fail("duplicate clientId");
    apps.push_back(std::move(app));
  }
  if (apps.empty()) root.at("apps").fail("at least one app is needed to obtain tokens");
  return apps;
}

std::vector<Admin> readAdmins(const FixtureNode& root) {
  std::vector<Admin> admins;
  std::set<std::string> names;
  for (const FixtureNode& n : root.at("admins").items()) {
    n.allowOnly({"username", "password"});
    Admin admin{n.at("username").nonEmptyString(), n.at("password").nonEmptyString()};
    if (!names.insert(toLowerAscii(admin.username)).second) n.at("username").fail("duplicate");
    admins.push_back(std::move(admin));
  }
  return admins;
}

std::vector<Department> readDepartments(const FixtureNode& root) {
  std::vector<Department> out;
  std::set<std::int64_t> ids;
  for (const FixtureNode& n : root.items("departments")) {
    n.allowOnly({"id", "name"});
    Department d{n.at("id").integer(), n.at("name").nonEmptyString()};
    if (!ids.insert(d.id).second) n.at("id").fail("duplicate department id");
    out.push_back(std::move(d));
  }
  return out;
}

std::vector<Activity> readActivities(const FixtureNode& root) {
  std::vector<Activity> out;
  std::set<std::string> labels;
  for (const FixtureNode& n : root.items("activities")) {
    n.allowOnly({"label", "id", "name", "filter", "units"});
    Activity act;
    act.label = n.at("label").nonEmptyString();
    if (!labels.insert(act.label).second) n.at("label").fail("duplicate label");
    act.id = n.at("id").nonEmptyString();
    act.name = n.string("name", act.label);
    if (n.has("filter")) {
      FixtureNode filter = n.at("filter");
      filter.allowOnly({"blockedSources", "blockedBranches"});
      if (filter.has("blockedSources")) act.blockedSources = filter.at("blockedSources").strings();
      if (filter.has("blockedBranches")) {
        act.blockedBranches = filter.at("blockedBranches").strings();
      }
    }
    std::set<std::string> unitIds;
    for (const FixtureNode& u : n.at("units").items()) act.units.push_back(readUnit(u, unitIds));
    if (act.units.empty()) n.at("units").fail("an activity needs at least one unit");
    out.push_back(std::move(act));
  }
  return out;
}

}  // namespace membersync::emulator
