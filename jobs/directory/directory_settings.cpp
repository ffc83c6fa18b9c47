#include "jobs/directory/directory_settings.h"

namespace membersync::directory {

const std::vector<std::string>& DirectorySettings::fields() {
  static const std::vector<std::string> kFields{"employee_id", "account", "name",  "department",
                                                "remark",      "mobile",  "status"};
  return kFields;
}

}  // namespace membersync::directory
