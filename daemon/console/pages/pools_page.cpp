#include "daemon/console/pages/pools_page.h"

#include <cstdint>
#include <string>
#include <vector>

#include "jobs/core/text.h"
#include "jobs/report/pool_chart.h"
#include "jobs/report/pool_forecast.h"

namespace membersync::console {
namespace {

constexpr std::int64_t kDayMillis = 24LL * 3600 * 1000;

// The records of the last 90 days before the newest applying run, by rule, oldest first: what
// the chart draws and, of it, the last 30 days the forecast reads. One indexed read; the page
// never reads the whole history (years of a daemon's runs).
std::vector<state::PoolRecord> recentHistory(state::StateStore& store) {
  const auto runs = store.recentRuns(1, false);
  if (runs.empty()) return {};
  return store.poolHistory("", runs.front().startedAt - report::kChartDays * kDayMillis);
}

mstch::map poolOf(const std::vector<state::PoolRecord>& history, bool chart) {
  const state::PoolCount& c = history.back().counts;
  const std::string forecast = report::forecastText(report::forecastPool(history));
  return mstch::map{
      {"rule", c.rule},
      {"kind", std::string(c.product ? "product rule" : "pool")},
      {"capacity", std::to_string(c.capacity)},
      {"assigned", std::to_string(c.assigned)},
      {"free", std::to_string(c.free)},
      {"owned", std::to_string(c.owned)},
      {"wanted", std::to_string(c.wanted)},
      {"short", c.wanted > c.capacity},
      {"hasForecast", !forecast.empty()},
      {"forecast", forecast},
      // The one value this page's template writes with {{{ }}}: an SVG document poolChartSvg()
      // built, every text in it (the rule's name) already escaped for XML, with presentation
      // attributes only (no style, no script), so the CSP `default-src 'self'` lets it show.
      {"chart", chart ? report::poolChartSvg(c.rule, history) : std::string()},
  };
}

}  // namespace

mstch::map poolsData(state::StateStore& store, bool charts) {
  const std::vector<state::PoolRecord> all = recentHistory(store);
  // The newest record says which run the page is "as of"; a rule it did not count (removed from
  // the policy since) is history, not a pool.
  const state::PoolRecord* newest = nullptr;
  for (const state::PoolRecord& r : all)
    if (!newest || r.runId > newest->runId) newest = &r;

  mstch::array pools;
  for (std::size_t from = 0; from < all.size();) {
    std::size_t to = from;
    while (to < all.size() && all[to].counts.rule == all[from].counts.rule) ++to;
    if (all[to - 1].runId == newest->runId)
      pools.push_back(poolOf({all.begin() + from, all.begin() + to}, charts));
    from = to;
  }

  return mstch::map{
      {"counted", newest != nullptr},
      {"run", newest ? std::to_string(newest->runId) : std::string()},
      {"at", newest ? personTime(newest->at) : std::string()},
      {"pools", pools},
  };
}

PageAnswer poolsPage(const PageRequest& request) {
  PageAnswer answer;
  answer.title = "Pools";
  answer.templateName = "pools";
  answer.personalData = false;
  answer.data = poolsData(request.store, true);
  return answer;
}

}  // namespace membersync::console
