#include "daemon/console/console_app.h"

#include <algorithm>
#include <exception>

#include "daemon/console/auth/password_hash.h"
#include "daemon/console/html_text.h"
#include "daemon/console/language.h"
#include "daemon/console/pages/run_rows.h"
#include "daemon/console/render.h"
#include "daemon/console/resources.h"
#include "daemon/console/routes.h"
#include "jobs/core/text.h"
#include "jobs/i18n/translator.h"

namespace membersync::console {
namespace {

using i18n::format;

constexpr const char* kSessionCookie = "msid";
constexpr const char* kPreSessionCookie = "mspre";

std::string percentEncoded(const std::string& text) {
  static const char* kHex = "0123456789ABCDEF";
  std::string out;
  for (const unsigned char c : text) {
    const bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                       c == '/' || c == '-' || c == '_' || c == '.';
    if (plain) {
      out += static_cast<char>(c);
    } else {
      out += '%';
      out += kHex[c >> 4];
      out += kHex[c & 15];
    }
  }
  return out;
}

std::string valueOf(const std::map<std::string, std::string>& m, const std::string& key) {
  const auto it = m.find(key);
  return it == m.end() ? "" : it->second;
}

// A token as Sessions::newToken makes them: 64 hex digits.
bool wellFormedToken(const std::string& token) {
  return token.size() == 64 && token.find_first_not_of("0123456789abcdef") == std::string::npos;
}

HttpResponse plain(int status, const std::string& text) {
  HttpResponse r;
  r.status = status;
  r.contentType = "text/plain; charset=utf-8";
  r.body = text + "\n";
  return r;
}

HttpResponse redirect(const std::string& to) {
  HttpResponse r;
  r.status = 303;
  r.set("Location", to);
  return r;
}

std::string stampOf(const ConsoleUser& u) {
  return std::string(toString(u.role)) + ":" + u.hash;
}

std::string contentTypeOf(const std::string& name) {
  const auto dot = name.rfind('.');
  const std::string ext = dot == std::string::npos ? "" : name.substr(dot + 1);
  if (ext == "css") return "text/css; charset=utf-8";
  if (ext == "svg") return "image/svg+xml";
  if (ext == "png") return "image/png";
  if (ext == "ico") return "image/x-icon";
  return "application/octet-stream";
}

// "Released 60 held items; the next sync carries them out.", with the enrolments in doubt.
std::string releasedNotice(const i18n::Translator& tr, const cli::ApproveResult& r) {
  // cli::approveHeldRun says "the next sync" (in English) or a revert command, shown as it is.
  const bool nextSync = r.carriesOut.empty() || r.carriesOut == "the next sync";
  const std::string carriesOut = nextSync ? tr.tr("the next sync") : r.carriesOut;
  if (r.enrolments.empty())
    return format(tr.trn("Released {count} held item; {who} carries them out.",
                         "Released {count} held items; {who} carries them out.", r.released),
                  {{"count", std::to_string(r.released)}, {"who", carriesOut}});
  return format(tr.trn("Released {count} held item and {enrolments} enrolment(s) in doubt; {who} "
                       "carries them out.",
                       "Released {count} held items and {enrolments} enrolment(s) in doubt; {who} "
                       "carries them out.",
                       r.released),
                {{"count", std::to_string(r.released)},
                 {"enrolments", std::to_string(r.enrolments.size())},
                 {"who", carriesOut}});
}

// The layout's words: the navigation and the sign-out button.
mstch::map layoutWords(const i18n::Translator& tr) {
  return mstch::map{
      {"layout_home", tr.tr("Home")},           {"layout_runs", tr.tr("Runs")},
      {"layout_people", tr.tr("People")},       {"layout_pools", tr.tr("Pools")},
      {"layout_passwords", tr.tr("Passwords")}, {"layout_sign_out", tr.tr("Sign out")},
      {"layout_language", tr.tr("Language")}};
}

// The page itself with its query, as the language links' `next`.
std::string pathWithQuery(const HttpRequest& request) {
  std::string out = request.path;
  char separator = '?';
  for (const auto& [k, v] : request.query) {
    out += separator + percentEncoded(k) + "=" + percentEncoded(v);
    separator = '&';
  }
  return out;
}

// "中文 | English": each language named in its own words, the current one not a link.
mstch::array languageLinks(const HttpRequest& request, i18n::Language current) {
  mstch::array links;
  for (const auto& [language, name] :
       {std::pair{i18n::Language::ZhCN, "中文"}, std::pair{i18n::Language::En, "English"}}) {
    const std::string tag = languageTag(language);
    links.push_back(mstch::map{
        {"name", std::string(name)},
        {"tag", tag},
        {"href", "/language?set=" + tag + "&next=" + percentEncoded(pathWithQuery(request))},
        {"current", language == current},
        {"separator", !links.empty()}});
  }
  return links;
}

}  // namespace

std::string localNext(const std::string& next) {
  const bool local = !next.empty() && next[0] == '/' && next.rfind("//", 0) != 0 &&
                     next.find('\\') == std::string::npos &&
                     next.find_first_of("\r\n") == std::string::npos;
  return local ? next : "/";
}

ConsoleApp::ConsoleApp(ConsoleDeps deps, bool tls)
    : deps_(std::move(deps)),
      chinese_(i18n::Language::ZhCN, i18n::defaultCatalogueFolders()),
      tls_(tls),
      secureCookies_(tls || lowerAscii(deps_.config.console.publicUrl).rfind("https://", 0) == 0),
      users_(deps_.config.console.usersFile),
      sessions_(deps_.clock, deps_.random),
      throttle_(deps_.clock) {}

void ConsoleApp::allowOrigins(std::vector<std::string> origins) {
  origins_ = std::move(origins);
}

HttpResponse ConsoleApp::handle(const HttpRequest& request) {
  HttpResponse response;
  bool personal = true;
  try {
    if (request.method == "GET" && request.path.rfind("/static/", 0) == 0) {
      response = staticFile(request.path.substr(1));
      personal = false;
    } else if (request.method == "GET" && request.path == "/language") {
      response = chooseLanguage(request);
    } else if (request.method == "GET" && request.path == "/favicon.ico") {
      // Browsers ask on their own; sent to /login it would replace the sign-in form's token.
      response = plain(404, "no icon");
      personal = false;
    } else {
      const auto who = signedIn(request);
      if (request.method == "POST") {
        response = handlePost(request, who);
      } else if (request.method != "GET" && request.method != "HEAD") {
        response = plain(405, translator(request).tr("the console answers GET and POST only"));
        response.set("Allow", "GET, HEAD, POST");
      } else if (request.path == "/login") {
        response = who ? redirect("/") : loginPage(request, 200, "");
      } else if (!who) {
        response = redirect("/login?next=" + percentEncoded(request.path));
      } else {
        response = page(request, *who);
      }
    }
  } catch (const std::exception& e) {
    deps_.log(std::string("console: ") + request.method + " " + request.path +
              " failed: " + e.what());
    response = plain(500, format(translator(request).tr(
                                     "The console could not answer: {error}\nSee the console's "
                                     "log (journalctl -u membersync-console)."),
                                 {{"error", e.what()}}));
  }
  finish(response, personal);
  return response;
}

// The session of the msid cookie, if it is live and its user is still in the users file with
// the same role and hash: removing a user or changing either ends their sessions.
std::optional<ConsoleApp::Signed> ConsoleApp::signedIn(const HttpRequest& request) {
  const std::string id = valueOf(request.cookies, kSessionCookie);
  if (id.empty()) return std::nullopt;
  auto session = sessions_.find(id);
  if (!session) return std::nullopt;
  Signed who;
  who.users = users_.current();
  who.user = findUser(*who.users, session->user);
  if (!who.user || stampOf(*who.user) != session->userStamp) {
    sessions_.end(id);
    return std::nullopt;
  }
  who.session = std::move(*session);
  return who;
}

bool ConsoleApp::fromOurPages(const HttpRequest& request) const {
  // A browser says where a form comes from. Sec-Fetch-Site: anything but our own origin (or a
  // form the user opened by hand) is another site's. Origin: one we serve, or "null", which is
  // what browsers send for our own forms because every page asks for Referrer-Policy
  // no-referrer; "null" then counts only beside Sec-Fetch-Site same-origin. Neither header (a
  // script, an old browser): the CSRF token alone decides.
  const std::string& site = request.fetchSite;
  if (!site.empty() && site != "same-origin" && site != "none") return false;
  if (request.origin.empty()) return true;
  if (request.origin == "null") return site == "same-origin";
  return std::find(origins_.begin(), origins_.end(), request.origin) != origins_.end();
}

HttpResponse ConsoleApp::handlePost(const HttpRequest& request, const std::optional<Signed>& who) {
  const i18n::Translator& tr = translator(request);
  if (!fromOurPages(request))
    return plain(403, tr.tr("refused: this form was not sent from the console's own pages"));
  if (request.path == "/login") return signIn(request);
  if (!who)
    return plain(403, format(tr.tr("refused: sign in first ({path})"), {{"path", "/login"}}));
  if (!sameToken(valueOf(request.form, "csrf"), who->session.csrf))
    return plain(403, tr.tr("refused: the form's token is missing or stale; reload the page and "
                            "try again"));
  if (request.path == "/logout") return signOut(request, *who);
  std::vector<std::string> args;
  if (matchRoute("/runs/{}/approve", request.path, args)) return approve(request, *who, args[0]);
  return plain(404, format(tr.tr("nothing to send to {path}"), {{"path", request.path}}));
}

HttpResponse ConsoleApp::signIn(const HttpRequest& request) {
  // Double submit before there is a session: the form's token must be the one in our cookie,
  // which another site can neither read nor set.
  const i18n::Translator& tr = translator(request);
  if (!sameToken(valueOf(request.form, "csrf"), valueOf(request.cookies, kPreSessionCookie)))
    return plain(403, tr.tr("refused: the sign-in form is stale; open /login again"));
  const std::string name = valueOf(request.form, "name");
  const std::string password = valueOf(request.form, "password");
  const std::string byName = "name:" + name, byAddress = "address:" + request.address;
  if (throttle_.blocked(byName) || throttle_.blocked(byAddress)) {
    HttpResponse r = plain(429, tr.tr("Too many failed sign-ins: wait a little and try again."));
    r.set("Retry-After", "1");
    return r;
  }
  const auto users = users_.current();
  const ConsoleUser* user = findUser(*users, name);
  const bool good =
      user ? verifyPassword(user->hash, password) : (verifyAgainstDummy(password), false);
  if (!good) {
    throttle_.failed(byName);
    throttle_.failed(byAddress);
    record({0, 0, validUserName(name) ? name : "(not a user name)", request.address,
            "sign-in-failed", 0, ""});
    return loginPage(request, 401, tr.tr("The name or the password is wrong."));
  }
  throttle_.succeeded(byName);
  throttle_.succeeded(byAddress);
  const Session session = sessions_.create(user->name, stampOf(*user));
  record({0, 0, user->name, request.address, "sign-in", 0, toString(user->role)});
  HttpResponse r = redirect(localNext(valueOf(request.form, "next")));
  r.set("Set-Cookie", cookie(kSessionCookie, session.id));
  r.set("Set-Cookie", cookie(kPreSessionCookie, "", true));
  return r;
}

HttpResponse ConsoleApp::signOut(const HttpRequest& request, const Signed& who) {
  sessions_.end(who.session.id);
  record({0, 0, who.user->name, request.address, "sign-out", 0, ""});
  HttpResponse r = redirect("/login");
  r.set("Set-Cookie", cookie(kSessionCookie, "", true));
  return r;
}

HttpResponse ConsoleApp::approve(const HttpRequest& request, const Signed& who,
                                 const std::string& runText) {
  const i18n::Translator& tr = translator(request);
  if (who.user->role != Role::Approver)
    return plain(403, format(tr.tr("refused: only an approver may approve; ask one, or run "
                                   "`membersync allow {run}`"),
                             {{"run", runText}}));
  char* end = nullptr;
  const long long run = std::strtoll(runText.c_str(), &end, 10);
  if (runText.empty() || *end != '\0' || run <= 0)
    return plain(404, format(tr.tr("no run {run}"), {{"run", runText}}));
  const cli::ApproveResult r = deps_.approve(run, cli::Actor{who.user->name, request.address});
  std::string notice;
  using O = cli::ApproveResult::Outcome;
  switch (r.outcome) {
    case O::NoSuchRun:
      return plain(404, format(tr.tr("there is no run {run}"), {{"run", runText}}));
    case O::Busy:
      notice = format(tr.tr("A run holds the state now ({holder}); try again in a minute."),
                      {{"holder", r.holder}});
      break;
    case O::NothingHeld:
      notice =
          format(tr.tr("Run {run} held nothing back: nothing to release."), {{"run", runText}});
      break;
    case O::Released:
      if (r.released == 0 && r.enrolments.empty()) {
        notice = format(tr.tr("Run {run}'s held items were released already; the next sync "
                              "carries out those still planned."),
                        {{"run", runText}});
        break;
      }
      notice = releasedNotice(tr, r);
      deps_.log("console: " + who.user->name + " from " + request.address + " approved run " +
                runText + ": " + cli::approveDetail(r));
      break;
  }
  {
    std::lock_guard<std::mutex> lock(noticesMutex_);
    notices_[who.session.id] = notice;
  }
  return redirect("/runs/" + runText);
}

HttpResponse ConsoleApp::chooseLanguage(const HttpRequest& request) const {
  // A GET: it changes nothing but how pages are shown to this browser, so a link may do it (on
  // the sign-in page too), and another site's link can do no harm beyond that.
  i18n::Language language = i18n::Language::En;
  if (!languageOfChoice(valueOf(request.query, "set"), language))
    return plain(404, translator(request).tr("the console speaks zh-CN and en"));
  HttpResponse r = redirect(localNext(valueOf(request.query, "next")));
  r.set("Set-Cookie", std::string(kLanguageCookie) + "=" + languageTag(language) +
                          "; SameSite=Strict; Path=/; Max-Age=31536000" +
                          (secureCookies_ ? "; Secure" : ""));
  return r;
}

HttpResponse ConsoleApp::loginPage(const HttpRequest& request, int status,
                                   const std::string& problem) {
  // The token the browser holds already, if any: a second tab on /login, or a request the
  // browser makes on its own, must not make the first tab's form stale.
  const std::string held = valueOf(request.cookies, kPreSessionCookie);
  const std::string token = wellFormedToken(held) ? held : sessions_.newToken();
  mstch::map data{
      {"csrf", token},
      {"next", localNext(valueOf(request.query, "next").empty() ? valueOf(request.form, "next")
                                                                : valueOf(request.query, "next"))},
      {"problem", problem},
      {"name", valueOf(request.form, "name")}};
  const i18n::Translator& tr = translator(request);
  data.emplace("t_name", tr.tr("Name"));
  data.emplace("t_password", tr.tr("Password"));
  data.emplace("t_sign_in", tr.tr("Sign in"));
  HttpResponse r = rendered(request, status, "login", std::move(data), tr.tr("Sign in"), nullptr);
  r.set("Set-Cookie", cookie(kPreSessionCookie, token));
  return r;
}

HttpResponse ConsoleApp::page(const HttpRequest& request, const Signed& who) {
  for (const PageRoute& route : pageRoutes()) {
    std::vector<std::string> args;
    if (!matchRoute(route.pattern, request.path, args)) continue;
    auto store = deps_.openStore();
    PageAnswer answer;
    // One short read transaction: the page sees one state, and a run is never kept waiting.
    store->readTransaction([&] {
      PageRequest pr{
          request.path,       args,   request.query, Viewer{who.user->name, who.user->role},
          who.session.csrf,   *store, deps_.config,  deps_.clock,
          translator(request)};
      answer = route.page(pr);
    });
    HttpResponse r = rendered(request, answer.status, answer.templateName, std::move(answer.data),
                              answer.title, &who);
    finish(r, answer.personalData);
    return r;
  }
  const i18n::Translator& tr = translator(request);
  return rendered(request, 404, "not_found", notFoundData(tr, request.path), tr.tr("Not found"),
                  &who);
}

HttpResponse ConsoleApp::staticFile(const std::string& name) const {
  const auto it = resources().find(name);
  if (it == resources().end() || name.find("..") != std::string::npos)
    return plain(404, "no such file");
  HttpResponse r;
  r.contentType = contentTypeOf(name);
  r.body = it->second;
  // No personal data in a static file: it may be cached.
  r.set("Cache-Control", "public, max-age=3600");
  return r;
}

HttpResponse ConsoleApp::rendered(const HttpRequest& request, int status,
                                  const std::string& templateName, mstch::map data,
                                  const std::string& title, const Signed* who) {
  const i18n::Translator& tr = translator(request);
  LayoutValues layout;
  layout.title = title;
  layout.lang = languageTag(tr.language());
  layout.words = layoutWords(tr);
  layout.languages = languageLinks(request, tr.language());
  if (who) {
    layout.user = who->user->name;
    layout.role = who->user->role == Role::Approver ? tr.tr("approver") : tr.tr("viewer");
    layout.words["layout_who"] =
        format(tr.tr("{user} ({role})"), {{"user", layout.user}, {"role", layout.role}});
    layout.csrf = who->session.csrf;
    layout.notice = takeNotice(who->session.id);
  }
  HttpResponse r;
  r.status = status;
  r.body = renderPage(templateName, std::move(data), layout);
  return r;
}

const i18n::Translator& ConsoleApp::translator(const HttpRequest& request) const {
  const auto language =
      requestLanguage(valueOf(request.cookies, kLanguageCookie), request.acceptLanguage);
  return language == i18n::Language::ZhCN ? chinese_ : english_;
}

std::string ConsoleApp::cookie(const std::string& name, const std::string& value,
                               bool expire) const {
  return name + "=" + value + "; HttpOnly; SameSite=Strict; Path=/" +
         (secureCookies_ ? "; Secure" : "") + (expire ? "; Max-Age=0" : "");
}

void ConsoleApp::record(const state::AuditEntry& entry) {
  deps_.log("console: " + entry.action + " " + entry.actor + " from " + entry.address +
            (entry.detail.empty() ? "" : " (" + entry.detail + ")"));
  try {
    deps_.audit(entry);
  } catch (const std::exception& e) {
    deps_.log(std::string("console: the audit entry could not be recorded: ") + e.what());
  }
}

std::string ConsoleApp::takeNotice(const std::string& sessionId) {
  std::lock_guard<std::mutex> lock(noticesMutex_);
  const auto it = notices_.find(sessionId);
  if (it == notices_.end()) return "";
  std::string notice = std::move(it->second);
  notices_.erase(it);
  return notice;
}

// The headers of every answer. A page's own Cache-Control (set by page()) wins over the default.
void ConsoleApp::finish(HttpResponse& r, bool personalData) const {
  if (!r.header("Content-Security-Policy").empty()) return;  // finished already
  r.set("Content-Security-Policy",
        "default-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'");
  r.set("X-Frame-Options", "DENY");
  r.set("Referrer-Policy", "no-referrer");
  r.set("X-Content-Type-Options", "nosniff");
  if (tls_) r.set("Strict-Transport-Security", "max-age=31536000");
  if (r.header("Cache-Control").empty())
    r.set("Cache-Control", personalData ? "no-store" : "no-cache");
  // Pages and messages are in the language of the cookie or Accept-Language.
  if (r.contentType.rfind("text/", 0) == 0 && r.contentType.rfind("text/css", 0) != 0)
    r.set("Vary", "Accept-Language, Cookie");
}

}  // namespace membersync::console
