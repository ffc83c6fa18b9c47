// Decoders of B1's answer (spec 2.9).
#include "jobs/center/decode.h"
#include "jobs/center/json_read.h"

namespace membersync::center {
namespace {

using Var = Poco::Dynamic::Var;

GrantedProduct granted(const Var& v, const std::string& path) {
  const json::Obj o(v, path);
  GrantedProduct g;
  g.activityId = o.optId("activityId").value_or("");
  g.subActivityId = o.optId("subActivityId").value_or("");
  g.productUri = o.requiredText("productUri");
  g.limitStartDate = parseActivityDate(o.textOr("limitStartDate"));
  g.limitEndDate = parseActivityDate(o.textOr("limitEndDate"));
  g.activateType = o.optId("activateType").value_or("");
  return g;
}

ActivityUnit unit(const Var& v, const std::string& path) {
  const json::Obj o(v, path);
  ActivityUnit u;
  u.id = o.optId("id").value_or("");
  u.name = o.textOr("name");
  u.participateResult = o.flagOr("participateResult");
  u.errorCode = o.optId("errorCode").value_or("");
  u.errorMessage = o.textOr("errorMessage");
  return u;
}

ActivityEntry entry(const Var& v, const std::string& path) {
  const json::Obj o(v, path);
  ActivityEntry a;
  a.id = o.optId("id").value_or("");
  a.name = o.textOr("name");
  a.participateResult = o.flagOr("participateResult");
  a.units = o.list("engineSubActivityDtos", unit);
  return a;
}

Var whole(const Envelope& env) { return env.data ? env.data->var : Var(); }

}  // namespace

Result<EnrolResult> decodeEnrolResult(const Envelope& env) {
  return json::guarded<EnrolResult>(Endpoint::Enrol, [&env] {
    const json::Obj o(whole(env), "answer");
    EnrolResult r;
    r.resultMessage = env.message;
    if (o.has("detail")) r.products = json::Obj(o.get("detail"), o.at("detail")).list("products", granted);
    return r;
  });
}

Result<std::vector<ActivityEntry>> decodeActivityEntries(const Envelope& env) {
  return json::guarded<std::vector<ActivityEntry>>(Endpoint::Enrol, [&env] {
    return json::Obj(whole(env), "answer").list("activityDtoList", entry);
  });
}

}  // namespace membersync::center
