#pragma once

#include <Poco/JSON/Object.h>

#include "tests/emulator/model.h"
#include "tests/emulator/state.h"

// The member's three JSON shapes, with the types the spec gives each (ids are numbers in the
// A1 record and strings in the A5 list item). Internal to the endpoint sources.
namespace membersync::emulator {

Poco::JSON::Object::Ptr memberRecord(const State& state, const Member& m);    // spec 2.2
Poco::JSON::Object::Ptr memberListItem(const State& state, const Member& m);  // spec 2.3
// Everything the emulator keeps about a member (for /_emulator/state); never the password.
Poco::JSON::Object::Ptr memberInspection(const State& state, const Member& m);

}  // namespace membersync::emulator
