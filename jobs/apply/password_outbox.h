#pragma once

#include <string>

#include "jobs/core/secret.h"

namespace membersync::apply {

// The password outbox: a CSV (account,password,created) readable by its owner only (0600), to
// which every generated password is appended and flushed to disk BEFORE the call that sets it is
// sent, so no password is lost if the run dies. The newest line for an account is the valid one.
class PasswordOutbox {
 public:
  virtual ~PasswordOutbox() = default;
  // Appends one line and makes it durable (fsync). Throws std::runtime_error naming the file
  // when it cannot; the caller must then not send the password.
  virtual void append(const std::string& account, const Secret& password,
                      const std::string& createdIso8601) = 0;
};

// The real outbox file. Creates it 0600 with a header line; tightens a looser mode it finds.
// Thread-safe.
class FileOutbox final : public PasswordOutbox {
 public:
  explicit FileOutbox(std::string path);
  void append(const std::string& account, const Secret& password,
              const std::string& createdIso8601) override;
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

}  // namespace membersync::apply
