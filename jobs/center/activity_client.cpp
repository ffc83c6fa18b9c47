#include "jobs/center/activity_client.h"

#include "jobs/center/decode.h"
#include "jobs/center/encode.h"

namespace membersync::center {

ActivityClient::ActivityClient(Session& session) : session_(session) {}

Result<EnrolResult> ActivityClient::enrol(const EnrolRequest& request) {
  CallSpec s;
  s.endpoint = Endpoint::Enrol;
  s.method = "POST";
  s.path = "/activity/services/activity";
  s.body = encodeEnrol(request);
  return session_.callActivity<EnrolResult>(s, [](const Envelope& e) { return decodeEnrolResult(e); });
}

}  // namespace membersync::center
