#!/usr/bin/python3
"""Group robots on 127.0.0.1 for membersync's report tests (started by tests/support/robot_process.cpp).

One HTTP(S) server plays each robot as its vendor documents it, written from those pages and
not from membersync's code, so that a test proves the format and the signature, not agreement:

  WeCom     POST /cgi-bin/webhook/send?key=KEY
            {"msgtype":"markdown","markdown":{"content":C}}, C at most 4096 bytes of UTF-8
            (developer.work.weixin.qq.com/document/path/91770). Answers {"errcode":0,"errmsg":"ok"};
            93000 for a wrong key, 40058 for a content too long or missing.
  DingTalk  POST /robot/send?access_token=TOKEN[&timestamp=T&sign=S]
            {"msgtype":"markdown","markdown":{"title":..,"text":..}}; with a secret, T in ms within
            an hour of now and S = urlencode(base64(HmacSHA256(secret, T + "\\n" + secret))); with a
            keyword, the keyword in the message; the body within 20000 bytes
            (open.dingtalk.com/document/robots/custom-robot-access, .../customize-robot-security-
            settings). Answers {"errcode":0,"errmsg":"ok"}; 300001 wrong token, 310000 sign or
            keyword, 460101 too long, 40035 a malformed message.
  Feishu    POST /open-apis/bot/v2/hook/TOKEN
            {"timestamp":"T","sign":S,"msg_type":"post","content":{"post":{LANG:{"title":..,
            "content":[[{"tag":"text"|"a",...}]]}}}}; with a secret, T in seconds within an hour and
            S = base64(HmacSHA256(key: T + "\\n" + secret, message: empty)); the body within 20 KB
            (open.feishu.cn/document/client-docs/bot-v3/add-custom-bot). Answers
            {"code":0,"msg":"success","data":{}}; 19001 wrong token, 19021 sign, 9499 malformed or
            too long.
  json      POST /json: membersync's object (docs/report-json.md), with a secret signed in
            X-Membersync-Signature-256: sha256=HEX(HmacSHA256(secret, body)). Answers {"code":0};
            401 for a bad signature, 400 for another format.

Every request is recorded as FOLDER/requests/NNNNNN.json: robot, path, query (raw), headers, body,
code (0: taken) and why. FOLDER/fail-ROBOT (text "CODE MESSAGE") makes the next request to that
robot answer that refusal (it is renamed to fail-ROBOT.done first, so it fires once).

The robots' keys and secrets come in the JSON file --robots names. Prints the port on stdout once
it listens; runs until SIGTERM. Python's standard library only.
"""

import argparse
import base64
import hashlib
import hmac
import json
import os
import signal
import ssl
import sys
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

HOUR_MS = 3600 * 1000
ARGS = None
SEQUENCE = iter(range(1, 10**9))
LOCK = threading.Lock()


class Refusal(Exception):
    def __init__(self, code, why, status=200):
        super().__init__(why)
        self.code = code
        self.why = why
        self.status = status


def b64_hmac(key, message):
    return base64.b64encode(hmac.new(key, message, hashlib.sha256).digest()).decode()


def parsed_json(body, code):
    try:
        value = json.loads(body.decode("utf-8"))  # strict UTF-8: a cut character fails here
    except (UnicodeDecodeError, ValueError) as e:
        raise Refusal(code, "not UTF-8 JSON: %s" % e)
    if not isinstance(value, dict):
        raise Refusal(code, "not a JSON object")
    return value


def check_wecom(path, query, body, headers):
    if path != "/cgi-bin/webhook/send":
        raise Refusal(93000, "invalid webhook url")
    if query.get("key") != [ARGS.wecom_key]:
        raise Refusal(93000, "invalid webhook url, key=%s" % query.get("key"))
    message = parsed_json(body, 40035)
    if message.get("msgtype") != "markdown" or not isinstance(message.get("markdown"), dict):
        raise Refusal(40008, "invalid message type")
    content = message["markdown"].get("content")
    if not isinstance(content, str) or not content:
        raise Refusal(41009, "missing markdown.content")
    if len(content.encode("utf-8")) > 4096:
        raise Refusal(40058, "markdown.content exceed max length 4096")
    return {"errcode": 0, "errmsg": "ok"}


def check_dingtalk(path, query, body, headers):
    if path != "/robot/send" or query.get("access_token") != [ARGS.dingtalk_token]:
        raise Refusal(300001, "token is not exist")
    if len(body) > 20000:
        raise Refusal(460101, "description: body 大小不合法;solution:请保持大小在 20000bytes 以内;")
    if ARGS.dingtalk_secret:
        stamps, signs = query.get("timestamp"), query.get("sign")
        if not stamps or not signs:
            raise Refusal(310000, "sign not match, more: [sign or timestamp missing]")
        try:
            stamp = int(stamps[0])
        except ValueError:
            raise Refusal(310000, "sign not match, more: [timestamp not a number]")
        if abs(time.time() * 1000 - stamp) > HOUR_MS:
            raise Refusal(310000, "sign not match, more: [timestamp more than an hour off]")
        secret = ARGS.dingtalk_secret.encode()
        expected = b64_hmac(secret, ("%d\n" % stamp).encode() + secret)
        # parse_qs has decoded the value: an unencoded '+' or '/' has become something else.
        if not hmac.compare_digest(signs[0], expected):
            raise Refusal(310000, "sign not match")
    message = parsed_json(body, 40035)
    markdown = message.get("markdown")
    if message.get("msgtype") != "markdown" or not isinstance(markdown, dict):
        raise Refusal(40035, "msgtype or markdown missing")
    if not isinstance(markdown.get("title"), str) or not isinstance(markdown.get("text"), str):
        raise Refusal(40035, "markdown.title and markdown.text are required")
    if ARGS.dingtalk_keyword and ARGS.dingtalk_keyword not in markdown["text"]:
        raise Refusal(310000, "keywords not in content")
    return {"errcode": 0, "errmsg": "ok"}


def check_post(content):
    post = content.get("post") if isinstance(content, dict) else None
    if not isinstance(post, dict) or not post:
        raise Refusal(9499, "Bad Request: content.post missing")
    for language, value in post.items():
        if language not in ("zh_cn", "en_us", "ja_jp"):
            raise Refusal(9499, "Bad Request: unknown language %s" % language)
        if not isinstance(value.get("title"), str) or not isinstance(value.get("content"), list):
            raise Refusal(9499, "Bad Request: title and content required")
        for line in value["content"]:
            if not isinstance(line, list):
                raise Refusal(9499, "Bad Request: a line is not a list")
            for tag in line:
                if tag.get("tag") == "text" and isinstance(tag.get("text"), str):
                    continue
                if tag.get("tag") == "a" and isinstance(tag.get("text"), str) and \
                        isinstance(tag.get("href"), str):
                    continue
                raise Refusal(9499, "Bad Request: tag %r" % tag)


def check_feishu(path, query, body, headers):
    prefix = "/open-apis/bot/v2/hook/"
    if not path.startswith(prefix) or path[len(prefix):] != ARGS.feishu_token:
        raise Refusal(19001, "param invalid: incoming webhook access token invalid")
    if len(body) > 20 * 1024:
        raise Refusal(9499, "Bad Request: request body too large")
    message = parsed_json(body, 9499)
    if ARGS.feishu_secret:
        try:
            stamp = int(message.get("timestamp"))
        except (TypeError, ValueError):
            raise Refusal(19021, "sign match fail or timestamp is not within one hour from current time")
        key = ("%d\n%s" % (stamp, ARGS.feishu_secret)).encode()
        if abs(time.time() - stamp) > 3600 or \
                not hmac.compare_digest(str(message.get("sign")), b64_hmac(key, b"")):
            raise Refusal(19021, "sign match fail or timestamp is not within one hour from current time")
    if message.get("msg_type") != "post":
        raise Refusal(9499, "Bad Request: msg_type")
    check_post(message.get("content"))
    return {"code": 0, "msg": "success", "data": {}}


def check_json(path, query, body, headers):
    if ARGS.json_secret:
        expected = "sha256=" + hmac.new(ARGS.json_secret.encode(), body, hashlib.sha256).hexdigest()
        if not hmac.compare_digest(headers.get("X-Membersync-Signature-256", ""), expected):
            raise Refusal(401, "bad signature", status=401)
    message = parsed_json(body, 400)
    if message.get("format") != "membersync-report" or message.get("version") != 1:
        raise Refusal(400, "not a membersync report", status=400)
    return {"code": 0}


ROBOTS = [("/cgi-bin/webhook/", "wecom", check_wecom), ("/robot/", "dingtalk", check_dingtalk),
          ("/open-apis/bot/", "feishu", check_feishu), ("/json", "json", check_json)]


def scripted_failure(robot):
    hook = os.path.join(ARGS.folder, "fail-" + robot)
    try:
        os.replace(hook, hook + ".done")
    except FileNotFoundError:
        return None
    with open(hook + ".done", encoding="utf-8") as f:
        code, _, why = f.read().strip().partition(" ")
    return Refusal(int(code), why)


def answer_of(refusal, robot):
    if robot == "feishu":
        return {"code": refusal.code, "msg": refusal.why, "data": {}}
    if robot == "json":
        return {"code": refusal.code, "message": refusal.why}
    return {"errcode": refusal.code, "errmsg": refusal.why}


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive, as the client pools its connections

    def log_message(self, fmt, *args):
        sys.stderr.write("%s %s\n" % (self.address_string(), fmt % args))

    def do_POST(self):
        url = urllib.parse.urlsplit(self.path)
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        query = urllib.parse.parse_qs(url.query, keep_blank_values=True)
        robot, check = next(((name, c) for prefix, name, c in ROBOTS if url.path.startswith(prefix)),
                            ("unknown", None))
        status, code, why = 200, 0, ""
        try:
            if check is None:
                raise Refusal(404, "no robot here", status=404)
            failure = scripted_failure(robot)
            if failure:
                raise failure
            answer = check(url.path, query, body, self.headers)
        except Refusal as r:
            status, code, why, answer = r.status, r.code, r.why, answer_of(r, robot)
        self.record(robot, url, body, code, why)
        data = json.dumps(answer, ensure_ascii=False).encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", "application/json; charset=utf-8")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def record(self, robot, url, body, code, why):
        with LOCK:
            n = next(SEQUENCE)
        entry = {"robot": robot, "path": url.path, "query": url.query,
                 "headers": {k: v for k, v in self.headers.items()},
                 "body": body.decode("utf-8", errors="replace"), "code": code, "why": why}
        folder = os.path.join(ARGS.folder, "requests")
        temporary = os.path.join(ARGS.folder, "tmp-%06d.json" % n)
        with open(temporary, "w", encoding="utf-8") as f:
            json.dump(entry, f, ensure_ascii=False)
        os.replace(temporary, os.path.join(folder, "%06d.json" % n))  # whole when seen


def main():
    global ARGS
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--folder", required=True)
    p.add_argument("--port", type=int, default=0)
    p.add_argument("--cert")
    p.add_argument("--key")
    # The robots' keys and secrets, in a file rather than on a command line others can read:
    # a JSON object with wecom_key, dingtalk_token, dingtalk_secret, dingtalk_keyword,
    # feishu_token, feishu_secret and json_secret (each may be missing or empty).
    p.add_argument("--robots", required=True)
    ARGS = p.parse_args()
    with open(ARGS.robots, encoding="utf-8") as f:
        robots = json.load(f)
    for name in ("wecom_key", "dingtalk_token", "dingtalk_secret", "dingtalk_keyword",
                 "feishu_token", "feishu_secret", "json_secret"):
        setattr(ARGS, name, robots.get(name, ""))
    os.makedirs(os.path.join(ARGS.folder, "requests"), exist_ok=True)
    server = ThreadingHTTPServer(("127.0.0.1", ARGS.port), Handler)
    if ARGS.cert:
        context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        context.minimum_version = ssl.TLSVersion.TLSv1_2
        context.load_cert_chain(ARGS.cert, ARGS.key)
        server.socket = context.wrap_socket(server.socket, server_side=True)
    signal.signal(signal.SIGTERM, lambda *_: threading.Thread(target=server.shutdown).start())
    print(server.server_address[1], flush=True)
    server.serve_forever()
    return 0


if __name__ == "__main__":
    sys.exit(main())
