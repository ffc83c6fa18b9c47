#include "jobs/center/assets.h"

namespace membersync::center {
namespace {

void visitNode(const MerchandiseNode& node, const std::function<void(const ProductInstance&)>& visit) {
  for (const auto& p : node.productInstanceList) visit(p);
  for (const auto& child : node.children) visitNode(child, visit);
}

}  // namespace

void forEachProduct(const ProductTree& tree, const std::function<void(const ProductInstance&)>& visit) {
  for (const auto& p : tree.productInstanceList) visit(p);
  for (const auto& node : tree.children) visitNode(node, visit);
}

std::vector<std::string> productUris(const ProductTree& tree) {
  std::vector<std::string> uris;
  forEachProduct(tree, [&uris](const ProductInstance& p) { uris.push_back(p.productUri); });
  return uris;
}

}  // namespace membersync::center
