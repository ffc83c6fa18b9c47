#pragma once

#include <string>

namespace membersync::emulator {

// SHA-256 of a member password as lower-case hex. The emulator keeps only this, and
// /_emulator/state shows only this, so a test can check which password was set without the
// password itself ever being stored or echoed.
std::string passwordDigest(const std::string& password);

}  // namespace membersync::emulator
