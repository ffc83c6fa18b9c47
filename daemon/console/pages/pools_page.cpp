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

mstch::map poolOf(const std::vector<state::PoolRecord>& history, bool chart,
                  const i18n::Translator& tr) {
  const state::PoolCount& c = history.back().counts;
  const std::string forecast = report::forecastText(tr, report::forecastPool(history));
  return mstch::map{
      {"rule", c.rule},
      {"kind", c.product ? tr.tr("product rule") : tr.tr("pool")},
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
      {"chart", chart ? report::poolChartSvg(tr, c.rule, history) : std::string()},
  };
}

mstch::map poolsWords(const i18n::Translator& tr) {
  return mstch::map{
      {"t_as_of", tr.tr("As each applying run read the enterprise's assets; the last was")},
      {"t_capacity", tr.tr("capacity")},
      {"t_assigned", tr.tr("assigned")},
      {"t_free", tr.tr("free")},
      {"t_owned", tr.tr("owned by membersync")},
      {"t_wanted", tr.tr("people granted one")},
      {"t_short", tr.tr("More people are granted one than the rule has assets.")},
      {"t_no_forecast", tr.tr("No forecast: it needs 7 days of counts, and seats being used up.")},
      {"t_no_counts", tr.tr("No counts yet: each sync, apply or daemon run records its asset "
                            "rules' counts once the policy has asset rules.")},
  };
}

}  // namespace

mstch::map poolsData(state::StateStore& store, bool charts, const i18n::Translator& tr) {
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
      pools.push_back(poolOf({all.begin() + from, all.begin() + to}, charts, tr));
    from = to;
  }

  return mstch::map{
      {"counted", newest != nullptr},
      {"run", newest ? std::to_string(newest->runId) : std::string()},
      {"at", newest ? personTime(newest->at) : std::string()},
      {"run_text",
       newest ? i18n::format(tr.tr("run {run}, {at}"), {{"run", std::to_string(newest->runId)},
                                                        {"at", personTime(newest->at)}})
              : std::string()},
      {"pools", pools},
  };
}

PageAnswer poolsPage(const PageRequest& request) {
  PageAnswer answer;
  answer.title = request.tr.tr("Pools");
  answer.templateName = "pools";
  answer.personalData = false;
  answer.data = poolsData(request.store, true, request.tr);
  addWords(answer.data, poolsWords(request.tr));
  return answer;
}

}  // namespace membersync::console
