#!/usr/bin/python3
"""DingTalk's organisation chart on 127.0.0.1 for membersync's platform tests (started by
tests/support/dingtalk_process.cpp), written from DingTalk's server API documentation
(open.dingtalk.com/document/orgapp), not from membersync's code:

  GET  /gettoken?appkey=K&appsecret=S
       {"errcode":0,"errmsg":"ok","access_token":T,"expires_in":7200}; 40001 for a wrong secret,
       40089 for an unknown appkey.
  POST /topapi/v2/department/get?access_token=T      {"dept_id":N}
       {"errcode":0,"result":{"dept_id":N,"name":..,"parent_id":..}}; 60003 for an unknown one.
  POST /topapi/v2/department/listsub?access_token=T  {"dept_id":N}
       {"errcode":0,"result":[{"dept_id":..,"name":..,"parent_id":N,...}]}; 60003 unknown.
  POST /topapi/v2/user/list?access_token=T  {"dept_id":N,"cursor":C,"size":S}, S at most 100
       {"errcode":0,"result":{"has_more":B,"next_cursor":C2,"list":[{"userid":..,...}]}};
       next_cursor only while has_more; 60003 unknown department, 400002 a bad size or cursor.
  A token no longer valid: 40014 (DingTalk also answers 42001 for an expired one).

Faults, switched on by the test through FOLDER/faults.json (re-read on every request):
  [{"path": "/topapi/v2/user/list", "at": N, "errcode": E, "errmsg": M}   the N-th call of path
   {"path": ..., "at": N, "html": true}                                   an HTML page (blocked)
   {"path": ..., "at": N, "expire_tokens": true}]                         every token expires
N counts the calls of that path since the file was last written.
The fixture (--fixture: {"departments": [{"id","parent","name"}], "users": [{"userid",...,
"dept_id_list": [..]}]}) is re-read when its file changes, so a test removes a department
between two runs by rewriting it. FOLDER/stats.json counts calls by path, tokens issued and
faults fired; FOLDER/tokens every token issued, a line each. Prints the port on stdout once it listens (and writes FOLDER/port); runs until
SIGTERM. Python's standard library only.
"""

import argparse
import json
import os
import secrets
import signal
import sys
import threading
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

LOCK = threading.Lock()
STATE = {"calls": {}, "tokens": 0, "faults_fired": 0, "valid": set(), "fixture": None, "mtime": None,
         "since_faults": {}, "faults_mtime": None}
ARGS = None
PAGE_MAX = 100


def fixture():
    mtime = os.stat(ARGS.fixture).st_mtime_ns
    if STATE["mtime"] != mtime:
        with open(ARGS.fixture, encoding="utf-8") as f:
            data = json.load(f)
        depts = {int(d["id"]): d for d in data["departments"]}
        users_by_dept = {}
        for u in data["users"]:
            for d in u.get("dept_id_list", []):
                users_by_dept.setdefault(int(d), []).append(u)
        STATE["fixture"] = (depts, users_by_dept)
        STATE["mtime"] = mtime
    return STATE["fixture"]


def faults():
    """The faults, and the calls of each path counted since they were last written."""
    path = os.path.join(ARGS.folder, "faults.json")
    try:
        mtime = os.stat(path).st_mtime_ns
        with open(path, encoding="utf-8") as f:
            listed = json.load(f)
    except FileNotFoundError:
        return []
    if STATE["faults_mtime"] != mtime:
        STATE["faults_mtime"] = mtime
        STATE["since_faults"] = {}
    return listed


def write_stats():
    stats = {"calls": STATE["calls"], "tokens": STATE["tokens"], "faults_fired": STATE["faults_fired"],
             "total": sum(STATE["calls"].values())}
    tmp = os.path.join(ARGS.folder, "stats.json.tmp")
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(stats, f)
    os.replace(tmp, os.path.join(ARGS.folder, "stats.json"))


def dept_json(d):
    out = {"dept_id": int(d["id"]), "name": d["name"], "auto_add_user": False, "create_dept_group": False}
    if d.get("parent") not in (None, "", 0):
        out["parent_id"] = int(d["parent"])
    return out


def user_json(u):
    keys = ("userid", "unionid", "name", "mobile", "email", "org_email", "job_number", "title",
            "dept_id_list", "active")
    return {k: u[k] for k in keys if k in u}


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True  # headers and body are two writes: no 40 ms delayed-ACK stall

    def log_message(self, fmt, *args):
        sys.stderr.write("dingtalk: " + (fmt % args) + "\n")

    def answer(self, obj, status=200, html=None):
        body = html.encode() if html is not None else json.dumps(obj, ensure_ascii=False).encode()
        self.send_response(status)
        self.send_header("Content-Type", "text/html" if html is not None else "application/json;charset=UTF-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        self.handle_call(b"")

    def do_POST(self):
        length = int(self.headers.get("Content-Length") or 0)
        self.handle_call(self.rfile.read(length))

    def handle_call(self, raw):
        url = urllib.parse.urlsplit(self.path)
        query = urllib.parse.parse_qs(url.query)
        with LOCK:
            n = STATE["calls"].get(url.path, 0) + 1
            STATE["calls"][url.path] = n
            try:
                status, obj, html = self.route(url.path, n, query, raw)
            finally:
                write_stats()
        self.answer(obj, status, html)

    def route(self, path, n, query, raw):
        listed = faults()
        n = STATE["since_faults"].get(path, 0) + 1
        STATE["since_faults"][path] = n
        for fault in listed:
            if fault.get("path") == path and fault.get("at") == n:
                STATE["faults_fired"] += 1
                if fault.get("html"):
                    return 200, None, "<html><head><title>访问受限</title></head><body>blocked</body></html>"
                if fault.get("expire_tokens"):
                    STATE["valid"].clear()
                    break  # answered below as DingTalk does, for the token it no longer knows
                return 200, {"errcode": fault["errcode"], "errmsg": fault.get("errmsg", "fault")}, None
        if path == "/gettoken":
            if query.get("appkey", [""])[0] != ARGS.app_key:
                return 200, {"errcode": 40089, "errmsg": "不合法的corpid或corpsecret"}, None
            if query.get("appsecret", [""])[0] != ARGS.app_secret:
                return 200, {"errcode": 40001, "errmsg": "获取access_token时Secret错误，或者access_token无效"}, None
            token = "dtk" + secrets.token_hex(16)
            STATE["valid"].add(token)
            with open(os.path.join(ARGS.folder, "tokens"), "a", encoding="utf-8") as f:
                f.write(token + "\n")  # for the tests' secret scan
            STATE["tokens"] += 1
            return 200, {"errcode": 0, "errmsg": "ok", "access_token": token, "expires_in": 7200}, None
        if query.get("access_token", [""])[0] not in STATE["valid"]:
            return 200, {"errcode": 40014, "errmsg": "不合法的access_token"}, None
        try:
            body = json.loads(raw.decode("utf-8") or "{}")
            dept = int(body["dept_id"])
        except (ValueError, KeyError, TypeError):
            return 200, {"errcode": 400002, "errmsg": "无效的参数"}, None
        depts, users_by_dept = fixture()
        if dept not in depts:
            return 200, {"errcode": 60003, "errmsg": "部门不存在或者部门不在授权范围内"}, None
        if path == "/topapi/v2/department/get":
            return 200, {"errcode": 0, "errmsg": "ok", "result": dept_json(depts[dept])}, None
        if path == "/topapi/v2/department/listsub":
            children = [dept_json(d) for d in depts.values() if d.get("parent") not in (None, "", 0)
                        and int(d["parent"]) == dept]
            return 200, {"errcode": 0, "errmsg": "ok", "result": children}, None
        if path == "/topapi/v2/user/list":
            size, cursor = body.get("size"), body.get("cursor")
            if not isinstance(size, int) or not 1 <= size <= PAGE_MAX or not isinstance(cursor, int) or cursor < 0:
                return 200, {"errcode": 400002, "errmsg": "无效的参数"}, None
            users = users_by_dept.get(dept, [])
            page = users[cursor:cursor + size]
            result = {"has_more": cursor + size < len(users), "list": [user_json(u) for u in page]}
            if result["has_more"]:
                result["next_cursor"] = cursor + size
            return 200, {"errcode": 0, "errmsg": "ok", "result": result}, None
        return 404, {"errcode": 404, "errmsg": "请求的URI地址不存在"}, None


def main():
    global ARGS
    parser = argparse.ArgumentParser()
    parser.add_argument("--folder", required=True)
    parser.add_argument("--fixture", required=True)
    parser.add_argument("--app-key", required=True)
    parser.add_argument("--app-secret-file", required=True)
    ARGS = parser.parse_args()
    with open(ARGS.app_secret_file, encoding="utf-8") as f:
        ARGS.app_secret = f.read().strip()
    fixture()
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    signal.signal(signal.SIGTERM, lambda *_: threading.Thread(target=server.shutdown).start())
    port = server.server_address[1]
    with open(os.path.join(ARGS.folder, "port"), "w", encoding="utf-8") as f:
        f.write(str(port))
    write_stats()
    print(port, flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
