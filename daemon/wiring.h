#pragma once

#include "config/config.h"
#include "jobs/center/options.h"

namespace membersync::cli {

// The client's options from [center]: the one place configuration meets jobs/center.
center::ClientOptions clientOptions(const config::CenterConfig& center);

}  // namespace membersync::cli
