#!/usr/bin/python3
"""Self-test of the WeCom and Feishu emulators (wecom_server.py, feishu_server.py): each started
on loopback with its fixture, walked as their documentation says, then each fault switched on.
Exits 0 when all hold. Python's standard library only.

  python3 tests/support/platform_servers_test.py
"""

import json
import os
import subprocess
import sys
import tempfile
import time
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))


def start(name, fixture, folder):
    port_file = os.path.join(folder, name + ".port")
    proc = subprocess.Popen([sys.executable, os.path.join(HERE, name + "_server.py"),
                             "--fixture", os.path.join(HERE, fixture), "--port-file", port_file])
    for _ in range(500):  # the port file appears once it listens (bounded wait on the event)
        if os.path.exists(port_file):
            return proc, int(open(port_file).read())
        if proc.poll() is not None:
            raise SystemExit(name + " exited")
        time.sleep(0.01)
    raise SystemExit(name + " never listened")


def call(base, path, body=None, headers=None):
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(base + path, data=data, headers=headers or {})
    try:
        with urllib.request.urlopen(req) as r:
            return r.status, r.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode()


def js(answer):
    return json.loads(answer[1])


def check(cond, what):
    if not cond:
        raise SystemExit("FAILED: " + what)


def wecom(base):
    check(js(call(base, "/cgi-bin/gettoken?corpid=ww-emulator&corpsecret=wrong"))["errcode"] == 40001,
          "wecom: wrong secret is 40001")
    tok = js(call(base, "/cgi-bin/gettoken?corpid=ww-emulator&corpsecret=contacts-sync-secret"))["access_token"]
    deps = js(call(base, "/cgi-bin/department/simplelist?access_token=" + tok))["department_id"]
    check([d["id"] for d in deps] == [1, 2, 3, 4], "wecom: simplelist lists every department")
    check(js(call(base, "/cgi-bin/department/get?access_token=%s&id=3" % tok))["department"]["name"] == "施工一队",
          "wecom: department/get names it")
    ids, cursor = [], ""
    while True:
        page = js(call(base, "/cgi-bin/user/list_id?access_token=" + tok, {"cursor": cursor, "limit": 2}))
        ids += [u["userid"] for u in page["dept_user"]]
        cursor = page["next_cursor"]
        if not cursor:
            break
    check(sorted(set(ids)) == ["lisi", "wangwu", "zhangsan"] and len(ids) == 4, "wecom: list_id pages every (person, department)")
    check(js(call(base, "/cgi-bin/user/get?access_token=%s&userid=zhangsan" % tok))["mobile"] == "13800000001",
          "wecom: user/get")

    def fault(f):
        call(base, "/_emulator/faults", f)
    get = "/cgi-bin/user/get?access_token=%s&userid=lisi" % tok
    fault({"withhold_contact": True})
    check("mobile" not in js(call(base, get)), "wecom: withheld mobile")
    fault({"reset": True, "rate_limit": 1})
    check(js(call(base, get))["errcode"] == 45009 and js(call(base, get))["errcode"] == 0, "wecom: one rate limit")
    fault({"html": 1})
    check(call(base, get)[0] == 502, "wecom: html")
    fault({"page_error_after": 0})
    check(js(call(base, get))["errcode"] == -1 and js(call(base, get))["errcode"] == 0, "wecom: one page error")
    fault({"expire_token_after": 0})
    check(js(call(base, get))["errcode"] == 42001, "wecom: token expired")
    tok2 = js(call(base, "/cgi-bin/gettoken?corpid=ww-emulator&corpsecret=contacts-sync-secret"))["access_token"]
    check(js(call(base, "/cgi-bin/user/get?access_token=%s&userid=lisi" % tok2))["errcode"] == 0, "wecom: new token works")
    fault({"remove_department": 2})
    left = js(call(base, "/cgi-bin/department/simplelist?access_token=" + tok2))["department_id"]
    check([d["id"] for d in left] == [1, 4], "wecom: department 2 and its child removed")
    fault({"untrusted_ip": True})
    check(js(call(base, "/cgi-bin/department/simplelist?access_token=" + tok2))["errcode"] == 60020,
          "wecom: 60020")
    check(js(call(base, "/_emulator/stats"))["calls"]["/cgi-bin/user/get"] >= 8, "wecom: stats count calls")
    check(js(call(base, "/_emulator/stats"))["issued"] == [tok, tok2], "wecom: stats list the tokens issued")


def feishu(base):
    t = js(call(base, "/open-apis/auth/v3/tenant_access_token/internal",
                {"app_id": "cli_emulator", "app_secret": "feishu-app-secret"}))["tenant_access_token"]
    auth = {"Authorization": "Bearer " + t}
    children = "/open-apis/contact/v3/departments/0/children?department_id_type=department_id&fetch_child=true&page_size=2"
    page = js(call(base, children, headers=auth))["data"]
    check(page["has_more"] and len(page["items"]) == 2, "feishu: first page of departments")
    rest = js(call(base, children + "&page_token=" + page["page_token"], headers=auth))["data"]
    check(not rest["has_more"] and [d["department_id"] for d in rest["items"]] == ["D200"], "feishu: second page")
    users = "/open-apis/contact/v3/users/find_by_department?department_id=D110&department_id_type=department_id&user_id_type=user_id"
    got = js(call(base, users, headers=auth))["data"]["items"]
    check([u["user_id"] for u in got] == ["3e3cf96b"], "feishu: find_by_department with user_id")
    check(js(call(base, users, headers={}))["code"] == 99991661, "feishu: no token")

    def fault(f):
        call(base, "/_emulator/faults", f)
    fault({"rate_limit": 1})
    check(call(base, users, headers=auth)[0] == 429, "feishu: 429")
    fault({"no_all_staff": True})
    check(js(call(base, children, headers=auth))["code"] == 40004, "feishu: department 0 needs all staff")
    fault({"reset": True, "withhold_contact": True})
    check("mobile" not in js(call(base, users, headers=auth))["data"]["items"][0], "feishu: withheld")
    fault({"reset": True, "page_error_after": 0})
    check(js(call(base, users, headers=auth))["code"] == 40003, "feishu: page error")
    fault({"expire_token_after": 0})
    check(js(call(base, users, headers=auth))["code"] == 99991663, "feishu: expired token")
    fault({"remove_department": "D100"})
    t2 = js(call(base, "/open-apis/auth/v3/tenant_access_token/internal",
                 {"app_id": "cli_emulator", "app_secret": "feishu-app-secret"}))["tenant_access_token"]
    left = js(call(base, children, headers={"Authorization": "Bearer " + t2}))["data"]["items"]
    check([d["department_id"] for d in left] == ["D200"], "feishu: D100 and its child removed")
    check(js(call(base, "/_emulator/stats"))["issued"] == [t, t2], "feishu: stats list the tokens issued")


def main():
    with tempfile.TemporaryDirectory() as folder:
        procs = []
        try:
            p, port = start("wecom", "wecom_fixture.json", folder)
            procs.append(p)
            wecom("http://127.0.0.1:%d" % port)
            p, port = start("feishu", "feishu_fixture.json", folder)
            procs.append(p)
            feishu("http://127.0.0.1:%d" % port)
        finally:
            for p in procs:
                p.terminate()
                p.wait()
    print("platform emulators: ok")


if __name__ == "__main__":
    main()
