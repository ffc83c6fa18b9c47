#pragma once

#include <vector>

#include "tests/emulator/fixture_node.h"
#include "tests/emulator/model.h"

// Internal to the fixture loader: the parts of a fixture that stand on their own (no references
// to members, assets or locks). Each fails through FixtureNode::fail.
namespace membersync::emulator {

Enterprise readEnterprise(const FixtureNode& enterprise);
std::vector<App> readApps(const FixtureNode& root);                // "apps", at least one
std::vector<Admin> readAdmins(const FixtureNode& root);            // "admins"
std::vector<Department> readDepartments(const FixtureNode& root);  // "departments", optional
std::vector<Activity> readActivities(const FixtureNode& root);     // "activities", optional

}  // namespace membersync::emulator
