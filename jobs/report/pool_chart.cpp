#include "jobs/report/pool_chart.h"

#include <algorithm>
#include <cstdint>
#include <ctime>
#include <locale>
#include <sstream>

#include "jobs/i18n/translator.h"

namespace membersync::report {
namespace {

constexpr std::int64_t kDayMillis = 24LL * 3600 * 1000;

// The drawing, in viewBox units: the page scales it to its width (a phone's too).
constexpr int kWidth = 640, kHeight = 320;
constexpr int kLeft = 48, kRight = 624, kTop = 40, kBottom = 276;

struct Series {
  const char* name;
  const char* colour;
  std::int64_t state::PoolCount::*value;
};
// Colours told apart by people with the commoner colour-vision deficiencies (Okabe-Ito).
const Series kSeries[] = {
    {i18n::translateLater("capacity"), "#555555", &state::PoolCount::capacity},
    {i18n::translateLater("assigned"), "#0072b2", &state::PoolCount::assigned},
    {i18n::translateLater("free"), "#009e73", &state::PoolCount::free}};

std::string utcDate(std::int64_t millis) {
  const std::time_t seconds = static_cast<std::time_t>(millis / 1000);
  std::tm tm{};
  gmtime_r(&seconds, &tm);
  char text[16];
  std::strftime(text, sizeof text, "%Y-%m-%d", &tm);
  return text;
}

// The top of the y axis: the largest count rounded up to 1, 2 or 5 times a power of ten.
std::int64_t axisTop(const std::vector<const state::PoolRecord*>& shown) {
  std::int64_t most = 1;
  for (const auto* r : shown)
    most = std::max({most, r->counts.capacity, r->counts.assigned, r->counts.free});
  for (std::int64_t scale = 1;; scale *= 10)
    for (std::int64_t step : {1, 2, 5})
      if (step * scale >= most) return step * scale;
}

// n / d to the nearest integer, for n >= 0 and d > 0, in integers: the same on every machine.
int rounded(std::int64_t n, std::int64_t d) {
  return static_cast<int>((2 * n + d) / (2 * d));
}

// Where counts and times go in the drawing.
class Drawing {
 public:
  Drawing(std::int64_t start, std::int64_t top) : start_(start), top_(top) {}

  int x(std::int64_t at) const {
    return kLeft + rounded((at - start_) * (kRight - kLeft), kChartDays * kDayMillis);
  }
  int y(std::int64_t value) const { return kBottom - rounded(value * (kBottom - kTop), top_); }

 private:
  std::int64_t start_, top_;
};

void axes(std::ostringstream& svg, std::int64_t top, std::int64_t start, std::int64_t end,
          const Drawing& d) {
  std::vector<std::int64_t> ticks{0, top};
  if (top % 2 == 0) ticks.insert(ticks.begin() + 1, top / 2);
  for (std::int64_t t : ticks) {
    svg << "<line x1=\"" << kLeft << "\" y1=\"" << d.y(t) << "\" x2=\"" << kRight << "\" y2=\""
        << d.y(t) << "\" stroke=\"" << (t == 0 ? "#333333" : "#dddddd") << "\"/>\n";
    svg << "<text x=\"" << kLeft - 6 << "\" y=\"" << d.y(t) + 4 << "\" text-anchor=\"end\">" << t
        << "</text>\n";
  }
  svg << "<line x1=\"" << kLeft << "\" y1=\"" << kTop << "\" x2=\"" << kLeft << "\" y2=\""
      << kBottom << "\" stroke=\"#333333\"/>\n";
  svg << "<text x=\"" << kLeft << "\" y=\"" << kBottom + 20 << "\" text-anchor=\"start\">"
      << utcDate(start) << "</text>\n";
  svg << "<text x=\"" << kRight << "\" y=\"" << kBottom + 20 << "\" text-anchor=\"end\">"
      << utcDate(end) << "</text>\n";
}

void legend(std::ostringstream& svg, const i18n::Translator& tr) {
  int x = kLeft;
  for (const Series& s : kSeries) {
    svg << "<rect x=\"" << x << "\" y=\"14\" width=\"12\" height=\"12\" fill=\"" << s.colour
        << "\"/>\n";
    svg << "<text x=\"" << x + 16 << "\" y=\"25\">" << xmlEscaped(tr.tr(s.name)) << "</text>\n";
    x += 100;
  }
}

// One line a series, one point per horizontal unit (the newest record of those drawn there), so
// a daemon running every few minutes does not make a document of megabytes.
void lines(std::ostringstream& svg, const i18n::Translator& tr,
           const std::vector<const state::PoolRecord*>& shown, const Drawing& d) {
  std::vector<const state::PoolRecord*> points;
  for (const auto* r : shown) {
    if (!points.empty() && d.x(points.back()->at) == d.x(r->at))
      points.back() = r;
    else
      points.push_back(r);
  }
  for (const Series& s : kSeries) {
    svg << "<polyline fill=\"none\" stroke=\"" << s.colour << "\" stroke-width=\"2\" points=\"";
    for (std::size_t i = 0; i < points.size(); ++i)
      svg << (i ? " " : "") << d.x(points[i]->at) << "," << d.y(points[i]->counts.*s.value);
    svg << "\"><title>" << xmlEscaped(tr.tr(s.name)) << "</title></polyline>\n";
    if (points.size() == 1)  // a line of one point shows nothing
      svg << "<circle cx=\"" << d.x(points[0]->at) << "\" cy=\"" << d.y(points[0]->counts.*s.value)
          << "\" r=\"3\" fill=\"" << s.colour << "\"/>\n";
  }
}

}  // namespace

std::string xmlEscaped(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&apos;";
        break;
      default:
        if (static_cast<unsigned char>(c) < 0x20 && c != '\t' && c != '\n' && c != '\r')
          out += "\xEF\xBF\xBD";  // U+FFFD: XML 1.0 has no way to write these
        else
          out += c;
    }
  }
  return out;
}

std::string poolChartSvg(const i18n::Translator& tr, const std::string& rule,
                         const std::vector<state::PoolRecord>& history) {
  const std::int64_t end = history.empty() ? 0 : history.back().at;
  const std::int64_t start = end - kChartDays * kDayMillis;
  std::vector<const state::PoolRecord*> shown;
  for (const state::PoolRecord& r : history)
    if (r.at >= start) shown.push_back(&r);
  const std::int64_t top = axisTop(shown);
  const Drawing d(start, top);

  std::ostringstream svg;
  svg.imbue(std::locale::classic());  // numbers as SVG reads them, whatever the global locale
  svg << "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 " << kWidth << " " << kHeight
      << "\" width=\"100%\" preserveAspectRatio=\"xMidYMid meet\" role=\"img\""
         " font-family=\"sans-serif\" font-size=\"12\" fill=\"#222222\">\n";
  svg << "<title>"
      << xmlEscaped(i18n::format(tr.tr("{rule}: capacity, assigned and free over the last {days} "
                                       "days"),
                                 {{"rule", rule}, {"days", std::to_string(kChartDays)}}))
      << "</title>\n";
  if (shown.empty()) {
    svg << "<text x=\"" << kWidth / 2 << "\" y=\"" << kHeight / 2 << "\" text-anchor=\"middle\">"
        << xmlEscaped(tr.tr("no counts recorded yet")) << "</text>\n</svg>\n";
    return svg.str();
  }
  legend(svg, tr);
  axes(svg, top, start, end, d);
  lines(svg, tr, shown, d);
  svg << "</svg>\n";
  return svg.str();
}

std::string poolChartSvg(const std::string& rule, const std::vector<state::PoolRecord>& history) {
  return poolChartSvg(i18n::Translator(), rule, history);
}

}  // namespace membersync::report
