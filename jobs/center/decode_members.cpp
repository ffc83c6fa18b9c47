// Decoders of A1's and A5's data (spec 2.2-2.4).
#include "jobs/center/decode.h"
#include "jobs/center/decode_parts.h"
#include "jobs/center/json_read.h"
#include "jobs/center/page_check.h"

namespace membersync::center {
namespace {

using Var = Poco::Dynamic::Var;

MemberRecord memberRecord(const Var& v, const std::string& path) {
  const json::Obj o(v, path);
  MemberRecord m;
  m.id = o.optId("id").value_or("");
  m.userId = o.optId("userId").value_or("");
  m.globalId = o.requiredId("globalId");
  m.enterpriseId = o.optId("enterpriseId").value_or("");
  m.departmentId = o.optId("departmentId");
  m.departmentName = o.optText("departmentName");
  m.userName = o.requiredText("userName");
  m.name = o.textOr("name");
  m.remark = o.optText("remark");
  m.deleted = o.flagOr("deleted");
  m.updateTime = o.integerOr("updateTime");
  m.createTime = o.integerOr("createTime");
  return m;
}

FailedMember failedMember(const Var& v, const std::string& path) {
  const json::Obj o(v, path);
  return FailedMember{o.textOr("userName"), o.textOr("message"), o.textOr("code")};
}

int pageNumber(const Var& v, const std::string& path) {
  const std::int64_t n = json::integer(v, path);
  if (n < 0 || n > 1'000'000'000) json::fail(path, "page number out of range");
  return static_cast<int>(n);
}

// The page object `o`, its list read by readList(o, page) (into list and departmentNames): from
// the tree, or as the streaming reader decoded it.
template <class ReadList>
MemberPage memberPageOf(const json::Obj& o, ReadList readList) {
  MemberPage p;
  p.pageNum = o.smallInteger("pageNum");
  p.pageSize = o.smallInteger("pageSize");
  p.orderBy = o.optText("orderBy");
  p.startRow = o.integerOr("startRow");
  p.endRow = o.integerOr("endRow");
  p.total = o.integerOr("total");
  p.pages = o.smallInteger("pages");
  readList(o, p);
  // An answer without `size` is taken to mean the list it holds.
  p.size = o.has("size") ? o.smallInteger("size") : static_cast<int>(p.list.size());
  p.firstPage = o.smallInteger("firstPage");
  p.prePage = o.smallInteger("prePage");
  p.nextPage = o.smallInteger("nextPage");
  p.lastPage = o.smallInteger("lastPage");
  p.isFirstPage = o.flagOr("isFirstPage");
  p.isLastPage = o.flagOr("isLastPage");
  p.hasPreviousPage = o.flagOr("hasPreviousPage");
  p.hasNextPage = o.flagOr("hasNextPage");
  p.navigatePages = o.smallInteger("navigatePages");
  p.navigatepageNums = o.list("navigatepageNums", pageNumber);
  if (auto why = pageObjectProblem(p))
    json::fail("data",
               "the page object's counts do not add up: " + *why +
                   "; the member list is not read from it (a fault of the service, not of the "
                   "configuration: report it to the vendor)");
  return p;
}

void listFromTree(const json::Obj& o, MemberPage& p) {
  p.list = o.elements("list", [&p](const Var& v, const std::string& list, std::size_t index) {
    return memberListItemAt(v, list, index, p.departmentNames);
  });
}

// The list the streaming reader decoded: moved out (a page may hold thousands of members), once.
void handOver(StreamedMembers& streamed, MemberPage& p) {
  if (streamed.failure) throw json::Failure{*streamed.failure};
  p.list = std::move(streamed.items);
  p.departmentNames = std::move(streamed.departmentNames);
  streamed.failure = "the member list was handed over already";
}

}  // namespace

// Element `index` of A5's page list. Every field the spec gives a type is checked; only those
// membersync reads are kept (MemberListItem), its departmentName in the page's `names`.
MemberListItem memberListItemAt(const Var& v, const std::string& list, std::size_t index,
                                std::vector<std::string>& names) {
  const json::Obj o(v, list, index);
  MemberListItem m;
  o.checkId("id");
  o.checkId("userId");
  m.globalId = o.requiredId("globalId");
  o.checkId("enterpriseId");
  m.departmentId = o.optId("departmentId");
  names.push_back(o.textOr("departmentName"));
  m.userName = o.requiredText("userName");
  m.passwordMobile = o.optText("passwordMobile");
  m.name = o.textOr("name");
  m.assetNums = o.texts("assetNums");
  m.borrowNum = o.optText("borrowNum");
  o.checkFlag("onlineFlag");
  m.remark = o.optText("remark");
  m.deleted = o.flagOr("deleted");
  o.checkInteger("updateTime");
  o.checkInteger("createTime");
  return m;
}

Result<MemberPage> decodeMemberPage(const JsonValue* data) {
  return json::guarded<MemberPage>(Endpoint::ListMembers, [data] {
    const json::Obj o(data ? data->var : Var(), "data");
    if (data && data->memberList)  // streamed: its list decoded already
      return memberPageOf(
          o, [data](const json::Obj&, MemberPage& p) { handOver(*data->memberList, p); });
    return memberPageOf(o, listFromTree);
  });
}

Result<AddMembersResult> decodeAddMembersResult(const JsonValue* data) {
  return json::guarded<AddMembersResult>(Endpoint::AddMembers, [data] {
    const json::Obj o(data ? data->var : Var(), "data");
    AddMembersResult r;
    r.succeeded = o.list("succeeded", memberRecord);
    r.failed = o.list("failed", failedMember);
    return r;
  });
}

}  // namespace membersync::center
