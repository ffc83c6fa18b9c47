#!/usr/bin/python3
"""The console in a real browser (headless Chromium driven by Selenium).

An administrator's morning, end to end, with the real binaries over real sockets: the emulator
holds the member center; `membersync sync` adds the example staff; HR renames three people, and
the edit guard holds the renames back; `membersync console-user add` creates an approver; the
console is started; the browser signs in, finds 张伟 by name, opens the run whose renames were
held and approves it. The test then runs `membersync sync` itself and sees the renames in the
member center. A screenshot of each page is written to --screenshots (never compared).

With --chinese the same morning is read in Chinese (issue 31): Chromium asks for zh-CN
(`intl.accept_languages`), and every heading, button and notice it reads is Chinese, with no
English prose word of the pages; at the end the language link switches the console to English.

Exit 0 when every step holds; 1 with the step that failed otherwise.
"""

import argparse
import json
import os
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as ec
from selenium.webdriver.support.ui import WebDriverWait

# Who HR renames: account -> the new name.
RENAMES = {"zhangwei": "张伟明", "lina": "李娜娜", "wangfang": "王芳芳"}
WAIT_S = 60  # the bound on every wait for an event; a test that waits longer has failed


class Failure(Exception):
    pass


def check(condition, what):
    if not condition:
        raise Failure(what)


def wait_for(predicate, what, process=None):
    """Polls `predicate` until it holds (an event, not a time), bounded by WAIT_S."""
    deadline = time.monotonic() + WAIT_S
    while time.monotonic() < deadline:
        if predicate():
            return
        if process is not None and process.poll() is not None:
            raise Failure(f"{what}: the process ended with {process.returncode}")
        time.sleep(0.05)
    raise Failure(f"{what}: not within {WAIT_S} s")


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def port_open(port):
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1):
            return True
    except OSError:
        return False


class Setup:
    def __init__(self, args, work):
        self.args = args
        self.work = work
        self.config = os.path.join(work, "membersync.ini")

    def membersync(self, *verb, stdin=None):
        return subprocess.run([self.args.membersync, "--config", self.config, *verb],
                              input=stdin, capture_output=True, text=True, timeout=WAIT_S)

    def start_emulator(self):
        port_file = os.path.join(self.work, "emulator.port")
        self.emulator = subprocess.Popen(
            [self.args.emulator, "--listen", "127.0.0.1:0", "--port-file", port_file,
             "--fixture", self.args.fixture],
            stdout=subprocess.DEVNULL, stderr=open(os.path.join(self.work, "emulator.log"), "w"))
        wait_for(lambda: os.path.exists(port_file) and os.path.getsize(port_file) > 0,
                 "the emulator starts", self.emulator)
        with open(port_file) as f:
            self.emulator_port = int(f.read().strip())

    def write_config(self, console_port):
        shutil.copytree(self.args.examples, self.work, dirs_exist_ok=True)
        with open(self.config) as f:
            text = f.read()
        text = text.replace("http://127.0.0.1:8700", f"http://127.0.0.1:{self.emulator_port}")
        text += (f"\n[console]\nlisten = 127.0.0.1:{console_port}\n"
                 f"users_file = {self.work}/console-users\n")
        with open(self.config, "w") as f:
            f.write(text)

    def tighten_edit_guard(self):
        """After the first sync (whose adoptions edit names too): three renames are then more
        edits than the guard lets through without a person."""
        with open(self.config) as f:
            text = f.read()
        text = text.replace("max_edits = 200", "max_edits = 2").replace("edit_floor = 20",
                                                                        "edit_floor = 0")
        with open(self.config, "w") as f:
            f.write(text)

    def rename_in_hr(self):
        path = os.path.join(self.work, "hr-export.csv")
        with open(path, encoding="utf-8") as f:
            lines = f.read().splitlines()
        for i, line in enumerate(lines):
            cells = line.split(",")
            if len(cells) > 2 and cells[1] in RENAMES:
                cells[2] = RENAMES[cells[1]]
                lines[i] = ",".join(cells)
        with open(path, "w", encoding="utf-8") as f:
            f.write("\n".join(lines) + "\n")

    def center_names(self):
        url = f"http://127.0.0.1:{self.emulator_port}/_emulator/state"
        with urllib.request.urlopen(url, timeout=WAIT_S) as answer:
            state = json.load(answer)
        return {m["userName"].split("@")[0]: m["name"]
                for m in state["members"] if not m["deleted"]}


def held_run(setup):
    """Syncs the renames; the edit guard holds them (exit 4). Returns the run's number."""
    setup.rename_in_hr()
    result = setup.membersync("sync")
    check(result.returncode == 4, f"the renaming sync exits 4 (held), not {result.returncode}:"
          f"\n{result.stdout[-1500:]}{result.stderr[-1500:]}")
    status = json.loads(setup.membersync("status", "--format", "json").stdout)
    return status["runs"][0]["id"]


def browser(screenshots, chinese=False):
    options = Options()
    options.binary_location = "/usr/bin/chromium"
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage",
                 "--window-size=1280,1000", "--lang=zh-CN"):
        options.add_argument(flag)
    if chinese:
        # Headless Chromium sends Accept-Language from this preference, not from --lang.
        options.add_experimental_option("prefs", {"intl.accept_languages": "zh-CN"})
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    driver.implicitly_wait(0)
    os.makedirs(screenshots, exist_ok=True)
    return driver


def shoot(driver, screenshots, name):
    driver.save_screenshot(os.path.join(screenshots, f"console-{name}.png"))


def morning(driver, base, setup, run, password, screenshots):
    # A page replaced while a condition reads it leaves stale elements: read again.
    wait = WebDriverWait(driver, WAIT_S, ignored_exceptions=(StaleElementReferenceException,))
    driver.get(base + "/")
    wait.until(ec.presence_of_element_located((By.ID, "sign-in")))
    check("/login" in driver.current_url, f"a page without a session goes to /login, "
          f"not {driver.current_url}")
    shoot(driver, screenshots, "login")
    driver.find_element(By.ID, "name").send_keys("wang.admin")
    driver.find_element(By.ID, "password").send_keys(password)
    driver.find_element(By.ID, "sign-in").click()
    wait.until(ec.presence_of_element_located((By.ID, "sign-out")))
    cookie = driver.get_cookie("msid")
    check(cookie is not None and cookie["httpOnly"] and cookie.get("sameSite") == "Strict",
          f"the session cookie is HttpOnly and SameSite=Strict: {cookie}")
    home = driver.find_element(By.TAG_NAME, "body").text
    check("Licence pools" in home and "cad-seat" in home, "the home page shows the pools")
    shoot(driver, screenshots, "home")

    driver.get(base + "/people")
    wait.until(ec.presence_of_element_located((By.ID, "q"))).send_keys("张伟")
    driver.find_element(By.ID, "search").click()
    wait.until(ec.presence_of_element_located((By.LINK_TEXT, "zhangwei")))
    shoot(driver, screenshots, "people")
    driver.find_element(By.LINK_TEXT, "zhangwei").click()
    # The new page's own heading: the old page's elements go stale while it loads.
    wait.until(ec.text_to_be_present_in_element((By.TAG_NAME, "h1"), "张伟"))
    check("/people/zhangwei" in driver.current_url, f"the person's page: {driver.current_url}")
    shoot(driver, screenshots, "person")

    for page in ("runs", "pools", "passwords"):
        driver.get(f"{base}/{page}")
        wait.until(ec.presence_of_element_located((By.ID, "sign-out")))
        shoot(driver, screenshots, page)

    driver.get(f"{base}/runs/{run}")
    approve = wait.until(ec.element_to_be_clickable((By.ID, "approve")))
    body = driver.find_element(By.TAG_NAME, "body").text
    check("张伟明" in body, "the held run's page shows the rename to 张伟明")
    shoot(driver, screenshots, "run-held")
    approve.click()
    wait.until(ec.text_to_be_present_in_element((By.ID, "notice"), "eleased"))
    shoot(driver, screenshots, "run-approved")


# Words of the console's English pages that a Chinese page must not show. (Held reasons and run
# counts come from the planner and the reports, which speak Chinese in their own change.)
ENGLISH_PROSE = ("Sign in", "Sign out", "What needs a person", "Last runs", "Licence pools",
                 "Held back by a safety guard", "Item by item", "Approve", "Undo",
                 "Revert stays on the command line", "Every run",
                 # The state's words: what is held, the counts, a run's kind.
                 "held edit", "held by a guard", "sync, started", "edit:E")


def check_chinese(driver, page, *words):
    body = driver.find_element(By.TAG_NAME, "body").text
    lang = driver.find_element(By.TAG_NAME, "html").get_attribute("lang")
    check(lang == "zh-CN", f"the {page} page is <html lang=zh-CN>, not {lang}")
    for word in words:
        check(word in body, f"the {page} page shows {word}:\n{body[:1500]}")
    for word in ENGLISH_PROSE:
        check(word not in body, f"the {page} page shows no English {word!r}:\n{body[:1500]}")


def chinese_morning(driver, base, run, password, screenshots):
    """Signs in, reads the home page and the held run, approves it, all in Chinese; then
    switches to English with the language link."""
    wait = WebDriverWait(driver, WAIT_S, ignored_exceptions=(StaleElementReferenceException,))
    driver.get(base + "/")
    sign_in = wait.until(ec.presence_of_element_located((By.ID, "sign-in")))
    check(sign_in.text == "登录", f"the sign-in button says 登录, not {sign_in.text}")
    check_chinese(driver, "sign-in", "姓名", "密码")
    shoot(driver, screenshots, "zh-login")
    driver.find_element(By.ID, "name").send_keys("wang.admin")
    driver.find_element(By.ID, "password").send_keys(password)
    sign_in.click()
    wait.until(ec.presence_of_element_located((By.ID, "sign-out")))
    check_chinese(driver, "home", "需要人工处理的事项", "最近的运行", "资产池", "退出登录", "cad-seat",
                  "待确认：修改", "3 项待确认", "同步")
    shoot(driver, screenshots, "zh-home")

    driver.get(f"{base}/runs/{run}")
    approve = wait.until(ec.element_to_be_clickable((By.ID, "approve")))
    check(approve.text == "批准", f"the Approve button says 批准, not {approve.text}")
    check_chinese(driver, "run", f"第 {run} 次运行", "安全阈值拦下的待确认更改", "逐项明细", "张伟明",
                  "撤销只能在命令行进行", "同步，开始于", "修改：E1001@")
    shoot(driver, screenshots, "zh-run-held")
    approve.click()
    wait.until(ec.text_to_be_present_in_element((By.ID, "notice"), "已放行"))
    check_chinese(driver, "approved run", "已放行 3 项待确认的更改", "批准记录")
    shoot(driver, screenshots, "zh-run-approved")

    driver.find_element(By.ID, "language-en").click()
    wait.until(ec.text_to_be_present_in_element((By.TAG_NAME, "h1"), f"Run {run}"))
    body = driver.find_element(By.TAG_NAME, "body").text
    check("Held back by a safety guard" in body and "Item by item" in body,
          f"after the language link the run page is English:\n{body[:1500]}")
    check(f"/runs/{run}" in driver.current_url, f"the link came back to the run page: "
          f"{driver.current_url}")
    cookie = driver.get_cookie("lang")
    check(cookie is not None and cookie["value"] == "en" and cookie.get("sameSite") == "Strict",
          f"the language choice is kept in a SameSite=Strict cookie: {cookie}")
    shoot(driver, screenshots, "zh-switched-to-english")


def phone(driver, base, screenshots):
    """The same session on a phone-sized window: the home page, for docs/console.md."""
    driver.set_window_size(390, 844)
    driver.get(base + "/")
    WebDriverWait(driver, WAIT_S).until(ec.presence_of_element_located((By.ID, "sign-out")))
    shoot(driver, screenshots, "phone-home")


def run(args):
    work = tempfile.mkdtemp(prefix="membersync-browser-")
    setup = Setup(args, work)
    console = driver = None
    try:
        setup.start_emulator()
        console_port = free_port()
        setup.write_config(console_port)
        first = setup.membersync("sync")
        check(first.returncode == 0, f"the first sync exits 0, not {first.returncode}:\n"
              f"{first.stdout[-1500:]}{first.stderr[-1500:]}")
        setup.tighten_edit_guard()
        run_number = held_run(setup)
        check(setup.center_names()["zhangwei"] == "张伟", "the held rename did not go out")

        password = secrets.token_urlsafe(18)
        added = setup.membersync("console-user", "add", "wang.admin", "--role", "approver",
                                 stdin=password + "\n")
        check(added.returncode == 0, f"console-user add exits 0: {added.stderr}")
        console = subprocess.Popen(
            [args.membersync, "--config", setup.config, "console"],
            stdout=open(os.path.join(work, "console.out"), "w"),
            stderr=open(os.path.join(work, "console.err"), "w"))
        wait_for(lambda: port_open(console_port), "the console listens", console)

        base = f"http://127.0.0.1:{console_port}"
        driver = browser(args.screenshots, args.chinese)
        if args.chinese:
            chinese_morning(driver, base, run_number, password, args.screenshots)
        else:
            morning(driver, base, setup, run_number, password, args.screenshots)
            phone(driver, base, args.screenshots)

        after = setup.membersync("sync")
        check(after.returncode == 0, f"the sync after the approval exits 0, not "
              f"{after.returncode}:\n{after.stdout[-1500:]}{after.stderr[-1500:]}")
        names = setup.center_names()
        for account, name in RENAMES.items():
            check(names.get(account) == name, f"{account} is renamed to {name} in the center: "
                  f"{names.get(account)}")
        with open(os.path.join(work, "console.err")) as f:
            check(password not in f.read(), "the console's log holds no password")
        what = ("in Chinese, approved run" if args.chinese else "found 张伟, approved run")
        print(f"browser test: signed in, {what} {run_number}; the next sync "
              f"renamed {len(RENAMES)} members; screenshots in {args.screenshots}")
        return 0
    except (Failure, WebDriverException) as failure:
        print(f"browser test FAILED: {failure}", file=sys.stderr)
        if driver is not None:
            print(f"--- the browser was at {driver.current_url}:\n"
                  f"{driver.find_element(By.TAG_NAME, 'body').text[:2000]}", file=sys.stderr)
        for log in ("console.err", "emulator.log"):
            path = os.path.join(work, log)
            if os.path.exists(path):
                with open(path) as f:
                    print(f"--- {log}\n{f.read()[-3000:]}", file=sys.stderr)
        return 1
    finally:
        if driver is not None:
            driver.quit()
        for process in (console, getattr(setup, "emulator", None)):
            if process is not None:
                process.terminate()
                process.wait(timeout=WAIT_S)
        shutil.rmtree(work, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--membersync", required=True)
    parser.add_argument("--emulator", required=True)
    parser.add_argument("--fixture", required=True)
    parser.add_argument("--examples", required=True, help="config/examples")
    parser.add_argument("--screenshots", required=True, help="where the PNGs go")
    parser.add_argument("--chinese", action="store_true",
                        help="the browser asks for zh-CN: every page must be Chinese")
    sys.exit(run(parser.parse_args()))


if __name__ == "__main__":
    main()
