#!/usr/bin/python3
"""Feishu (飞书) / Lark contacts API on 127.0.0.1 for membersync's tests, written from Feishu's
public documentation (open.feishu.cn/document/server-docs: authentication-management
tenant_access_token/internal, contact-v3 department children and user find_by_department,
getting-started server error codes and frequency control):

  POST /open-apis/auth/v3/tenant_access_token/internal  {"app_id","app_secret"}
       -> {"code":0,"msg":"ok","tenant_access_token","expire":7200}
  GET  /open-apis/contact/v3/departments/:id/children?department_id_type=department_id
       &fetch_child=true|false&page_size(<=50, default 10)&page_token=
       -> {"code":0,"data":{"has_more","page_token","items":[{name,department_id,
          parent_department_id,open_department_id,status}]}}
  GET  /open-apis/contact/v3/users/find_by_department?department_id=&user_id_type=user_id
       &department_id_type=department_id&page_size(<=50, default 10)&page_token=
       -> the department's direct members, {"code":0,"data":{"has_more","page_token","items"}}
  Authorization: Bearer <tenant_access_token> on the contact calls.

Codes: 10014 wrong app secret, 10003 wrong app_id, 99991661 no token, 99991663 unknown or
expired token, 99991400 with HTTP 429 rate limit, 40004 no dept authority (a department outside
the app's contact scope, department 0 without all staff), 99991672 a scope missing, 40011 an
unknown department (not verified against Feishu's pages), 99992402 a bad parameter. user_id is
returned only with user_id_type=user_id. The fixture (--fixture FILE): {"app_id","app_secret",
"departments":[{department_id,parent_department_id,name}],"users":[{user_id,open_id,name,mobile,
email,enterprise_email,employee_no,job_title,department_ids,status}]}.

Faults, from --faults JSON or POST /_emulator/faults (merged; {"reset":true} clears all):
  {"page_error_after": N}    the call after N contact calls answers code 40003 "internal error" once
  {"expire_token_after": N}  after N contact calls every token issued so far answers 99991663
  {"rate_limit": N}          the next N calls answer HTTP 429 with 99991400
  {"html": N}                the next N calls answer an HTML page with HTTP 502
  {"no_all_staff": true}     department 0 (and people asked by it) answers 40004: the contact
                             scope is not all staff
  {"no_scope": true}         every contact call answers 99991672 (a scope missing)
  {"quota": true}            every contact call answers HTTP 429 with 99991403: the app's
                             monthly API calls are spent (the free edition's 10,000)
  {"withhold_contact": true} people come without mobile and email (no phone/email scope)
  {"remove_department": ID}  the department, its children and their people leave the fixture
GET /_emulator/stats: {"calls": {path: count}, "total": n, "tokens": how many issued,
"issued": [every token issued, for the secret scan]}. The port goes to
--port-file once the server listens. Python's standard library only.
"""

import argparse
import json
import os
import threading
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

LOCK = threading.Lock()
PREFIX = "/open-apis/contact/v3/departments/"


class State:
    def __init__(self, fixture, faults):
        self.fixture = fixture
        self.faults = faults
        self.calls = {}
        self.api_calls = 0
        self.tokens = {}
        self.issued = 0

    def remove_department(self, dep_id):
        deps = self.fixture["departments"]
        gone = {str(dep_id)}
        changed = True
        while changed:
            changed = False
            for d in deps:
                if d["parent_department_id"] in gone and d["department_id"] not in gone:
                    gone.add(d["department_id"])
                    changed = True
        self.fixture["departments"] = [d for d in deps if d["department_id"] not in gone]
        for u in self.fixture["users"]:
            u["department_ids"] = [x for x in u["department_ids"] if x not in gone]
        self.fixture["users"] = [u for u in self.fixture["users"] if u["department_ids"]]


def fail(code, msg, status=400):
    return status, {"code": code, "msg": msg, "data": {}}


def paged(items, query):
    try:
        size = int(query.get("page_size", "10"))
        start = int(query["page_token"]) if query.get("page_token") else 0
    except ValueError:
        return fail(99992402, "field validation failed")
    if not 1 <= size <= 50:
        return fail(99992402, "field validation failed: page_size")
    page = items[start:start + size]
    more = start + size < len(items)
    data = {"has_more": more}
    if more:
        data["page_token"] = str(start + size)
    if page:
        data["items"] = page  # Feishu leaves out items on an empty page
    return 200, {"code": 0, "msg": "success", "data": data}


class Handler(BaseHTTPRequestHandler):
    disable_nagle_algorithm = True  # headers and body are two writes: no 40 ms delayed-ACK stall
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def reply(self, status, obj):
        html = isinstance(obj, str)
        body = (obj if html else json.dumps(obj, ensure_ascii=False)).encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", "text/html" if html else "application/json; charset=utf-8")
        if status == 429:
            self.send_header("x-ogw-ratelimit-limit", "50")
            self.send_header("x-ogw-ratelimit-reset", "1")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        self.handle_call("GET", b"")

    def do_POST(self):
        length = int(self.headers.get("Content-Length") or 0)
        self.handle_call("POST", self.rfile.read(length))

    def handle_call(self, method, raw):
        url = urllib.parse.urlsplit(self.path)
        query = dict(urllib.parse.parse_qsl(url.query))
        st = self.server.state
        with LOCK:
            if url.path == "/_emulator/stats":
                return self.reply(200, {"calls": st.calls, "total": sum(st.calls.values()),
                                        "tokens": st.issued, "issued": list(st.tokens)})
            if url.path == "/_emulator/faults" and method == "POST":
                faults = json.loads(raw or b"{}")
                if faults.pop("reset", False):
                    st.faults = {}
                if "remove_department" in faults:
                    st.remove_department(str(faults.pop("remove_department")))
                st.faults.update(faults)
                return self.reply(200, {"faults": st.faults})
            key = PREFIX + ":id/children" if url.path.startswith(PREFIX) else url.path
            st.calls[key] = st.calls.get(key, 0) + 1
            status, answer = self.answer(st, method, url.path, query, raw)
        return self.reply(status, answer)

    def answer(self, st, method, path, query, raw):
        f = st.faults
        if path == "/open-apis/auth/v3/tenant_access_token/internal" and method == "POST":
            try:
                body = json.loads(raw or b"{}")
            except ValueError:
                return fail(9499, "bad request")
            if body.get("app_id") != st.fixture["app_id"]:
                return fail(10003, "invalid param")
            if body.get("app_secret") != st.fixture["app_secret"]:
                return fail(10014, "app secret invalid")
            st.issued += 1
            token = "t-feishu-%d" % st.issued
            st.tokens[token] = True
            return 200, {"code": 0, "msg": "ok", "tenant_access_token": token, "expire": 7200}
        st.api_calls += 1
        if f.get("html", 0) > 0:
            f["html"] -= 1
            return 502, "<html><head><title>502 Bad Gateway</title></head><body>blocked</body></html>"
        if f.get("quota"):
            return fail(99991403, "This month's API call quota has been exceeded", 429)
        if f.get("rate_limit", 0) > 0:
            f["rate_limit"] -= 1
            return fail(99991400, "request trigger frequency limit", 429)
        if "page_error_after" in f and st.api_calls > f["page_error_after"]:
            del f["page_error_after"]
            return fail(40003, "internal error", 500)
        if "expire_token_after" in f and st.api_calls > f["expire_token_after"]:
            del f["expire_token_after"]
            for t in st.tokens:
                st.tokens[t] = False
        auth = self.headers.get("Authorization", "")
        if not auth.startswith("Bearer "):
            return fail(99991661, "Missing access token for authorization", 400)
        if not st.tokens.get(auth[len("Bearer "):]):
            return fail(99991663, "Invalid access token for authorization", 400)
        if f.get("no_scope"):
            return fail(99991672, "Access denied. One of the following scopes is required: "
                        "[contact:contact.base:readonly]", 400)
        return self.api(st, path, query)

    def api(self, st, path, query):
        deps = st.fixture["departments"]
        known = {"0"} | {d["department_id"] for d in deps}
        if query.get("department_id_type", "open_department_id") != "department_id":
            return fail(99992402, "this emulator serves department_id_type=department_id only")
        if path.startswith(PREFIX) and path.endswith("/children"):
            dep = urllib.parse.unquote(path[len(PREFIX):-len("/children")])
            if dep == "0" and st.faults.get("no_all_staff"):
                return fail(40004, "no dept authority error")
            if dep not in known:
                return fail(40011, "department not found")
            deep = query.get("fetch_child") == "true"
            chosen = [d for d in deps if self.child(deps, d, dep, deep)]
            items = [{"name": d["name"], "department_id": d["department_id"],
                      "parent_department_id": d["parent_department_id"],
                      "open_department_id": "od-" + d["department_id"],
                      "status": {"is_deleted": False}} for d in chosen]
            return paged(items, query)
        if path == "/open-apis/contact/v3/users/find_by_department":
            dep = query.get("department_id", "")
            if dep == "0" and st.faults.get("no_all_staff"):
                return fail(40004, "no dept authority error")
            if dep not in known:
                return fail(40011, "department not found")
            people = []
            for u in st.fixture["users"]:
                if dep not in u["department_ids"]:
                    continue
                person = dict(u)
                if query.get("user_id_type", "open_id") != "user_id":
                    person.pop("user_id", None)
                if st.faults.get("withhold_contact"):
                    person.pop("mobile", None)
                    person.pop("email", None)
                people.append(person)
            return paged(people, query)
        return fail(404, "not found", 404)

    @staticmethod
    def child(deps, d, root, deep):
        if d["parent_department_id"] == root:
            return True
        if not deep:
            return False
        parents = {x["department_id"]: x["parent_department_id"] for x in deps}
        p = d["parent_department_id"]
        while p:
            if p == root:
                return True
            p = parents.get(p, "")  # "0", the root, has no entry: the loop ends there
        return False


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--fixture", required=True)
    p.add_argument("--port-file", required=True)
    p.add_argument("--faults", default="{}")
    a = p.parse_args()
    with open(a.fixture, encoding="utf-8") as f:
        fixture = json.load(f)
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.state = State(fixture, json.loads(a.faults))
    tmp = a.port_file + ".tmp"
    with open(tmp, "w") as f:
        f.write(str(server.server_address[1]))
    os.replace(tmp, a.port_file)
    server.serve_forever()


if __name__ == "__main__":
    main()
