// A5: GET /me/api/v1/enterprise/{enterpriseGlobalId}/members, paged like PageHelper's PageInfo.
#include <algorithm>
#include <limits>

#include "tests/emulator/endpoints.h"
#include "tests/emulator/envelope.h"
#include "tests/emulator/json_support.h"
#include "tests/emulator/list_edits.h"
#include "tests/emulator/member_json.h"
#include "tests/emulator/paging.h"
#include "tests/emulator/text_rules.h"

namespace membersync::emulator {
namespace {

// pageNum and pageSize: required integers from 1 to 2^31-1 (PageHelper's are Java ints).
std::optional<std::int64_t> pageParam(const Request& req, const char* name) {
  const std::string* text = req.queryParam(name);
  if (text == nullptr) return std::nullopt;
  auto v = parseInt64(*text);
  if (!v || *v < 1 || *v > std::numeric_limits<std::int32_t>::max()) return std::nullopt;
  return v;
}

// --bogus-pages: 1000 pages more than the list has, and always a next page, so a client that
// believed the counts would ask for pages without end.
constexpr std::int64_t kBogusExtraPages = 1000;

void makeBogus(PageWindow& w) {
  w.pages += kBogusExtraPages;
  w.hasNextPage = true;
  w.isLastPage = false;
  w.nextPage = w.pageNum + 1;
}

Poco::JSON::Object::Ptr pageObject(const PageWindow& w, Poco::JSON::Array::Ptr list) {
  auto o = newObject();
  o->set("pageNum", w.pageNum);
  o->set("pageSize", w.pageSize);
  o->set("size", w.size);
  o->set("orderBy", Poco::Dynamic::Var());
  o->set("startRow", w.startRow);
  o->set("endRow", w.endRow);
  o->set("total", w.total);
  o->set("pages", w.pages);
  o->set("list", list);
  o->set("firstPage", w.firstPage);
  o->set("prePage", w.prePage);
  o->set("nextPage", w.nextPage);
  o->set("lastPage", w.lastPage);
  o->set("isFirstPage", w.isFirstPage);
  o->set("isLastPage", w.isLastPage);
  o->set("hasPreviousPage", w.hasPreviousPage);
  o->set("hasNextPage", w.hasNextPage);
  o->set("navigatePages", w.navigatePages);
  Poco::JSON::Array::Ptr nums = new Poco::JSON::Array;
  for (std::int64_t n : w.navigatepageNums) nums->add(n);
  o->set("navigatepageNums", nums);
  return o;
}

}  // namespace

Reply listMembers(Service& svc, const Request& req) {
  auto pageNum = pageParam(req, "pageNum");
  auto pageSize = pageParam(req, "pageSize");
  if (!pageNum || !pageSize) {
    return memberCenterError("40000", "pageNum and pageSize are required integers of at least 1");
  }
  std::optional<std::int64_t> departmentId;
  if (const std::string* d = req.queryParam("departmentId"); d != nullptr && !d->empty()) {
    departmentId = parseInt64(*d);
    if (!departmentId) return memberCenterError("40000", "departmentId must be an integer");
  }
  const std::string* keywordParam = req.queryParam("keyword");
  const std::string keyword = keywordParam ? *keywordParam : std::string();

  if (!departmentId && keyword.empty()) editListBeforePage(svc, *pageNum);
  const State& st = svc.state;
  const bool filtered = departmentId || !keyword.empty();
  std::vector<const Member*> found;
  if (filtered) {
    for (const Member& m : st.members()) {
      if (m.deleted && !st.enterprise().listDeletedMembers) continue;
      if (departmentId && m.departmentId != departmentId) continue;
      if (!keyword.empty() && !containsIgnoreCase(m.name, keyword) &&
          !containsIgnoreCase(m.userName, keyword)) {
        continue;
      }
      found.push_back(&m);
    }
    // Members are kept in the order they were made, which is this order unless a fixture says
    // otherwise: checking is linear, sorting every page of a 10,000-member list is not.
    const auto created = [](const Member* a, const Member* b) { return listedBefore(*a, *b); };
    if (!std::is_sorted(found.begin(), found.end(), created))
      std::stable_sort(found.begin(), found.end(), created);
  }
  const std::vector<std::size_t>* listed = filtered ? nullptr : &st.listedMembers();
  const std::size_t total = filtered ? found.size() : listed->size();
  auto at = [&](std::size_t i) -> const Member& {
    return filtered ? *found[i] : st.members()[(*listed)[i]];
  };

  PageWindow w = computePage(static_cast<std::int64_t>(total), *pageNum, *pageSize,
                             PagingRules{svc.options.maxPageSize, svc.options.reasonablePaging});
  Poco::JSON::Array::Ptr list = new Poco::JSON::Array;
  for (std::int64_t i = w.offset; i < w.offset + w.size; ++i)
    list->add(memberListItem(st, at(static_cast<std::size_t>(i))));
  if (svc.options.bogusPages) makeBogus(w);
  return memberCenterSuccess(toJson(pageObject(w, list)));
}

}  // namespace membersync::emulator
