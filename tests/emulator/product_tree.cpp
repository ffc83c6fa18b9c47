#include "tests/emulator/product_tree.h"

#include <sstream>

#include <Poco/JSON/Array.h>
#include <Poco/JSON/Object.h>

namespace membersync::emulator {
namespace {

using Poco::Dynamic::Var;
using Poco::JSON::Array;
using Poco::JSON::Object;

// Fixed timestamps (2026-01-01 and 2027-01-01 UTC, in ms), so the answers are reproducible.
constexpr std::int64_t kLicenceStart = 1767225600000;
constexpr std::int64_t kLicenceEnd = 1798761600000;

Object::Ptr newObject() {
  return new Object(Poco::JSON_PRESERVE_KEY_ORDER);
}

// Where a product instance sits: directly under the asset, or inside a merchandise node.
struct Placement {
  const ProductTreeContext* asset;
  std::int64_t merchandiseId = 0;  // 0 = top level
};

Object::Ptr productInstance(const FixtureNode& p, const Placement& where, std::int64_t& nextId) {
  p.allowOnly({"id", "productUri", "productName", "licenseType", "limitConcurrent", "limitAmount",
               "limitTimeDuration", "trial", "trialEndDate", "limitType", "activateFlag",
               "limitStartTime", "limitEndTime", "crmProductId"});
  const ProductTreeContext& asset = *where.asset;
  const bool topLevel = where.merchandiseId == 0;
  const std::int64_t n = nextId++;
  const std::string uri = p.at("productUri").nonEmptyString();
  const std::int64_t trial = p.integer("trial", 0);
  if (trial != 0 && trial != 1) p.at("trial").fail("must be 0 or 1");
  const std::string limitType = p.string("limitType", "basic");
  if (limitType != "basic" && limitType != "feature") p.at("limitType").fail("basic or feature");

  Object::Ptr o = newObject();
  // The spec types this id "long/string": top-level instances carry numbers and nested ones
  // strings, so a client has to accept both. A fixture may set either explicitly.
  if (p.has("id")) {
    o->set("id", p.at("id").isString() ? Var(p.at("id").string()) : Var(p.at("id").integer()));
  } else {
    o->set("id", topLevel ? Var(n) : Var(std::to_string(n)));
  }
  o->set("licenseType", p.string("licenseType", "subscription"));
  o->set("customerId", asset.customerId);
  o->set("assetId", asset.assetId);
  o->set("assetInsId", topLevel ? Var("AI-" + asset.assetId) : Var());
  o->set("merchandiseInsId", topLevel ? Var() : Var(where.merchandiseId));
  o->set("assetNum", topLevel ? Var(asset.assetNum) : Var());
  o->set("productUri", uri);
  o->set("gmsPid", "GMS-" + std::to_string(n));
  o->set("appKey", "app-" + std::to_string(n));
  o->set("productName", p.string("productName", uri));
  o->set("channelCode", "DIRECT");
  o->set("licenseOrderId", "LO-" + asset.assetNum);
  o->set("channelOrderId", "CO-" + asset.assetNum);
  o->set("limitStartTime", p.integer("limitStartTime", kLicenceStart));
  o->set("limitEndTime", p.integer("limitEndTime", kLicenceEnd));
  o->set("limitAmount", p.integer("limitAmount", 0));
  o->set("limitConcurrent", p.integer("limitConcurrent", 1));
  o->set("limitTimeDuration", p.integer("limitTimeDuration", 0));
  o->set("trial", trial);
  o->set("trialEndDate", p.has("trialEndDate") ? Var(p.at("trialEndDate").integer()) : Var());
  o->set("limitType", limitType);
  o->set("prodDefExtend", false);
  o->set("timeDurationExpression", Var());
  o->set("srcLicenseOrderId", Var());
  o->set("createTime", kLicenceStart);
  o->set("updateTime", Var());
  o->set("activateFlag", p.boolean("activateFlag", true));
  o->set("crmProductId", p.string("crmProductId", "CRM-" + uri));
  o->set("productExtendInstanceList", Array::Ptr(new Array));
  return o;
}

Object::Ptr merchandiseNode(const FixtureNode& m, const ProductTreeContext& asset,
                            const Object* parent, ProductTreeContext& counter);

// Nodes and instance lists that are absent come out as null, as the spec allows.
Var productList(const FixtureNode& owner, const Placement& where, std::int64_t& nextId) {
  if (!owner.has("productInstanceList")) return Var();
  Array::Ptr list = new Array;
  for (const FixtureNode& p : owner.at("productInstanceList").items()) {
    list->add(productInstance(p, where, nextId));
  }
  return list;
}

Var childList(const FixtureNode& owner, const ProductTreeContext& asset, const Object* parent,
              ProductTreeContext& counter) {
  if (!owner.has("children")) return Var();
  Array::Ptr list = new Array;
  for (const FixtureNode& child : owner.at("children").items()) {
    list->add(merchandiseNode(child, asset, parent, counter));
  }
  return list;
}

Object::Ptr merchandiseNode(const FixtureNode& m, const ProductTreeContext& asset,
                            const Object* parent, ProductTreeContext& counter) {
  m.allowOnly({"id", "merchandiseNum", "merchandiseName", "licenseType", "productInstanceList",
               "children"});
  const std::int64_t id = m.has("id") ? m.at("id").integer() : counter.nextId++;
  const std::string num = m.at("merchandiseNum").nonEmptyString();
  Object::Ptr o = newObject();
  o->set("id", id);
  o->set("licenseType", m.string("licenseType", "subscription"));
  o->set("merchandiseNum", num);
  o->set("merchandiseName", m.string("merchandiseName", num));
  o->set("parentId", parent ? parent->get("id") : Var());
  o->set("parentMerchandiseNum", parent ? parent->get("merchandiseNum") : Var(std::string()));
  o->set("customerId", asset.customerId);
  o->set("licenseOrderId", "LO-" + asset.assetNum);
  o->set("channelOrderId", "CO-" + asset.assetNum);
  o->set("createTime", kLicenceStart);
  o->set("updateTime", Var());
  o->set("channelCode", "DIRECT");
  o->set("timeDurationExpression", Var());
  o->set("srcLicenseOrderId", Var());
  o->set("children", childList(m, asset, o.get(), counter));
  o->set("productInstanceList", productList(m, Placement{&asset, id}, counter.nextId));
  return o;
}

}  // namespace

std::string buildProductTree(const FixtureNode* products, ProductTreeContext& context) {
  Object::Ptr data = newObject();
  Array::Ptr top = new Array;
  Array::Ptr children = new Array;
  if (products != nullptr) {
    products->allowOnly({"productInstanceList", "children"});
    for (const FixtureNode& p : products->items("productInstanceList")) {
      top->add(productInstance(p, Placement{&context, 0}, context.nextId));
    }
    for (const FixtureNode& m : products->items("children")) {
      children->add(merchandiseNode(m, context, nullptr, context));
    }
  }
  data->set("productInstanceList", top);
  data->set("children", children);
  std::ostringstream out;
  data->stringify(out);
  return out.str();
}

}  // namespace membersync::emulator
