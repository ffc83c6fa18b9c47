#pragma once

#include "tests/emulator/http_types.h"
#include "tests/emulator/router.h"
#include "tests/emulator/service.h"

// The endpoints. Each runs under the Emulator's mutex, after the gates in auth.h, and returns
// the complete answer. A write that changed (or confirmed) state sets Reply::committed.
namespace membersync::emulator {

Reply tokenEndpoint(Service& service, const Request& request);  // POST /uc/oauth/token

Reply addMembers(Service& service, const Request& request);                         // A1
Reply editMember(Service& service, const Request& request, const Route& route);     // A2
Reply resetPassword(Service& service, const Request& request, const Route& route);  // A3
Reply deleteMember(Service& service, const Route& route);                           // A4
Reply listMembers(Service& service, const Request& request);                        // A5

Reply listAssets(Service& service);                                                   // A6
Reply listProducts(Service& service, const Route& route);                             // A7
Reply listLocks(Service& service);                                                    // A8
Reply configureAssets(Service& service, const Request& request, const Route& route);  // A9
Reply lendAssets(Service& service, const Request& request, const Route& route);       // A10

Reply joinActivity(Service& service, const Request& request);  // B1

Reply stateSnapshot(const Service& service);  // GET /_emulator/state
Reply statsSnapshot(const Service& service);  // GET /_emulator/stats

}  // namespace membersync::emulator
