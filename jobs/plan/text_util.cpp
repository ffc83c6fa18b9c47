#include "jobs/plan/text_util.h"

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

}  // namespace membersync::plan::detail
