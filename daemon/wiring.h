#pragma once

#include "config/config.h"
#include "jobs/center/options.h"

namespace membersync::cli {

// The client's options from [center]: the one place configuration meets jobs/center.
center::ClientOptions clientOptions(const config::CenterConfig& center);

// A member's account: its userName without the enterprise suffix (compared case-insensitively);
// a userName without the suffix is returned whole.
std::string accountOf(const std::string& userName, const std::string& expandedSuffix);

}  // namespace membersync::cli
