#!/usr/bin/python3
"""WeCom (企业微信) contacts API on 127.0.0.1 for membersync's tests, written from WeCom's public
documentation (developer.work.weixin.qq.com/document/path/90664, 95350, 95351, 90200, 90196):

  GET  /cgi-bin/gettoken?corpid=&corpsecret=            {"access_token","expires_in":7200}
  GET  /cgi-bin/department/simplelist?access_token=[&id=] {"department_id":[{id,parentid,order}]}
  GET  /cgi-bin/department/get?access_token=&id=          {"department":{id,name,parentid,order}}
  POST /cgi-bin/user/list_id?access_token=  {"cursor","limit"<=10000}
                                            {"next_cursor","dept_user":[{userid,department}]}
  GET  /cgi-bin/user/get?access_token=&userid=            the person (mobile, email, biz_mail...)

Errcodes: 40001 wrong secret, 40013 wrong corpid, 40014 unknown token, 42001 expired token,
45009 rate limit, 60020 untrusted IP, 60123 unknown department, 60111 unknown userid, 40058 bad
parameter. The fixture (--fixture FILE): {"corp_id","corp_secret","departments":[{id,parentid,
name}],"users":[{userid,name,mobile,email,biz_mail,department:[..],main_department,position,
status,enable}]}.

Faults, from the command line (--faults JSON) or POST /_emulator/faults (merged into the current
ones; {} clears nothing, {"reset":true} clears all), each applying to API calls (not gettoken
unless said):
  {"page_error_after": N}     the call after N API calls answers errcode -1 "system busy" once
  {"expire_token_after": N}   after N API calls every token issued so far answers 42001
  {"rate_limit": N}           the next N calls answer 45009
  {"html": N}                 the next N calls answer an HTML page with HTTP 502
  {"untrusted_ip": true}      every contacts call answers 60020 (gettoken still gives a token,
                              as reported of WeCom; not stated in its pages)
  {"withhold_contact": true}  user/get leaves out mobile, email and biz_mail (a non-contacts app)
  {"remove_department": ID}   the department and its people leave the fixture (between two runs)
GET /_emulator/stats: {"calls": {path: count}, "total": n, "tokens": how many issued,
"issued": [every token issued, for the secret scan]}. The port goes to
--port-file once the server listens. Python's standard library only.
"""

import argparse
import base64
import json
import os
import threading
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

LOCK = threading.Lock()


class State:
    def __init__(self, fixture, faults):
        self.fixture = fixture
        self.faults = faults
        self.calls = {}
        self.api_calls = 0
        self.tokens = {}  # token -> valid
        self.issued = 0
        self._index = (None, {})  # (the users list it was built from, userid -> user)

    def user_by_id(self):
        """userid -> user, rebuilt when the fixture's list is replaced (a 10,000-person walk
        asks user/get once per person)."""
        users = self.fixture["users"]
        if self._index[0] is not users:
            self._index = (users, {u["userid"]: u for u in users})
        return self._index[1]

    def remove_department(self, dep_id):
        deps = self.fixture["departments"]
        gone = {str(dep_id)}
        changed = True
        while changed:
            changed = False
            for d in deps:
                if str(d.get("parentid")) in gone and str(d["id"]) not in gone:
                    gone.add(str(d["id"]))
                    changed = True
        self.fixture["departments"] = [d for d in deps if str(d["id"]) not in gone]
        for u in self.fixture["users"]:
            u["department"] = [x for x in u["department"] if str(x) not in gone]
        self.fixture["users"] = [u for u in self.fixture["users"] if u["department"]]


def err(code, msg):
    return 200, {"errcode": code, "errmsg": msg}


class Handler(BaseHTTPRequestHandler):
    disable_nagle_algorithm = True  # headers and body are two writes: no 40 ms delayed-ACK stall
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def reply(self, status, obj, html=False):
        body = (obj if html else json.dumps(obj, ensure_ascii=False)).encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", "text/html" if html else "application/json; charset=utf-8")
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
                    st.remove_department(faults.pop("remove_department"))
                st.faults.update(faults)
                return self.reply(200, {"faults": st.faults})
            st.calls[url.path] = st.calls.get(url.path, 0) + 1
            status, answer = self.answer(st, method, url.path, query, raw)
        if isinstance(answer, str):
            return self.reply(status, answer, html=True)
        return self.reply(status, answer)

    def answer(self, st, method, path, query, raw):
        f = st.faults
        if path == "/cgi-bin/gettoken":
            fx = st.fixture
            if query.get("corpid") != fx["corp_id"]:
                return err(40013, "invalid corpid")
            if query.get("corpsecret") != fx["corp_secret"]:
                return err(40001, "invalid credential")
            st.issued += 1
            token = "wecom-token-%d" % st.issued
            st.tokens[token] = True
            return 200, {"errcode": 0, "errmsg": "ok", "access_token": token, "expires_in": 7200}
        # An API call: the faults that fire before the token is looked at.
        st.api_calls += 1
        if f.get("untrusted_ip"):  # 企业可信IP guards the contacts calls; gettoken still answers
            return err(60020, "not allow to access from your ip, hint: [emulator], from ip: 127.0.0.1")
        if f.get("html", 0) > 0:
            f["html"] -= 1
            return 502, "<html><head><title>502 Bad Gateway</title></head><body>blocked</body></html>"
        if f.get("rate_limit", 0) > 0:
            f["rate_limit"] -= 1
            return err(45009, "api freq out of limit")
        if "page_error_after" in f and st.api_calls > f["page_error_after"]:
            del f["page_error_after"]
            return err(-1, "system busy")
        if "expire_token_after" in f and st.api_calls > f["expire_token_after"]:
            del f["expire_token_after"]
            for t in st.tokens:
                st.tokens[t] = False
        token = query.get("access_token")
        if token not in st.tokens:
            return err(40014, "invalid access_token")
        if not st.tokens[token]:
            return err(42001, "access_token expired")
        return self.api(st, method, path, query, raw)

    def api(self, st, method, path, query, raw):
        deps = st.fixture["departments"]
        by_id = {str(d["id"]): d for d in deps}
        if path == "/cgi-bin/department/simplelist":
            root = query.get("id")
            if root is not None and root not in by_id:
                return err(60123, "invalid party id")
            chosen = [d for d in deps if root is None or self.under(by_id, str(d["id"]), root)]
            return 200, {"errcode": 0, "errmsg": "ok", "department_id": [
                {"id": int(d["id"]), "parentid": int(d.get("parentid") or 0), "order": 100 - i}
                for i, d in enumerate(chosen)]}
        if path == "/cgi-bin/department/get":
            d = by_id.get(query.get("id", ""))
            if d is None:
                return err(60123, "invalid party id")
            return 200, {"errcode": 0, "errmsg": "ok", "department": {
                "id": int(d["id"]), "name": d["name"], "parentid": int(d.get("parentid") or 0),
                "order": 1, "department_leader": []}}
        if path == "/cgi-bin/user/list_id" and method == "POST":
            try:
                body = json.loads(raw or b"{}")
                limit = int(body.get("limit", 10000))
                start = int(base64.b64decode(body["cursor"]).decode()) if body.get("cursor") else 0
            except (ValueError, KeyError):
                return err(40058, "invalid cursor or limit")
            if not 1 <= limit <= 10000:
                return err(40058, "limit out of range")
            rows = [{"userid": u["userid"], "department": int(d)}
                    for u in st.fixture["users"] for d in u["department"]]
            page = rows[start:start + limit]
            nxt = start + limit
            cursor = base64.b64encode(str(nxt).encode()).decode() if nxt < len(rows) else ""
            return 200, {"errcode": 0, "errmsg": "ok", "next_cursor": cursor, "dept_user": page}
        if path == "/cgi-bin/user/get":
            u = st.user_by_id().get(query.get("userid"))
            if u is not None:
                person = dict(u)
                if st.faults.get("withhold_contact"):
                    for k in ("mobile", "email", "biz_mail"):
                        person.pop(k, None)
                person.update({"errcode": 0, "errmsg": "ok"})
                return 200, person
            return err(60111, "userid not found")
        return 404, {"errcode": 40058, "errmsg": "unknown api " + path}

    @staticmethod
    def under(by_id, dep, root):
        while dep:
            if dep == root:
                return True
            dep = str(by_id.get(dep, {}).get("parentid") or "")
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
    os.replace(tmp, a.port_file)  # whole or absent: a test polling the file never reads half
    server.serve_forever()


if __name__ == "__main__":
    main()
