#pragma once

// Internal to jobs/center's decoders (includes Poco: .cpp files only): the pieces the tree
// decoders and the streaming readers of A5 and A6 (stream_members.cpp, stream_assets.cpp) share,
// so both ways give the same results and the same error texts.

#include <optional>
#include <string>
#include <vector>

#include "jobs/center/decode.h"
#include "jobs/center/json_read.h"

namespace membersync::center {

// The envelope of a member-center answer (envelope.cpp): code, message, cause, data and args.
Envelope envelopeOf(const json::Obj& answer);
// One of `data`'s template arguments; nullopt for anything but a string or a number.
std::optional<std::string> templateArg(const Poco::Dynamic::Var& v);

// One element of A6's data (decode_assets.cpp).
AssetNumber assetNumberAt(const Poco::Dynamic::Var& v, const std::string& path);

// Element `index` of A5's page list, at `list` ("data.list"), its departmentName added to
// `names` (decode_members.cpp).
MemberListItem memberListItemAt(const Poco::Dynamic::Var& v, const std::string& list,
                                std::size_t index, std::vector<std::string>& names);

}  // namespace membersync::center
