#include "jobs/plan/text_util.h"

#include "jobs/core/text.h"

namespace membersync::plan::detail {
namespace {

const TimeWriter& writerOf(const PlanInputs& in) {
  static const UtcTimes kUtc;
  return in.times ? *in.times : kUtc;
}

}  // namespace

std::string formatDate(const PlanInputs& in, state::Millis at) {
  return writerOf(in).date(at);
}

std::string formatTime(const PlanInputs& in, state::Millis at) {
  return writerOf(in).time(at);
}

i18n::Message joinedReasons(std::vector<i18n::Message> reasons) {
  if (reasons.empty()) return {};
  i18n::Message out = std::move(reasons.back());
  for (std::size_t i = reasons.size() - 1; i-- > 0;)
    out = i18n::msg("{reason}; {more}")
              .with("reason", std::move(reasons[i]))
              .with("more", std::move(out));
  return out;
}

i18n::Message namedList(const std::vector<std::string>& names, std::size_t shown) {
  if (names.size() <= shown) return i18n::verbatim(joinedText(names, ", "));
  const std::vector<std::string> first(names.begin(), names.begin() + static_cast<long>(shown));
  return i18n::msgn("{names}, and {count} more", "{names}, and {count} more", names.size() - shown)
      .with("names", joinedText(first, ", "));
}

}  // namespace membersync::plan::detail
