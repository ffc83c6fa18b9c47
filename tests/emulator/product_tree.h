#pragma once

#include <cstdint>
#include <string>

#include "tests/emulator/fixture_node.h"

namespace membersync::emulator {

// What the product tree of one asset inherits from the asset, and the id counter shared by all
// trees of a fixture (ids are unique across it).
struct ProductTreeContext {
  std::string assetNum;
  std::string assetId;
  std::string customerId;
  std::int64_t nextId = 0;
};

// Turns an asset's compact fixture tree ({"productInstanceList": [...], "children": [...]},
// both optional; `products` may be null for an asset without products) into the A7 answer's
// data as JSON text, with every field of spec sections 2.7 and 2.8 present. Fails through
// FixtureNode::fail on a bad tree.
std::string buildProductTree(const FixtureNode* products, ProductTreeContext& context);

}  // namespace membersync::emulator
