// A7's product tree (spec 2.7-2.8): an answer body -> ProductTree, merchandise nested at most 64
// levels. Every product of an accepted tree is visited once, and holds a productUri key.
#include <algorithm>
#include <functional>

#include "tests/fuzz/center_answer.h"

namespace {

using membersync::center::MerchandiseNode;

int depthOf(const std::vector<MerchandiseNode>& nodes) {
  int deepest = 0;
  for (const MerchandiseNode& n : nodes) deepest = std::max(deepest, 1 + depthOf(n.children));
  return deepest;
}

std::size_t productsIn(const std::vector<MerchandiseNode>& nodes) {
  std::size_t n = 0;
  for (const MerchandiseNode& node : nodes)
    n += node.productInstanceList.size() + productsIn(node.children);
  return n;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace membersync;
  const auto env = fuzz::successfulEnvelope(center::Endpoint::ListProducts, fuzz::text(data, size));
  if (!env) return 0;
  const auto tree = center::decodeProductTree(env->data.get());
  if (!tree.ok()) {
    FUZZ_CHECK(tree.error().kind == center::ErrorKind::Protocol);
    return 0;
  }
  const center::ProductTree& t = tree.value();
  FUZZ_CHECK(depthOf(t.children) <= 64);
  std::size_t visited = 0;
  center::forEachProduct(t, [&visited](const center::ProductInstance&) { ++visited; });
  FUZZ_CHECK(visited == t.productInstanceList.size() + productsIn(t.children));
  FUZZ_CHECK(center::productUris(t).size() == visited);
  return 0;
}
