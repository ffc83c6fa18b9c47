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

std::size_t atLeastZero(int value) {
  return static_cast<std::size_t>(std::max(0, value));
}

}  // namespace

GuardLimit guardLimit(const GuardKeys& keys, int floor, int count, double percent,
                      std::size_t managed) {
  // A small epsilon so 29% of 100 is 29, not 28.999...: floor of the exact decimal product.
  const double share = std::max(0.0, percent) / 100.0 * static_cast<double>(managed);
  const auto byPercent = static_cast<std::size_t>(std::floor(share + 1e-9));
  const std::size_t cap = std::min(atLeastZero(count), byPercent);
  GuardLimit limit;
  limit.allowed = std::max(atLeastZero(floor), cap);
  limit.binding = limit.allowed > cap               ? keys.floor
                  : atLeastZero(count) <= byPercent ? keys.count
                                                    : keys.percent;
  // The percent sign is in the value: a msgid with "% o" would read as a C format.
  limit.formula = i18n::msg(
                      "max({floorKey} {floor}, min({countKey} {countValue}, {percentKey} "
                      "{percent} of {managed} managed members = {byPercent}))")
                      .with("floorKey", keys.floor)
                      .with("floor", floor)
                      .with("countKey", keys.count)
                      .with("countValue", count)
                      .with("percentKey", keys.percent)
                      .with("percent", number(percent) + "%")
                      .with("managed", static_cast<long long>(managed))
                      .with("byPercent", static_cast<long long>(byPercent));
  return limit;
}

i18n::Message guardReason(i18n::Message reason, std::size_t planned, const GuardLimit& limit) {
  return reason.with("planned", static_cast<long long>(planned))
      .with("allowed", static_cast<long long>(limit.allowed))
      .with("formula", limit.formula)
      .with("key", limit.binding)
      .with(kRunArgument, kRunPlaceholder);
}

}  // namespace membersync::plan::detail
