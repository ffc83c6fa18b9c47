#include "daemon/logging.h"

#include <cstdlib>
#include <ctime>
#include <iostream>
#include <stdexcept>
#include <utility>

#include <Poco/AutoPtr.h>
#include <Poco/ConsoleChannel.h>
#include <Poco/Exception.h>
#include <Poco/FileChannel.h>
#include <Poco/Formatter.h>
#include <Poco/FormattingChannel.h>
#include <Poco/Logger.h>
#include <Poco/Message.h>

#include "jobs/core/scrubber.h"
#include "jobs/core/text.h"

namespace membersync::daemon {
namespace {

// journald's priorities (sd-daemon.h): 3 err, 4 warning, 5 notice, 6 info, 7 debug.
int syslogPriority(Poco::Message::Priority p) {
  switch (p) {
    case Poco::Message::PRIO_FATAL:
    case Poco::Message::PRIO_CRITICAL:
      return 2;
    case Poco::Message::PRIO_ERROR:
      return 3;
    case Poco::Message::PRIO_WARNING:
      return 4;
    case Poco::Message::PRIO_NOTICE:
      return 5;
    case Poco::Message::PRIO_INFORMATION:
      return 6;
    default:
      return 7;
  }
}

const char* levelName(Poco::Message::Priority p) {
  switch (p) {
    case Poco::Message::PRIO_FATAL:
    case Poco::Message::PRIO_CRITICAL:
    case Poco::Message::PRIO_ERROR:
      return "error";
    case Poco::Message::PRIO_WARNING:
      return "warning";
    case Poco::Message::PRIO_NOTICE:
      return "notice";
    case Poco::Message::PRIO_INFORMATION:
      return "info";
    default:
      return "debug";
  }
}

// "<6>text" for journald (it stamps the time itself); "2026-03-01 10:00:00 info: text" otherwise.
// Every line passes the scrubber before it leaves. Thread-safe (the scrubber is).
class DaemonFormatter final : public Poco::Formatter {
 public:
  DaemonFormatter(bool journal, std::shared_ptr<const Scrubber> scrubber)
      : journal_(journal), scrubber_(std::move(scrubber)) {}

  void format(const Poco::Message& msg, std::string& text) override {
    const std::string body = scrubber_ ? scrubber_->scrub(msg.getText()) : msg.getText();
    if (journal_) {
      // One journal entry per line: continuation lines keep the priority.
      const std::string prefix = "<" + std::to_string(syslogPriority(msg.getPriority())) + ">";
      text = prefix;
      for (char c : body) {
        text += c;
        if (c == '\n') text += prefix;
      }
      return;
    }
    text = localTimeText(std::chrono::system_clock::now()) + " " +
           levelName(msg.getPriority()) + ": " + body;
  }

 private:
  const bool journal_;
  const std::shared_ptr<const Scrubber> scrubber_;
};

Poco::Logger& logger() {
  return Poco::Logger::get("membersync");
}

int pocoLevel(const std::string& level) {
  if (level == "error") return Poco::Message::PRIO_ERROR;
  if (level == "warning") return Poco::Message::PRIO_WARNING;
  if (level == "notice") return Poco::Message::PRIO_NOTICE;
  if (level == "debug") return Poco::Message::PRIO_DEBUG;
  return Poco::Message::PRIO_INFORMATION;  // "info", the default
}

}  // namespace

bool stderrIsJournal() {
  const char* stream = std::getenv("JOURNAL_STREAM");
  return stream && *stream;
}

void setUpLogging(const LogSettings& settings) {
  Poco::AutoPtr<DaemonFormatter> f(
      new DaemonFormatter(settings.journal && settings.file.empty(), settings.scrubber));
  Poco::AutoPtr<Poco::Channel> sink;
  if (settings.file.empty()) {
    sink = new Poco::ConsoleChannel;  // std::clog: stderr
  } else {
    Poco::AutoPtr<Poco::FileChannel> file(new Poco::FileChannel(settings.file));
    file->setProperty("rotation", "10 M");
    file->setProperty("archive", "number");
    file->setProperty("purgeCount", "5");
    file->setProperty("flush", "true");
    try {
      file->open();
    } catch (const Poco::Exception& e) {
      throw std::runtime_error("cannot open the log file " + settings.file + ": " +
                               e.displayText());
    }
    sink = file;
  }
  Poco::AutoPtr<Poco::FormattingChannel> channel(new Poco::FormattingChannel(f, sink));
  logger().setChannel(channel);
  logger().setLevel(pocoLevel(settings.level));
}

void updateLogging(const std::string& level) { logger().setLevel(pocoLevel(level)); }

void log(LogLevel level, const std::string& message) {
  auto& l = logger();
  switch (level) {
    case LogLevel::Error:
      l.error(message);
      break;
    case LogLevel::Warning:
      l.warning(message);
      break;
    case LogLevel::Notice:
      l.notice(message);
      break;
    case LogLevel::Info:
      l.information(message);
      break;
    case LogLevel::Debug:
      l.debug(message);
      break;
  }
}

void flushLog() {
  std::clog.flush();
}

}  // namespace membersync::daemon
