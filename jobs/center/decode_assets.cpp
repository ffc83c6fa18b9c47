// Decoders of A6's, A7's and A8's data (spec 2.5-2.8).
#include "jobs/center/decode.h"
#include "jobs/center/decode_parts.h"
#include "jobs/center/json_read.h"

namespace membersync::center {
namespace {

using Var = Poco::Dynamic::Var;
constexpr int kMaxDepth = 64;  // merchandise nesting accepted before the answer is refused

BorrowedLock borrowedLock(const Var& v, const std::string& path) {
  const json::Obj o(v, path);
  BorrowedLock l;
  l.assetId = o.requiredId("assetId");
  l.assetNum = o.requiredText("assetNum");
  l.borrowedFlag = o.flagOr("borrowedFlag");
  l.cloudAccountGlobalId = o.optId("cloudAccountGlobalId");
  return l;
}

ProductInstance product(const Var& v, const std::string& path) {
  const json::Obj o(v, path);
  ProductInstance p;
  p.id = o.optId("id").value_or("");
  p.licenseType = o.textOr("licenseType");
  p.customerId = o.optId("customerId").value_or("");
  p.assetId = o.optId("assetId");
  p.assetInsId = o.optId("assetInsId");
  p.merchandiseInsId = o.optId("merchandiseInsId");
  p.assetNum = o.optText("assetNum");
  p.productUri = o.requiredText("productUri");
  p.gmsPid = o.textOr("gmsPid");
  p.appKey = o.textOr("appKey");
  p.productName = o.textOr("productName");
  p.channelCode = o.textOr("channelCode");
  p.licenseOrderId = o.optId("licenseOrderId").value_or("");
  p.channelOrderId = o.optId("channelOrderId").value_or("");
  p.limitStartTime = o.integerOr("limitStartTime");
  p.limitEndTime = o.integerOr("limitEndTime");
  p.limitAmount = o.integerOr("limitAmount");
  p.limitConcurrent = o.integerOr("limitConcurrent");
  p.limitTimeDuration = o.integerOr("limitTimeDuration");
  p.trial = static_cast<int>(o.integerOr("trial"));
  p.trialEndDate = o.optInteger("trialEndDate");
  p.limitType = o.textOr("limitType");
  p.prodDefExtend = o.flagOr("prodDefExtend");
  p.timeDurationExpression = o.optText("timeDurationExpression");
  p.srcLicenseOrderId = o.optId("srcLicenseOrderId");
  p.createTime = o.integerOr("createTime");
  p.updateTime = o.optInteger("updateTime");
  p.activateFlag = o.flagOr("activateFlag");
  p.crmProductId = o.optId("crmProductId").value_or("");
  p.productExtendInstancesJson =
      o.list("productExtendInstanceList", [](const Var& e, const std::string&) { return json::toJsonText(e); });
  return p;
}

MerchandiseNode merchandise(const Var& v, const std::string& path, int depth) {
  if (depth > kMaxDepth) json::fail(path, "merchandise nested deeper than 64 levels");
  const json::Obj o(v, path);
  MerchandiseNode m;
  m.id = o.optId("id").value_or("");
  m.licenseType = o.textOr("licenseType");
  m.merchandiseNum = o.textOr("merchandiseNum");
  m.merchandiseName = o.textOr("merchandiseName");
  m.parentId = o.optId("parentId");
  m.parentMerchandiseNum = o.textOr("parentMerchandiseNum");
  m.customerId = o.optId("customerId").value_or("");
  m.licenseOrderId = o.optId("licenseOrderId").value_or("");
  m.channelOrderId = o.optId("channelOrderId").value_or("");
  m.createTime = o.integerOr("createTime");
  m.updateTime = o.optInteger("updateTime");
  m.channelCode = o.textOr("channelCode");
  m.timeDurationExpression = o.optText("timeDurationExpression");
  m.srcLicenseOrderId = o.optId("srcLicenseOrderId");
  m.children = o.list("children", [depth](const Var& c, const std::string& p) {
    return merchandise(c, p, depth + 1);
  });
  m.productInstanceList = o.list("productInstanceList", product);
  return m;
}

// `data` must be an array (null: empty).
template <class F>
auto arrayData(const JsonValue* data, F decode) {
  return json::eachOf(data ? data->var : Var(), "data", decode);
}

}  // namespace

AssetNumber assetNumberAt(const Var& v, const std::string& path) {
  const json::Obj o(v, path);
  AssetNumber a;
  a.assetNum = o.requiredText("assetNum");
  a.assetId = o.requiredId("assetId");
  a.cloudAccountGlobalId = o.optId("cloudAccountGlobalId");
  a.borrowedFlag = o.flagOr("borrowedFlag");
  a.onlineFlag = o.flagOr("onlineFlag");
  return a;
}

Result<std::vector<AssetNumber>> decodeAssetNumbers(const JsonValue* data) {
  if (data && data->assetNumbers) {  // streamed: decoded already
    Result<std::vector<AssetNumber>> decoded = std::move(*data->assetNumbers);
    data->assetNumbers = Result<std::vector<AssetNumber>>::failure(
        makeError(Endpoint::ListAssetNumbers, ErrorKind::Protocol,
                  "the asset numbers were handed over already"));
    return decoded;
  }
  return json::guarded<std::vector<AssetNumber>>(Endpoint::ListAssetNumbers,
                                                 [data] { return arrayData(data, assetNumberAt); });
}

Result<std::vector<BorrowedLock>> decodeBorrowedLocks(const JsonValue* data) {
  return json::guarded<std::vector<BorrowedLock>>(Endpoint::ListBorrowedLocks,
                                                  [data] { return arrayData(data, borrowedLock); });
}

Result<ProductTree> decodeProductTree(const JsonValue* data) {
  return json::guarded<ProductTree>(Endpoint::ListProducts, [data] {
    ProductTree tree;
    if (!data) return tree;  // an asset without products
    const json::Obj o(data->var, "data");
    tree.productInstanceList = o.list("productInstanceList", product);
    tree.children = o.list("children", [](const Var& c, const std::string& p) {
      return merchandise(c, p, 1);
    });
    return tree;
  });
}

}  // namespace membersync::center
