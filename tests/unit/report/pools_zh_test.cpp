// The console's pools page in Chinese, with the real catalogue (po/zh_CN.po, compiled beside the
// membersync binary): the forecast's sentence and the chart's words, still escaped for XML.

#include <catch2/catch.hpp>

#include "jobs/report/pool_chart.h"
#include "jobs/report/pool_forecast.h"

using namespace membersync;
using Catch::Matchers::Contains;

namespace {

constexpr std::int64_t kDay = 24LL * 3600 * 1000;
constexpr std::int64_t kStart = 1'780'000'000'000LL;

i18n::Translator chinese() {
  return i18n::Translator(i18n::Language::ZhCN, {MEMBERSYNC_TEST_LOCALE_DIR});
}

state::PoolRecord at(double day, std::int64_t assigned, std::int64_t capacity = 100) {
  state::PoolRecord r;
  r.at = kStart + static_cast<std::int64_t>(day * kDay);
  r.counts = {"cad", false, capacity, assigned, capacity - assigned, 0, 0};
  return r;
}

}  // namespace

TEST_CASE("pool forecast in Chinese: the days left and the rate", "[report][i18n]") {
  const auto tr = chinese();
  CHECK(report::forecastText(tr, report::forecastPool({at(0, 20), at(10, 40)})) ==
        "约 30 天后用完（最近 30 天平均每天分配 2 个）");
  CHECK(report::forecastText(tr, report::forecastPool({at(0, 90), at(10, 100)})) ==
        "已没有空闲资产（最近 30 天平均每天分配 1 个）");
  CHECK(report::forecastText(tr, report::forecastPool({at(0, 0), at(10, 99)})) ==
        "一天内用完（最近 30 天平均每天分配 9.9 个）");
  CHECK(report::forecastText(tr, report::forecastPool({at(0, 0), at(30, 1)})) ==
        "约 2970 天后用完（最近 30 天平均每天分配 不到 0.1 个）");
}

TEST_CASE("pool chart in Chinese: the title, the legend and no counts, escaped for XML",
          "[report][i18n]") {
  const auto tr = chinese();
  const std::string svg = report::poolChartSvg(tr, "a<b", {at(0, 4)});
  CHECK_THAT(svg, Contains("<title>a&lt;b：最近 90 天的总数、已分配和空闲</title>"));
  CHECK_THAT(svg,
             Contains(">总数</text>") && Contains(">已分配</text>") && Contains(">空闲</text>"));
  CHECK_THAT(svg, !Contains("capacity") && !Contains("assigned") && !Contains("free<"));
  CHECK_THAT(report::poolChartSvg(tr, "cad", {}), Contains(">还没有记录的数量</text>"));
}
