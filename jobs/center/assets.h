#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace membersync::center {

// An enterprise asset number (A6, spec 2.5).
struct AssetNumber {
  std::string assetNum;
  std::string assetId;
  std::optional<std::string> cloudAccountGlobalId;  // the member it is assigned to
  bool borrowedFlag = false;
  bool onlineFlag = false;
};

// A borrowed (hardware) lock (A8, spec 2.6).
struct BorrowedLock {
  std::string assetId;
  std::string assetNum;  // the lock number A10 takes
  bool borrowedFlag = false;
  std::optional<std::string> cloudAccountGlobalId;  // the member it is lent to
};

// A product instance (spec 2.7). Times are epoch milliseconds, 0 when absent.
struct ProductInstance {
  std::string id;
  std::string licenseType;
  std::string customerId;
  std::optional<std::string> assetId;
  std::optional<std::string> assetInsId;
  std::optional<std::string> merchandiseInsId;
  std::optional<std::string> assetNum;
  std::string productUri;
  std::string gmsPid;
  std::string appKey;
  std::string productName;
  std::string channelCode;
  std::string licenseOrderId;
  std::string channelOrderId;
  std::int64_t limitStartTime = 0;
  std::int64_t limitEndTime = 0;
  std::int64_t limitAmount = 0;
  std::int64_t limitConcurrent = 0;
  std::int64_t limitTimeDuration = 0;
  int trial = 0;  // 1 trial, 0 not
  std::optional<std::int64_t> trialEndDate;
  std::string limitType;  // "basic" or "feature"
  bool prodDefExtend = false;
  std::optional<std::string> timeDurationExpression;
  std::optional<std::string> srcLicenseOrderId;
  std::int64_t createTime = 0;
  std::optional<std::int64_t> updateTime;
  bool activateFlag = false;
  std::string crmProductId;
  std::vector<std::string> productExtendInstancesJson;  // element fields unspecified: JSON text
};

// A merchandise node (spec 2.8); nests through `children`.
struct MerchandiseNode {
  std::string id;
  std::string licenseType;
  std::string merchandiseNum;
  std::string merchandiseName;
  std::optional<std::string> parentId;
  std::string parentMerchandiseNum;
  std::string customerId;
  std::string licenseOrderId;
  std::string channelOrderId;
  std::int64_t createTime = 0;
  std::optional<std::int64_t> updateTime;
  std::string channelCode;
  std::optional<std::string> timeDurationExpression;
  std::optional<std::string> srcLicenseOrderId;
  std::vector<MerchandiseNode> children;              // null on the wire: empty
  std::vector<ProductInstance> productInstanceList;  // null on the wire: empty
};

// What A7 returns for one asset: top-level products and the merchandise tree.
struct ProductTree {
  std::vector<ProductInstance> productInstanceList;
  std::vector<MerchandiseNode> children;
};

// Calls `visit` for every product of the tree: the top level first, then each merchandise node's
// products depth first, at any depth.
void forEachProduct(const ProductTree& tree, const std::function<void(const ProductInstance&)>& visit);

// Every productUri in the tree, in forEachProduct order (duplicates kept).
std::vector<std::string> productUris(const ProductTree& tree);

}  // namespace membersync::center
