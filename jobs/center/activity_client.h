#pragma once

#include "jobs/center/activity.h"
#include "jobs/center/result.h"
#include "jobs/center/session.h"

namespace membersync::center {

// The activity service (B1). Thread-safe; the Session must outlive it.
class ActivityClient {
 public:
  explicit ActivityClient(Session& session);

  // Enrols `request.identity` in the activity. Ok: the products granted. Failed: a typed error;
  // for 3002 error().activities lists the activities and units with their reasons. Unknown when
  // the request may have reached the service and no answer came: B1 has no read call, so the
  // caller records it as unknown and never re-sends it on its own.
  Result<EnrolResult> enrol(const EnrolRequest& request);

 private:
  Session& session_;
};

}  // namespace membersync::center
