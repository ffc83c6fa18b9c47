// The pool chart: a valid SVG document (parsed with Poco's XML parser), with presentation
// attributes only (no style, no script, no handlers: the console's CSP), scalable (viewBox),
// its points, axes and labels from the records, and every text escaped.

#include <Poco/DOM/AutoPtr.h>
#include <Poco/DOM/DOMParser.h>
#include <Poco/DOM/Document.h>
#include <Poco/DOM/Element.h>
#include <Poco/DOM/NamedNodeMap.h>
#include <Poco/DOM/NodeList.h>

#include <catch2/catch.hpp>

#include "jobs/report/pool_chart.h"

using namespace membersync;
using namespace membersync::report;
using Poco::XML::AutoPtr;
using Poco::XML::Document;
using Poco::XML::Element;

namespace {

constexpr std::int64_t kDay = 24LL * 3600 * 1000;
constexpr std::int64_t kEnd = 1'780'000'000'000LL;  // 2026-05-28 UTC

state::PoolRecord at(std::int64_t daysBeforeEnd, std::int64_t assigned,
                     std::int64_t capacity = 10) {
  state::PoolRecord r;
  r.at = kEnd - daysBeforeEnd * kDay;
  r.counts = {"cad", false, capacity, assigned, capacity - assigned, 0, 0};
  return r;
}

AutoPtr<Document> parse(const std::string& svg) {
  Poco::XML::DOMParser parser;
  return parser.parseString(svg);  // throws on anything that is not well-formed XML
}

std::vector<Element*> elements(Document& doc, const std::string& name) {
  std::vector<Element*> found;
  AutoPtr<Poco::XML::NodeList> list = doc.getElementsByTagName(name);
  for (unsigned long i = 0; i < list->length(); ++i)
    found.push_back(static_cast<Element*>(list->item(i)));
  return found;
}

// The polyline whose <title> names the series.
Element* series(Document& doc, const std::string& name) {
  for (Element* line : elements(doc, "polyline"))
    if (line->getChildElement("title")->innerText() == name) return line;
  return nullptr;
}

// Nothing the CSP `default-src 'self'` would block or that could run: no style or script
// element, no style attribute, no on* handler, no reference out of the document.
void checkPresentationOnly(Document& doc) {
  CHECK(elements(doc, "style").empty());
  CHECK(elements(doc, "script").empty());
  CHECK(elements(doc, "foreignObject").empty());
  AutoPtr<Poco::XML::NodeList> all = doc.getElementsByTagName("*");
  for (unsigned long i = 0; i < all->length(); ++i) {
    AutoPtr<Poco::XML::NamedNodeMap> attrs = all->item(i)->attributes();
    for (unsigned long a = 0; a < attrs->length(); ++a) {
      const std::string name = attrs->item(a)->nodeName();
      INFO("attribute " << name << " of " << all->item(i)->nodeName());
      CHECK(name != "style");
      CHECK(name.rfind("on", 0) != 0);
      CHECK(name.find("href") == std::string::npos);
    }
  }
}

}  // namespace

TEST_CASE("pool chart: capacity, assigned and free as lines over 90 days, with axes and labels",
          "[report]") {
  const std::string svg = poolChartSvg("cad", {at(90, 2), at(45, 5), at(0, 8)});
  AutoPtr<Document> doc = parse(svg);
  Element* root = doc->documentElement();
  CHECK(root->nodeName() == "svg");
  CHECK(root->namespaceURI() == "http://www.w3.org/2000/svg");
  CHECK(root->getAttribute("viewBox") == "0 0 640 320");
  CHECK(root->getAttribute("width") == "100%");
  checkPresentationOnly(*doc);
  CHECK(root->getChildElement("title")->innerText() ==
        "cad: capacity, assigned and free over the last 90 days");

  // The y axis runs from 0 to 10 (the capacity): y = 276 - value * 236 / 10; x from 48 (90
  // days ago) to 624 (the newest record).
  REQUIRE(series(*doc, "capacity"));
  CHECK(series(*doc, "capacity")->getAttribute("points") == "48,40 336,40 624,40");
  CHECK(series(*doc, "assigned")->getAttribute("points") == "48,229 336,158 624,87");
  CHECK(series(*doc, "free")->getAttribute("points") == "48,87 336,158 624,229");
  CHECK(elements(*doc, "polyline").size() == 3);

  std::vector<std::string> texts;
  for (Element* t : elements(*doc, "text")) texts.push_back(t->innerText());
  const std::vector<std::string> expected{"capacity", "assigned", "free",       "0",
                                          "5",        "10",       "2026-02-27", "2026-05-28"};
  CHECK(texts == expected);
}

TEST_CASE("pool chart: records older than 90 days are left out, one point a unit of width",
          "[report]") {
  std::vector<state::PoolRecord> history{at(200, 9), at(91, 9)};
  // A run every 10 minutes on the last day: many records, one x each few hours.
  for (int i = 144; i >= 0; --i) {
    state::PoolRecord r = at(0, 1 + i % 3);
    r.at -= i * 10 * 60 * 1000;
    history.push_back(r);
  }
  AutoPtr<Document> doc = parse(poolChartSvg("cad", history));
  const std::string points = series(*doc, "assigned")->getAttribute("points");
  CHECK(points.rfind("618,", 0) == 0);  // nothing left of the last day's first unit
  CHECK(std::count(points.begin(), points.end(), ',') == 7);  // x 618 .. 624
  CHECK(points.substr(points.rfind(' ') + 1) == "624,252");   // the newest: 1 assigned
}

TEST_CASE("pool chart: one record is a dot, and no record is said so", "[report]") {
  AutoPtr<Document> one = parse(poolChartSvg("cad", {at(0, 4)}));
  CHECK(elements(*one, "circle").size() == 3);
  AutoPtr<Document> none = parse(poolChartSvg("cad", {}));
  checkPresentationOnly(*none);
  CHECK(elements(*none, "polyline").empty());
  CHECK(elements(*none, "text").at(0)->innerText() == "no counts recorded yet");
}

TEST_CASE("pool chart: a rule's name is text, whatever it holds", "[report]") {
  const std::string rule = "<script>alert(1)</script> & \"x\" 'y' 许可\x01";
  const std::string svg = poolChartSvg(rule, {at(0, 4)});
  CHECK(svg.find("<script") == std::string::npos);
  AutoPtr<Document> doc = parse(svg);
  checkPresentationOnly(*doc);
  CHECK(doc->documentElement()->getChildElement("title")->innerText() ==
        "<script>alert(1)</script> & \"x\" 'y' 许可\xEF\xBF\xBD: capacity, assigned and free over "
        "the last 90 days");
  CHECK(xmlEscaped("a&b<c>\"'") == "a&amp;b&lt;c&gt;&quot;&apos;");
}

TEST_CASE("pool chart: the same records give the same document", "[report]") {
  const std::vector<state::PoolRecord> h{at(30, 1), at(0, 3)};
  CHECK(poolChartSvg("cad", h) == poolChartSvg("cad", h));
}
