#include "jobs/plan/guard_limit.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "jobs/plan/plan.h"

namespace membersync::plan::detail {
namespace {

std::string number(double value) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", value);
  return buf;
}

std::size_t atLeastZero(int value) { return static_cast<std::size_t>(std::max(0, value)); }

}  // namespace

GuardLimit guardLimit(const GuardKeys& keys, int floor, int count, double percent,
                      std::size_t managed) {
  // A small epsilon so 29% of 100 is 29, not 28.999...: floor of the exact decimal product.
  const double share = std::max(0.0, percent) / 100.0 * static_cast<double>(managed);
  const auto byPercent = static_cast<std::size_t>(std::floor(share + 1e-9));
  const std::size_t cap = std::min(atLeastZero(count), byPercent);
  GuardLimit limit;
  limit.allowed = std::max(atLeastZero(floor), cap);
  limit.binding = limit.allowed > cap              ? keys.floor
                  : atLeastZero(count) <= byPercent ? keys.count
                                                    : keys.percent;
  limit.formula = "max(" + std::string(keys.floor) + " " + std::to_string(floor) + ", min(" +
                  keys.count + " " + std::to_string(count) + ", " + keys.percent + " " +
                  number(percent) + "% of " + std::to_string(managed) + " managed members = " +
                  std::to_string(byPercent) + "))";
  return limit;
}

std::string guardReason(std::size_t planned, const std::string& what, const GuardLimit& limit) {
  return std::to_string(planned) + " " + what + " exceed the limit of " +
         std::to_string(limit.allowed) + " (" + limit.formula + "); raise [sync] " +
         limit.binding + ", or review them and release them with `" + kAllowCommand + "`";
}

}  // namespace membersync::plan::detail
