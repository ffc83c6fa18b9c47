// TEMPORARY: endpoints not written yet.
#include "tests/emulator/endpoints.h"
#include "tests/emulator/envelope.h"
namespace membersync::emulator {
Reply addMembers(Service&, const Request&) { return memberCenterError("500", "pending"); }
Reply editMember(Service&, const Request&, const Route&) { return memberCenterError("500", "pending"); }
Reply resetPassword(Service&, const Request&, const Route&) { return memberCenterError("500", "pending"); }
Reply deleteMember(Service&, const Route&) { return memberCenterError("500", "pending"); }
Reply listMembers(Service&, const Request&) { return memberCenterError("500", "pending"); }
Reply listAssets(Service&) { return memberCenterError("500", "pending"); }
Reply listProducts(Service&, const Route&) { return memberCenterError("500", "pending"); }
Reply listLocks(Service&) { return memberCenterError("500", "pending"); }
Reply configureAssets(Service&, const Request&, const Route&) { return memberCenterError("500", "pending"); }
Reply lendAssets(Service&, const Request&, const Route&) { return memberCenterError("500", "pending"); }
Reply joinActivity(Service&, const Request&) { return activityResult("1002", "pending"); }
}
