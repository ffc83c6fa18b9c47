#pragma once

#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "config/config.h"
#include "daemon/approve.h"
#include "daemon/console/auth/sessions.h"
#include "daemon/console/auth/users_file.h"
#include "daemon/console/http.h"
#include "daemon/console/page.h"
#include "jobs/core/clock.h"
#include "jobs/core/random_source.h"
#include "jobs/i18n/translator.h"
#include "jobs/state/sqlite_store.h"

namespace membersync::console {

// What the console works with, passed in: the tests give a ManualClock, a fixed random source,
// a state database of their own and approvals that record what they were asked.
struct ConsoleDeps {
  const config::Config& config;
  const Clock& clock;
  RandomSource& random;
  // The state database, opened for one request (a page reads it inside one read transaction).
  std::function<std::unique_ptr<state::SqliteStore>()> openStore;
  // `membersync allow RUN` for an approver (cli::approveRun: the state lock without waiting).
  std::function<cli::ApproveResult(long long run, const cli::Actor& actor)> approve;
  // Records an entry in the state's audit (and the caller logs it).
  std::function<void(const state::AuditEntry& entry)> audit;
  std::function<void(const std::string& line)> log;
};

// The console's logic over plain requests: the static files, sign-in and sign-out, sessions,
// CSRF and Origin checks, the pages (routes.cpp), Approve, and the security headers on every
// answer. Thread-safe: the server calls handle() from its threads.
class ConsoleApp {
 public:
  // `tls`: served over HTTPS (cookies Secure, HSTS).
  ConsoleApp(ConsoleDeps deps, bool tls);

  // The origins a POST may come from (its Origin header, when present): the listen address as
  // bound and [console] public_url's. Call before serving.
  void allowOrigins(std::vector<std::string> origins);

  HttpResponse handle(const HttpRequest& request);

 private:
  struct Signed {  // the request's session, when it has a live one
    Session session;
    const ConsoleUser* user = nullptr;
    std::shared_ptr<const std::vector<ConsoleUser>> users;  // keeps `user` alive
  };
  std::optional<Signed> signedIn(const HttpRequest& request);
  bool fromOurPages(const HttpRequest& request) const;
  HttpResponse handlePost(const HttpRequest& request, const std::optional<Signed>& who);
  HttpResponse signIn(const HttpRequest& request);
  HttpResponse signOut(const HttpRequest& request, const Signed& who);
  HttpResponse approve(const HttpRequest& request, const Signed& who, const std::string& run);
  HttpResponse loginPage(const HttpRequest& request, int status, const std::string& problem);
  HttpResponse page(const HttpRequest& request, const Signed& who);
  HttpResponse chooseLanguage(const HttpRequest& request) const;
  HttpResponse staticFile(const std::string& path) const;
  HttpResponse rendered(const HttpRequest& request, int status, const std::string& templateName,
                        mstch::map data, const std::string& title, const Signed* who);
  // The request's Translator: the `lang` cookie, else Accept-Language, else English.
  const i18n::Translator& translator(const HttpRequest& request) const;
  std::string cookie(const std::string& name, const std::string& value, bool expire = false) const;
  void record(const state::AuditEntry& entry);
  std::string takeNotice(const std::string& sessionId);
  void finish(HttpResponse& response, bool personalData) const;

  ConsoleDeps deps_;
  // One Translator per language, made once; each request picks its own (no global language).
  i18n::Translator english_;
  i18n::Translator chinese_;
  bool tls_;
  bool secureCookies_;
  std::vector<std::string> origins_;
  UsersWatch users_;
  Sessions sessions_;
  Throttle throttle_;
  std::mutex noticesMutex_;
  std::map<std::string, std::string> notices_;  // by session id: shown on its next page
};

// "/runs?x" is kept; anything that is not a local path ("//evil", "https://...") becomes "/".
std::string localNext(const std::string& next);

}  // namespace membersync::console
