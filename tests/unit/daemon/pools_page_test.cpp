// The console's /pools page: what poolsPage() hands its template from a real state database,
// and the template rendered with mstch as the server renders it (every value escaped but the
// chart, whose document escapes its own text).

#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <sstream>

#include <boost/variant/get.hpp>

#include "daemon/console/pages/pools_page.h"
#include "jobs/core/manual_clock.h"
#include "jobs/core/text.h"
#include "jobs/state/sqlite_store.h"
#include "tests/support/temp_dir.h"

using namespace membersync;
using namespace membersync::console;
using namespace std::chrono_literals;

namespace {

struct Rig {
  testing::TempDir dir;
  ManualClock clock;
  std::unique_ptr<state::SqliteStore> store =
      state::SqliteStore::open((dir.path() / "state.db").string(), clock);
  config::Config config;

  PageAnswer page() {
    const PageRequest request{"/pools", {},     {},     Viewer{"ann", Role::Viewer},
                              "token",  *store, config, clock};
    return poolsPage(request);
  }
  // A sync that recorded these counts; the next one a day later.
  state::RunId run(const std::vector<state::PoolCount>& counts) {
    const state::RunId id = store->beginRun({});
    store->recordPoolCounts(id, counts);
    store->finishRun(id, "done", {}, "");
    clock.advance(24h);
    return id;
  }
};

state::PoolCount cad(std::int64_t assigned) {
  return {"cad", false, 50, assigned, 50 - assigned, assigned, 40};
}

std::string templateText() {
  std::ifstream in(MEMBERSYNC_SOURCE_DIR "/daemon/console/templates/pools.mustache");
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

const mstch::map& poolAt(const PageAnswer& a, std::size_t i) {
  const auto& pools = boost::get<mstch::array>(a.data.at("pools"));
  return boost::get<mstch::map>(pools.at(i));
}

std::string text(const mstch::map& m, const std::string& key) {
  return boost::get<std::string>(m.at(key));
}

}  // namespace

TEST_CASE("pools page: each rule as the last run counted it, with its forecast and chart",
          "[console]") {
  Rig rig;
  rig.run({cad(0), {"gone", false, 3, 1, 2, 1, 1}});  // a rule removed from the policy since
  for (int day = 1; day <= 10; ++day) rig.run({cad(2 * day), {"viewer", true, 8, 3, 5, 2, 9}});
  const state::RunId last = rig.run({cad(22), {"viewer", true, 8, 3, 5, 2, 9}});

  const PageAnswer a = rig.page();
  CHECK(a.status == 200);
  CHECK(a.title == "Pools");
  CHECK(a.templateName == "pools");
  CHECK_FALSE(a.personalData);
  const mstch::map& data = a.data;
  CHECK(boost::get<bool>(data.at("counted")));
  CHECK(boost::get<std::string>(data.at("run")) == std::to_string(last));
  const auto records = rig.store->poolHistory("cad", 0);
  CHECK(boost::get<std::string>(data.at("at")) == personTime(records.back().at));

  REQUIRE(boost::get<mstch::array>(data.at("pools")).size() == 2);  // not "gone"
  const mstch::map& c = poolAt(a, 0);
  CHECK(text(c, "rule") == "cad");
  CHECK(text(c, "kind") == "pool");
  CHECK(text(c, "capacity") == "50");
  CHECK(text(c, "assigned") == "22");
  CHECK(text(c, "free") == "28");
  CHECK(text(c, "owned") == "22");
  CHECK(text(c, "wanted") == "40");
  // 22 assigned over 11 days: 2 a day; 28 free.
  CHECK(boost::get<bool>(c.at("hasForecast")));
  CHECK(text(c, "forecast") ==
        "runs dry in about 14 days (at 2 assignments a day over the last 30 days)");
  CHECK(text(c, "chart").rfind("<svg ", 0) == 0);
  const mstch::map& v = poolAt(a, 1);
  CHECK(text(v, "rule") == "viewer");
  CHECK(text(v, "kind") == "product rule");
  CHECK(boost::get<bool>(v.at("short")));              // 9 granted, 8 assets
  CHECK_FALSE(boost::get<bool>(v.at("hasForecast")));  // nothing used up
}

TEST_CASE("pools page: rendered, names are text and the chart is the SVG itself", "[console]") {
  Rig rig;
  rig.run({{"<script>alert(1)</script>", false, 4, 1, 3, 1, 2}});
  const std::string html = mstch::render(templateText(), rig.page().data);
  CHECK(html.find("<script>") == std::string::npos);
  CHECK(html.find("<h2>&lt;script&gt;alert(1)&lt;&#x2F;script&gt; <small>pool</small></h2>") !=
        std::string::npos);
  CHECK(html.find("<figure><svg xmlns=\"http://www.w3.org/2000/svg\"") != std::string::npos);
  CHECK(html.find("<title>&lt;script&gt;alert(1)&lt;/script&gt;: capacity") != std::string::npos);
  CHECK(html.find("No forecast") != std::string::npos);
  CHECK(html.find("style") == std::string::npos);
  // The chart is the template's only triple-brace value.
  const std::string t = templateText();
  CHECK(t.find("{{{") == t.rfind("{{{"));
  CHECK(t.find("{{{chart}}}") != std::string::npos);
}

TEST_CASE("pools page: before any run counted a rule it says how counts come", "[console]") {
  Rig rig;
  const PageAnswer empty = rig.page();
  CHECK_FALSE(boost::get<bool>(empty.data.at("counted")));
  CHECK(mstch::render(templateText(), empty.data).find("No counts yet") != std::string::npos);
  rig.run({});  // a run without asset rules records none
  CHECK_FALSE(boost::get<bool>(rig.page().data.at("counted")));
}

TEST_CASE("pools page: a thousand daily runs of a dozen rules make a dozen bounded charts",
          "[console][scale]") {
  Rig rig;
  rig.store->transaction([&] {
    for (int day = 0; day < 1000; ++day) {
      std::vector<state::PoolCount> counts;
      for (int r = 0; r < 12; ++r)
        counts.push_back({"rule-" + std::to_string(r), r % 2 == 1, 500, day % 400, 500 - day % 400,
                          day % 400, 450});
      const state::RunId id = rig.store->beginRun({});
      rig.store->recordPoolCounts(id, counts);
      rig.store->finishRun(id, "done", {}, "");
      rig.clock.advance(24h);
    }
  });
  const auto started = std::chrono::steady_clock::now();
  const PageAnswer a = rig.page();
  const std::string html = mstch::render(templateText(), a.data);
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                      std::chrono::steady_clock::now() - started)
                      .count();
  WARN("the pools page of 1000 runs x 12 rules: " << ms << " ms, " << html.size() / 1024
                                                  << " KiB");  // a figure, never asserted
  REQUIRE(boost::get<mstch::array>(a.data.at("pools")).size() == 12);
  // 90 days of the 1,000: each chart has a point a day, at most.
  const std::string chart = text(poolAt(a, 0), "chart");
  const auto line = chart.find("<polyline");
  const std::string points = chart.substr(line, chart.find("</polyline>", line) - line);
  CHECK(std::count(points.begin(), points.end(), ',') <= 91);
  CHECK(html.size() < 200 * 1024);
}
