#pragma once

#include <optional>

#include "jobs/center/result.h"

namespace membersync::center {

// A caller's bound on its calls in flight (CallSpec::slots). An attempt holds one slot from just
// before its request leaves until its answer, or its failure, is in: building the request, reading
// the answer and a retry's backoff all happen outside it, so the slots stay on the wire.
class CallSlots {
 public:
  virtual ~CallSlots() = default;
  // Waits for a free slot and takes it. An error instead: the request must not go after all
  // (the run is stopping); the attempt ends with that error, nothing sent and no slot held.
  virtual std::optional<Error> take() = 0;
  // Gives back the slot the last successful take() handed out.
  virtual void give() = 0;
};

}  // namespace membersync::center
