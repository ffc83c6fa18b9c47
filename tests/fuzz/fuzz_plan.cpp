// A saved plan (`plan --out`, read back by `apply PLANFILE`): text -> Plan. What reads must
// write out and read back to the same plan: the JSON of the first reading equals the JSON of
// the second.
#include "jobs/report/plan_json.h"
#include "tests/fuzz/fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace membersync;
  plan::Plan first;
  try {
    first = report::planFromJson(fuzz::text(data, size), "plan.json");
  } catch (const report::PlanFileError& e) {
    FUZZ_CHECK(std::string(e.what()).rfind("plan.json: ", 0) == 0);
    return 0;
  }
  const std::string written = report::planToJson(first);
  plan::Plan second;
  try {
    second = report::planFromJson(written, "again.json");
  } catch (const report::PlanFileError& e) {
    std::fprintf(stderr, "%s\n", e.what());
    FUZZ_CHECK(!"a plan it wrote reads back");
  }
  FUZZ_CHECK(report::planToJson(second) == written);
  FUZZ_CHECK(second.items.size() == first.items.size());
  return 0;
}
