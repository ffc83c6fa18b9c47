// B1's answer (spec 2.9): an answer body read as an enrolment reads it: resultCode, then the
// granted products of a success (with their undocumented date formats) or the activities of a
// 3002 refusal.
#include "jobs/center/attempt.h"
#include "tests/fuzz/fuzz_support.h"

namespace {

using membersync::center::ActivityDate;

void checkDate(const ActivityDate& d) {
  using F = ActivityDate::Format;
  FUZZ_CHECK((d.format == F::Absent) == d.raw.empty());
  FUZZ_CHECK(d.civil.has_value() == (d.format == F::DateTime || d.format == F::Date));
  FUZZ_CHECK(d.epochMillis.has_value() == (d.format == F::EpochMillis));
  if (d.civil) {
    FUZZ_CHECK(d.civil->month >= 1 && d.civil->month <= 12 && d.civil->day >= 1 &&
               d.civil->day <= 31);
    FUZZ_CHECK(d.civil->hour >= 0 && d.civil->hour <= 23 && d.civil->minute >= 0 &&
               d.civil->minute <= 59);
  }
  if (d.epochMillis) FUZZ_CHECK(*d.epochMillis >= 0);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace membersync::center;
  Attempt attempt = readActivityAttempt(TransportResult::answered(200, membersync::fuzz::text(data, size)));
  if (!attempt.result.ok()) {
    const Error& e = attempt.result.error();
    FUZZ_CHECK(e.describe().rfind("B1", 0) == 0);
    if (e.code != "3002") FUZZ_CHECK(e.activities.empty());
    return 0;
  }
  const Envelope& env = attempt.result.value();
  FUZZ_CHECK(env.code == "0000");
  const auto enrolled = decodeEnrolResult(env);
  if (!enrolled.ok()) return 0;
  FUZZ_CHECK(enrolled.value().resultMessage == env.message);
  for (const GrantedProduct& g : enrolled.value().products) {
    checkDate(g.limitStartDate);
    checkDate(g.limitEndDate);
  }
  return 0;
}
