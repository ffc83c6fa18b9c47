#include "jobs/center/member_center_client.h"

#include "jobs/center/decode.h"
#include "jobs/center/encode.h"
#include "jobs/center/error_codes.h"

namespace membersync::center {
namespace {

constexpr std::size_t kMaxMembersPerAdd = 100;

Status noData(const Envelope&) { return Status::success({}); }

CallSpec spec(Endpoint endpoint, const char* method, std::string path,
              std::optional<std::string> body = std::nullopt) {
  CallSpec s;
  s.endpoint = endpoint;
  s.method = method;
  s.path = std::move(path);
  s.body = std::move(body);
  return s;
}

std::string memberPath(const std::string& memberGlobalId) {
  return "/me/api/v1/enterprise/member/" + escapePathSegment(memberGlobalId);
}

}  // namespace

MemberCenterClient::MemberCenterClient(Session& session) : session_(session) {}

std::string MemberCenterClient::enterprisePath() const {
  return "/me/api/v1/enterprise/" + escapePathSegment(session_.options().enterpriseGlobalId);
}

Result<AddMembersResult> MemberCenterClient::addMembers(const std::vector<NewMember>& members,
                                                       CallSlots* slots) {
  if (members.size() > kMaxMembersPerAdd) {
    return Result<AddMembersResult>::failure(
        makeError(Endpoint::AddMembers, ErrorKind::BadInput,
                  "at most 100 members per call, " + std::to_string(members.size()) +
                      " were given; nothing was sent",
                  0, "60013"));
  }
  auto body = encodeAddMembers(members);
  if (!body.ok()) return Result<AddMembersResult>::carry(body);
  CallSpec s = spec(Endpoint::AddMembers, "POST", enterprisePath() + "/member", body.value());
  s.acceptPartial = true;
  s.slots = slots;
  for (const NewMember& m : members) s.secrets.push_back(m.password);
  return session_.callMemberCenter<AddMembersResult>(
      s, [](const Envelope& e) { return decodeAddMembersResult(e.data.get()); });
}

Status MemberCenterClient::editMember(const std::string& memberGlobalId, const MemberEdit& edit) {
  auto body = encodeMemberEdit(edit);
  if (!body.ok()) return Status::carry(body);
  return session_.callMemberCenter<Done>(
      spec(Endpoint::EditMember, "PUT", enterprisePath() + "/member/" + escapePathSegment(memberGlobalId),
           body.value()),
      noData);
}

Status MemberCenterClient::resetPassword(const std::string& memberGlobalId, const Secret& password,
                                         CallSlots* slots) {
  CallSpec s = spec(Endpoint::ResetPassword, "PUT",
                    enterprisePath() + "/member/" + escapePathSegment(memberGlobalId) + "/resetPassword",
                    encodeResetPassword(password));
  s.secrets = {password};
  s.slots = slots;
  return session_.callMemberCenter<Done>(s, noData);
}

Status MemberCenterClient::deleteMember(const std::string& memberGlobalId) {
  return session_.callMemberCenter<Done>(
      spec(Endpoint::DeleteMember, "DELETE", enterprisePath() + "/member/" + escapePathSegment(memberGlobalId)),
      noData);
}

Result<MemberPage> MemberCenterClient::listMembersPage(int pageNum, const MemberFilter& filter,
                                                      int pageSize, bool once) {
  CallSpec s = spec(Endpoint::ListMembers, "GET", enterprisePath() + "/members");
  s.once = once;
  s.query = {{"pageNum", std::to_string(pageNum)},
             {"pageSize", std::to_string(pageSize > 0 ? pageSize : session_.options().pageSize)}};
  if (filter.departmentId) s.query.emplace_back("departmentId", *filter.departmentId);
  if (filter.keyword) s.query.emplace_back("keyword", *filter.keyword);
  return session_.callMemberCenter<MemberPage>(
      s, [](const Envelope& e) { return decodeMemberPage(e.data.get()); });
}

Result<std::vector<AssetNumber>> MemberCenterClient::listAssetNumbers() {
  return session_.callMemberCenter<std::vector<AssetNumber>>(
      spec(Endpoint::ListAssetNumbers, "GET", enterprisePath() + "/asset/assetNums"),
      [](const Envelope& e) { return decodeAssetNumbers(e.data.get()); });
}

Result<ProductTree> MemberCenterClient::listProducts(const std::string& assetId) {
  return session_.callMemberCenter<ProductTree>(
      spec(Endpoint::ListProducts, "GET",
           "/me/api/v1/enterprise/asset/" + escapePathSegment(assetId) + "/merchandiseProducts"),
      [](const Envelope& e) { return decodeProductTree(e.data.get()); });
}

Result<std::vector<BorrowedLock>> MemberCenterClient::listBorrowedLocks() {
  return session_.callMemberCenter<std::vector<BorrowedLock>>(
      spec(Endpoint::ListBorrowedLocks, "GET", enterprisePath() + "/asset/borrowUsbKeys"),
      [](const Envelope& e) { return decodeBorrowedLocks(e.data.get()); });
}

Status MemberCenterClient::configureAssets(const std::string& memberGlobalId,
                                           const std::vector<std::string>& deleteAssets,
                                           const std::vector<std::string>& addAssets) {
  return session_.callMemberCenter<Done>(
      spec(Endpoint::ConfigureAssets, "POST", memberPath(memberGlobalId) + "/privileges",
           encodeConfigureAssets(deleteAssets, addAssets)),
      noData);
}

Status MemberCenterClient::lendAssets(const std::string& memberGlobalId, const std::string& lockNumber,
                                      const std::vector<std::string>& assetIds) {
  return session_.callMemberCenter<Done>(
      spec(Endpoint::LendAssets, "POST", memberPath(memberGlobalId) + "/borrow",
           encodeLendAssets(lockNumber, assetIds)),
      noData);
}

}  // namespace membersync::center
